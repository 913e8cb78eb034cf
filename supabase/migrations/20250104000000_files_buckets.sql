-- People's files: a private `files` bucket where each person keeps their own folder
-- (`<user id>/…`) and each project has a shared area (`projects/<project id>/…`) that its members
-- read and its owner and editors write; and a public `public-assets` bucket that anyone reads
-- and only the service role writes. Written for Supabase; runs unchanged on hosted projects
-- and on the portal emulator.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'files', 'files', false, 52428800,
  array['image/*', 'video/*', 'audio/*', 'text/*', 'application/pdf', 'application/json', 'application/zip']
)
on conflict (id) do nothing;

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'public-assets', 'public-assets', true, 10485760,
  array['image/*', 'text/*', 'application/pdf', 'application/json']
)
on conflict (id) do nothing;

-- The files remote shows a bucket's limits before anything is sent, so signed-in people may
-- read these two bucket rows (storage.buckets has row level security; nothing else is shown).
create policy "files buckets: signed-in people read their limits"
  on storage.buckets for select
  to authenticated
  using (id in ('files', 'public-assets'));

-- The project an object of the `files` bucket belongs to: `projects/<id>/…` → id, else null.
-- The second folder is checked to be a plain number before the cast, so a name such as
-- `projects/abc/x` is simply no project instead of an error that would abort the request.
create function public.files_project_id(object_name text) returns bigint
language sql immutable set search_path = '' as $$
  select case
    when (storage.foldername(object_name))[1] = 'projects'
         and (storage.foldername(object_name))[2] ~ '^[0-9]{1,18}$'
      then ((storage.foldername(object_name))[2])::bigint
  end
$$;
grant execute on function public.files_project_id(text) to authenticated, service_role;

-- Own folder: everything under `<user id>/`.
create policy "files: people read their own folder"
  on storage.objects for select
  to authenticated
  using (bucket_id = 'files' and (storage.foldername(name))[1] = (select auth.uid()::text));

create policy "files: people upload into their own folder"
  on storage.objects for insert
  to authenticated
  with check (bucket_id = 'files' and (storage.foldername(name))[1] = (select auth.uid()::text));

create policy "files: people change files in their own folder"
  on storage.objects for update
  to authenticated
  using (bucket_id = 'files' and (storage.foldername(name))[1] = (select auth.uid()::text))
  with check (bucket_id = 'files' and (storage.foldername(name))[1] = (select auth.uid()::text));

create policy "files: people delete from their own folder"
  on storage.objects for delete
  to authenticated
  using (bucket_id = 'files' and (storage.foldername(name))[1] = (select auth.uid()::text));

-- Project areas: members read; owners and editors write (public.project_role is the same
-- helper the projects and tasks tables use, so sharing a project shares its files).
create policy "files: project members read the project's files"
  on storage.objects for select
  to authenticated
  using (bucket_id = 'files' and public.project_role(public.files_project_id(name)) is not null);

create policy "files: project owners and editors upload"
  on storage.objects for insert
  to authenticated
  with check (bucket_id = 'files' and public.project_role(public.files_project_id(name)) in ('owner', 'editor'));

create policy "files: project owners and editors change files"
  on storage.objects for update
  to authenticated
  using (bucket_id = 'files' and public.project_role(public.files_project_id(name)) in ('owner', 'editor'))
  with check (bucket_id = 'files' and public.project_role(public.files_project_id(name)) in ('owner', 'editor'));

create policy "files: project owners and editors delete"
  on storage.objects for delete
  to authenticated
  using (bucket_id = 'files' and public.project_role(public.files_project_id(name)) in ('owner', 'editor'));

-- Public assets: anyone reads (the bucket is public, so its /object/public/ addresses need no
-- policy; this one lets anon and signed-in clients list it too). No insert, update or delete
-- policy: only the service role, which bypasses row level security, writes here.
create policy "public-assets: anyone reads"
  on storage.objects for select
  to anon, authenticated
  using (bucket_id = 'public-assets');
