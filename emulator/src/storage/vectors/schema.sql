-- Vector buckets (docs/compatibility.md#vector-buckets), named as storage-api names them
-- (storage.buckets_vectors, storage.vector_indexes); the vectors themselves live in
-- storage.vector_data, one table for every index, with pgvector's `vector` type. Only
-- service_role may touch them, as on Supabase. Idempotent: runs at every start.
create schema if not exists storage;

create table if not exists storage.buckets_vectors (
  id text primary key,
  type text not null default 'VECTOR',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table if not exists storage.vector_indexes (
  id text primary key default gen_random_uuid()::text,
  name text collate "C" not null,
  bucket_id text not null references storage.buckets_vectors (id),
  data_type text not null,
  dimension integer not null,
  distance_metric text not null,
  metadata_configuration jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index if not exists vector_indexes_name_bucket_id_idx on storage.vector_indexes (name, bucket_id);

alter table storage.buckets_vectors enable row level security;
alter table storage.vector_indexes enable row level security;
revoke all on storage.buckets_vectors, storage.vector_indexes from anon, authenticated;
grant all on storage.buckets_vectors, storage.vector_indexes to postgres, service_role;

-- The vectors need pgvector; a server without it (Debian's PostgreSQL) gets no table, and the
-- vector routes say why.
do $$
begin
  if exists (select 1 from pg_extension where extname = 'vector') then
    execute $sql$
      create table if not exists storage.vector_data (
        index_id text not null references storage.vector_indexes (id) on delete cascade,
        key text collate "C" not null,
        embedding extensions.vector not null,
        metadata jsonb not null default '{}'::jsonb,
        primary key (index_id, key)
      )
    $sql$;
    execute 'alter table storage.vector_data enable row level security';
    execute 'revoke all on storage.vector_data from anon, authenticated';
    execute 'grant all on storage.vector_data to postgres, service_role';
  end if;
end
$$;
