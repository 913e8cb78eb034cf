-- Files like a drive (issue #39, item 10): share links that can be listed and revoked, and who
-- uploaded or last changed a file in a shared folder.
--
-- Share links. A storage signed URL cannot be revoked (it is a JWT checked only for its signature
-- and expiry), so a share link is a row here, named by its random id, and the `file-share`
-- function (public: no key needed) answers `GET /functions/v1/file-share/<id>` by checking the
-- row (not revoked, not expired), that the file is still there and out of the trash, and that
-- the person who made the link may still read it, and only then gives the file's bytes itself
-- (read through a signed URL it keeps to itself). Revoking a link stops it at once, for every
-- request after it: no storage address ever left the function. The row names the object by its id, which a move
-- keeps (storage-api updates the row), so a link follows its file when it is renamed or moved,
-- and goes with it when the file is deleted.

create table public.file_shares (
  id uuid primary key default gen_random_uuid(),
  bucket_id text not null check (bucket_id = 'files'),
  object_id uuid not null references storage.objects (id) on delete cascade,
  created_by uuid not null default auth.uid() references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  -- null: until revoked.
  expires_at timestamptz,
  revoked_at timestamptz,
  revoked_by uuid references auth.users (id) on delete set null,
  check (expires_at is null or expires_at > created_at)
);
create index file_shares_object on public.file_shares (object_id);
create index file_shares_created_by on public.file_shares (created_by);

-- Whether the caller may change the object with this id: their own folder, or a project they own
-- or edit (the update policies of 20250104000000_files_buckets.sql). Such people manage every
-- share link of the file, as on a shared drive; others see and revoke only their own links.
create function public.files_may_change(p_object_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from storage.objects o
    where o.id = p_object_id and o.bucket_id = 'files'
      and ((storage.foldername(o.name))[1] = (select auth.uid())::text
           or public.project_role(public.files_project_id(o.name)) in ('owner', 'editor'))
  )
$$;
revoke execute on function public.files_may_change(uuid) from public, anon;
grant execute on function public.files_may_change(uuid) to authenticated, service_role;

alter table public.file_shares enable row level security;

-- As every table (20250113000000_second_factor_required.sql): once a person has a verified second
-- factor, only their aal2 sessions see or make links.
create policy "second factor: aal2 once a factor is verified" on public.file_shares
  as restrictive for all to authenticated
  using ((select private.second_factor_satisfied())) with check ((select private.second_factor_satisfied()));

create policy "file shares: their maker and the file's editors see them" on public.file_shares
  for select to authenticated
  using (created_by = (select auth.uid()) or public.files_may_change(object_id));

-- Anyone who may read a file may share it (storage would sign them a URL anyway); the object is
-- looked up as the caller, so storage's own select policies decide.
create policy "file shares: people share files they may read" on public.file_shares
  for insert to authenticated
  with check (
    created_by = (select auth.uid())
    and revoked_at is null
    and exists (select 1 from storage.objects o
                where o.id = object_id and o.bucket_id = file_shares.bucket_id)
  );

create policy "file shares: their maker and the file's editors revoke them" on public.file_shares
  for update to authenticated
  using (created_by = (select auth.uid()) or public.files_may_change(object_id))
  with check (created_by = (select auth.uid()) or public.files_may_change(object_id));

-- A link is revoked once, by the person revoking it, now; nothing else of it changes.
revoke update on public.file_shares from anon, authenticated;
grant select, insert on public.file_shares to authenticated;
grant update (revoked_at) on public.file_shares to authenticated;
grant all on public.file_shares to service_role;

create function public.file_shares_revoke_once() returns trigger
language plpgsql set search_path = '' as $$
begin
  if old.revoked_at is not null then
    raise exception 'This link was already revoked.' using errcode = '22023';
  end if;
  if new.revoked_at is null then
    return old;
  end if;
  new.revoked_at := now();
  new.revoked_by := (select auth.uid());
  return new;
end
$$;
create trigger file_shares_revoke_once
  before update on public.file_shares
  for each row execute function public.file_shares_revoke_once();

-- What the `file-share` function needs to answer a link, for the service role only: the link's
-- state and where its file is now.
create function public.file_share_target(p_share uuid)
returns table (
  bucket_id text, object_name text, expires_at timestamptz, revoked_at timestamptz,
  maker_may_read boolean, in_trash boolean
)
language sql stable security definer set search_path = '' as $$
  select s.bucket_id, o.name, s.expires_at, s.revoked_at,
         public.files_readable_by(s.created_by, o.bucket_id, o.name),
         public.files_in_trash(o.name)
  from public.file_shares s
  join storage.objects o on o.id = s.object_id
  where s.id = p_share
$$;
revoke execute on function public.file_share_target(uuid) from public, anon, authenticated;
grant execute on function public.file_share_target(uuid) to service_role;

-- Who uploaded or last changed each of `p_names` in `p_bucket` (storage records the last writer
-- of an object, upload or move, in `owner_id`), with their display name where the caller may
-- read their profile (themselves and the people they share a project with). Security invoker:
-- storage's and profiles' own row level security decide what comes back.
create function public.files_object_authors(p_bucket text, p_names text[])
returns table (name text, author_id uuid, display_name text, updated_at timestamptz)
language sql stable security invoker set search_path = '' as $$
  select o.name, a.id, p.display_name, o.updated_at
  from storage.objects o
  cross join lateral (select nullif(coalesce(o.owner_id, o.owner::text), '')::uuid as id) a
  left join public.profiles p on p.id = a.id
  where o.bucket_id = p_bucket and o.name = any (p_names[1:1000])
$$;
revoke execute on function public.files_object_authors(text, text[]) from public, anon;
grant execute on function public.files_object_authors(text, text[]) to authenticated, service_role;

-- A share link to the object named `p_name` of `p_bucket`, made by the caller (security invoker:
-- the insert policy above decides, with the object looked up under storage's own policies).
create function public.create_file_share(p_bucket text, p_name text, p_expires_at timestamptz default null)
returns public.file_shares
language plpgsql security invoker set search_path = '' as $$
declare
  object_id uuid;
  made public.file_shares;
begin
  select o.id into object_id from storage.objects o where o.bucket_id = p_bucket and o.name = p_name;
  if object_id is null then
    raise exception 'There is no file “%” that you may read.', p_name using errcode = '42501';
  end if;
  insert into public.file_shares (bucket_id, object_id, expires_at)
  values (p_bucket, object_id, p_expires_at)
  returning * into made;
  return made;
end
$$;
revoke execute on function public.create_file_share(text, text, timestamptz) from public, anon;
grant execute on function public.create_file_share(text, text, timestamptz) to authenticated, service_role;

-- The share links of one file that the caller may see (theirs; all of them where they may change
-- the file), newest first, with who made and who revoked each, by display name where the caller
-- may read that profile.
create function public.list_file_shares(p_bucket text, p_name text)
returns table (
  id uuid, created_by uuid, created_by_name text, created_at timestamptz, expires_at timestamptz,
  revoked_at timestamptz, revoked_by uuid, revoked_by_name text
)
language sql stable security invoker set search_path = '' as $$
  select s.id, s.created_by, maker.display_name, s.created_at, s.expires_at, s.revoked_at,
         s.revoked_by, revoker.display_name
  from storage.objects o
  join public.file_shares s on s.object_id = o.id
  left join public.profiles maker on maker.id = s.created_by
  left join public.profiles revoker on revoker.id = s.revoked_by
  where o.bucket_id = p_bucket and o.name = p_name
  order by s.created_at desc
$$;
revoke execute on function public.list_file_shares(text, text) from public, anon;
grant execute on function public.list_file_shares(text, text) to authenticated, service_role;

-- The Trash. The files remote deletes by moving a file into its area's `.trash/` folder
-- (remotes/files/README.md says how), so it keeps its area's policies: only its owner reads their
-- own trash. In a project, though, every member reads the project's files, and a deleted file is
-- no longer theirs to read: only the people who may delete there (owners and editors, who may
-- restore it or delete it for good) see the project's trash. A restrictive policy, so it narrows
-- "project members read the project's files" (20250104000000_files_buckets.sql) and nothing else;
-- the update and delete policies already leave viewers out.
create policy "files: a project's trash is for the people who may delete there"
  on storage.objects as restrictive for select to authenticated
  using (
    bucket_id <> 'files'
    or public.files_project_id(name) is null
    or not public.files_in_trash(name)
    or public.project_role(public.files_project_id(name)) in ('owner', 'editor')
  );
