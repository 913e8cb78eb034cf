-- Document search, third part: a document taken from a stored file follows that file, whoever
-- changes it and through whatever client (issue #39, item 5).
--   * deleted              → the document is marked `deleted` and no longer searched;
--   * moved or renamed     → its path follows (`trashed` while the file is in a Trash folder,
--                            `present` again once restored); moved where the document's owner
--                            may not read it, it is marked `out_of_reach` and keeps the old path
--                            (the new name is not theirs to learn);
--   * its content replaced → `source_changed_at` says when, so the page offers to re-index.
-- Storage writes these as plain row changes of storage.objects (storage-api: a delete deletes
-- the row, a move updates `bucket_id`/`name` of the same row, an upload over a name updates it
-- with a new `version`), so triggers there see every client's change. Supabase keeps creating
-- triggers on storage.objects allowed on hosted projects (the April 2025 restrictions on the
-- storage schema list them among what stays permitted); the trigger's function lives in public.

alter table public.search_documents
  add column source_status text not null default 'present'
    check (source_status in ('present', 'trashed', 'deleted', 'out_of_reach')),
  add column source_changed_at timestamptz;

-- Whether `p_user` may read object `p_name` of bucket `p_bucket`: the select policies of
-- 20250104000000_files_buckets.sql (own folder, a project they own or are a member of, the public
-- assets) for someone other than the caller. Used only to decide whether a document may follow
-- its file; the policies themselves stay the rule for every read.
create function public.files_readable_by(p_user uuid, p_bucket text, p_name text) returns boolean
language sql stable security definer set search_path = '' as $$
  select case
    when p_bucket = 'public-assets' then true
    when p_bucket <> 'files' or p_user is null then false
    when (storage.foldername(p_name))[1] = p_user::text then true
    else exists (select 1 from public.projects p
                 where p.id = public.files_project_id(p_name) and p.owner_id = p_user)
      or exists (select 1 from public.project_members m
                 where m.project_id = public.files_project_id(p_name) and m.user_id = p_user)
  end
$$;
revoke execute on function public.files_readable_by(uuid, text, text) from public, anon, authenticated;
grant execute on function public.files_readable_by(uuid, text, text) to service_role;

-- Whether an object name lies in an area's Trash: `<user id>/.trash/…` or
-- `projects/<id>/.trash/…` (the files remote moves deleted files there; see its README).
create function public.files_in_trash(p_name text) returns boolean
language sql immutable set search_path = '' as $$
  select p_name ~ '^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|projects/[0-9]{1,18})/\.trash/'
$$;
grant execute on function public.files_in_trash(text) to authenticated, service_role;

create function public.search_documents_follow_storage() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'DELETE' then
    update public.search_documents
       set source_status = 'deleted'
     where storage_bucket = old.bucket_id and storage_path = old.name
       and source_status <> 'deleted';
    return null;
  end if;
  if new.bucket_id is distinct from old.bucket_id or new.name is distinct from old.name then
    update public.search_documents d
       set storage_bucket = new.bucket_id,
           storage_path = new.name,
           source_status = case when public.files_in_trash(new.name) then 'trashed' else 'present' end
     where d.storage_bucket = old.bucket_id and d.storage_path = old.name
       and d.source_status in ('present', 'trashed')
       and public.files_readable_by(d.owner_id, new.bucket_id, new.name);
    update public.search_documents d
       set source_status = 'out_of_reach'
     where d.storage_bucket = old.bucket_id and d.storage_path = old.name
       and d.source_status in ('present', 'trashed');
  elsif new.version is distinct from old.version
     or (new.metadata ->> 'eTag') is distinct from (old.metadata ->> 'eTag') then
    update public.search_documents
       set source_changed_at = now()
     where storage_bucket = new.bucket_id and storage_path = new.name
       and source_changed_at is null;
  end if;
  return null;
end
$$;
revoke execute on function public.search_documents_follow_storage() from public, anon, authenticated;

create trigger search_documents_follow_storage
  after update or delete on storage.objects
  for each row execute function public.search_documents_follow_storage();

-- A document names a stored file only if its owner may read that file when it is added (the
-- caller's own row level security decides, as this runs as the caller): without this, anyone
-- could name another person's path and learn from the document where that file went.
create function public.search_documents_check_source() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.storage_path is not null and not exists (
    select 1 from storage.objects o
    where o.bucket_id = new.storage_bucket and o.name = new.storage_path
  ) then
    raise exception 'There is no file “%” in your storage that you may read.', new.storage_path
      using errcode = '42501';
  end if;
  new.source_status := case when public.files_in_trash(coalesce(new.storage_path, ''))
                            then 'trashed' else 'present' end;
  new.source_changed_at := null;
  return new;
end
$$;
create trigger search_documents_check_source
  before insert on public.search_documents
  for each row execute function public.search_documents_check_source();

-- Where a document's file went is the trigger's to say: clients update only the index state
-- (the documents function marks a document ready, and the model it was embedded with).
revoke update on public.search_documents from anon, authenticated;
grant update (status, model, indexed_at) on public.search_documents to authenticated;

-- The full-text half of search, as 20250113000000_second_factor_required.sql left it (the second
-- factor checked first: a security definer function is past every policy), now leaving out
-- documents whose file was deleted, is in the trash or moved out of reach.
create or replace function public.search_passages_fulltext(
  p_query text,
  p_limit integer,
  p_sources text[] default null,
  p_from timestamptz default null,
  p_to timestamptz default null
) returns table (
  document_id uuid, passage_index integer, rank real, title text, source text,
  created_at timestamptz, heading text, content text, page_first integer, page_last integer
)
language plpgsql stable security definer set search_path = '' as $$
declare
  -- Any word of the query may match: the words are joined with "or".
  tsq tsquery := websearch_to_tsquery('english', array_to_string(regexp_split_to_array(
    btrim(regexp_replace(p_query, '[^[:alnum:]]+', ' ', 'g')), ' '), ' or '));
  caller uuid := (select auth.uid());
begin
  if caller is null then
    return;
  end if;
  perform private.require_second_factor();
  return query
  with matches as materialized (
    select p.document_id, p.passage_index, ts_rank_cd(p.fts, tsq) as rank, p.heading, p.content,
           p.page_first, p.page_last
    from public.search_passages p
    where p.fts @@ tsq and p.owner_id = caller
  )
  select m.document_id, m.passage_index, m.rank, d.title, d.source, d.created_at, m.heading,
         m.content, m.page_first, m.page_last
  from matches m
  join public.search_documents d on d.id = m.document_id
  where d.owner_id = caller
    and d.status = 'ready'
    and d.source_status = 'present'
    and (p_sources is null or d.source = any (p_sources))
    and (p_from is null or d.created_at >= p_from)
    and (p_to is null or d.created_at < p_to)
  order by m.rank desc, m.document_id, m.passage_index
  limit least(greatest(p_limit, 1), 200);
end
$$;
