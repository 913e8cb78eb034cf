-- Supabase-shaped roles, schemas and extensions. Idempotent: runs at every start. Mirrors
-- what supabase/postgres sets up, so migrations written for Supabase run unchanged. What
-- roles may do (grants, default privileges) is in default-privileges.sql, applied once.
do $$
declare
  r text;
begin
  foreach r in array array['anon', 'authenticated', 'service_role', 'supabase_admin',
    'supabase_auth_admin', 'supabase_storage_admin', 'supabase_realtime_admin',
    'supabase_functions_admin', 'dashboard_user', 'pgbouncer', 'authenticator']
  loop
    if not exists (select 1 from pg_roles where rolname = r) then
      execute format('create role %I nologin noinherit', r);
    end if;
  end loop;
  if not exists (select 1 from pg_roles where rolname = 'postgres') then
    create role postgres;
  end if;
end
$$;

alter role service_role bypassrls;
alter role supabase_admin bypassrls;

create schema if not exists extensions;
create schema if not exists auth;
create schema if not exists graphql_public;

-- Extensions live in `extensions` as on Supabase; one the server lacks (pgvector on
-- Debian's PostgreSQL) is skipped here and reported by the service that needs it.
do $$
declare
  e text;
begin
  foreach e in array array['pgcrypto', 'uuid-ossp', 'pg_trgm', 'vector'] loop
    if exists (select 1 from pg_available_extensions where name = e) then
      execute format('create extension if not exists %I with schema extensions', e);
    end if;
  end loop;
end
$$;

do $$
begin
  execute format('alter database %I set search_path to "$user", public, extensions', current_database());
end
$$;
set search_path to "$user", public, extensions;

-- Supabase's Postgres preloads pg_stat_statements, so every statement gets a query identifier
-- and EXPLAIN VERBOSE (PostgREST's plan media type with options=verbose) shows "Query Identifier".
-- A superuser-only setting: a database owned by someone else goes without.
do $$
begin
  execute format('alter database %I set compute_query_id to on', current_database());
  set compute_query_id to on;
exception when insufficient_privilege then null;
end
$$;
