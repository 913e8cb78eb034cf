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

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

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
