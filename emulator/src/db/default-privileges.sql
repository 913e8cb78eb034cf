-- Supabase's grants and default privileges, applied once when the database is created, as
-- Supabase does: a migration that revokes something from anon (a table, a function) stays
-- revoked across restarts. bootstrap.ts records this file as applied and never runs it again,
-- even when its text changes.
grant anon, authenticated, service_role to authenticator;
grant anon, authenticated, service_role to current_user;

grant usage on schema public, extensions, graphql_public to postgres, anon, authenticated, service_role;
grant usage on schema auth to anon, authenticated, service_role, postgres;
grant all on all functions in schema extensions to postgres, anon, authenticated, service_role;

-- Supabase's default privileges: anything created in public is reachable through the API
-- (row level security then decides).
alter default privileges in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to postgres, anon, authenticated, service_role;
grant all on all tables in schema public to anon, authenticated, service_role;
grant all on all sequences in schema public to anon, authenticated, service_role;
grant all on all functions in schema public to anon, authenticated, service_role;

