-- The `storage` schema, shaped like Supabase's (storage.buckets, storage.objects with owner,
-- owner_id, metadata, path_tokens; storage.foldername/filename/extension) so the storage
-- policies projects write for Supabase run unchanged. Idempotent: runs at every start.
-- As on Supabase, RLS is on and there are no policies: only service_role (bypassrls) can do
-- anything until a project adds its own policies.
create schema if not exists storage;

create table if not exists storage.buckets (
  id text primary key,
  name text not null,
  owner uuid,
  owner_id text,
  public boolean not null default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  type text not null default 'STANDARD',
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);
create unique index if not exists bname on storage.buckets (name);

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  user_metadata jsonb
);
create unique index if not exists bucketid_objname on storage.objects (bucket_id, name);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);

create index if not exists objects_version_idx on storage.objects (version);

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

-- Object bytes when the emulator keeps them in the database (PORTAL_STORAGE_BACKEND=database)
-- instead of files: one row per object version, reachable only by service_role.
create table if not exists storage.object_blobs (
  version text primary key,
  data bytea not null,
  created_at timestamptz not null default now()
);
alter table storage.object_blobs enable row level security;
revoke all on storage.object_blobs from anon, authenticated;
grant all on storage.object_blobs to postgres, service_role;

-- Writes the bytes of an upload inside the uploader's own transaction (whatever their role):
-- only for a version an object row carries, and only once.
create or replace function storage.put_object_blob(p_version text, p_data bytea) returns void
language plpgsql security definer set search_path = '' as $$
begin
  if not exists (select 1 from storage.objects where version = p_version) then
    raise exception 'no object carries version %', p_version using errcode = '22023';
  end if;
  insert into storage.object_blobs (version, data) values (p_version, p_data);
end
$$;

-- Helpers used in storage policies, e.g.
--   (storage.foldername(name))[1] = auth.uid()::text
create or replace function storage.foldername(name text) returns text[]
language plpgsql immutable as $$
declare
  _parts text[];
begin
  _parts := string_to_array(name, '/');
  return _parts[1:array_length(_parts, 1) - 1];
end
$$;

create or replace function storage.filename(name text) returns text
language plpgsql immutable as $$
declare
  _parts text[];
begin
  _parts := string_to_array(name, '/');
  return _parts[array_length(_parts, 1)];
end
$$;

create or replace function storage.extension(name text) returns text
language plpgsql immutable as $$
declare
  _parts text[];
  _filename text;
begin
  _parts := string_to_array(name, '/');
  _filename := _parts[array_length(_parts, 1)];
  return reverse(split_part(reverse(_filename), '.', 1));
end
$$;

-- Total bytes per bucket, as Supabase offers it.
create or replace function storage.get_size_by_bucket() returns table (size bigint, bucket_id text)
language sql stable as $$
  select sum((metadata ->> 'size')::bigint)::bigint as size, bucket_id
  from storage.objects
  group by bucket_id
$$;

grant usage on schema storage to postgres, anon, authenticated, service_role;
grant all on storage.buckets, storage.objects to postgres, anon, authenticated, service_role;
grant execute on all functions in schema storage to postgres, anon, authenticated, service_role;
