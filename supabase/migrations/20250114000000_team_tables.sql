-- Teams' own tables (docs/team-tables.md). A team that builds a remote in its own repository keeps
-- the migrations of its tables there. They are applied, locally by the emulator and on the shared
-- backend by the platform's owners, as the team's own role `team_<name>`, a member of
-- `portal_teams`: what it creates is the team's, and the platform's tables are not (Postgres says
-- "must be owner of table" to an ALTER, DROP, policy or grant on them). Nobody logs in as these
-- roles: they only own objects. The team's role may:
--   - create tables, views, functions and types in public, where the API serves them (the team's
--     migration grants them to authenticated itself, and turns row level security on with
--     policies: `portal-emulator migration check` refuses a table without);
--   - use auth.uid() and auth.jwt() in its policies, and extensions' functions;
--   - use the second-factor helper every table's restrictive policy calls, where the project has it.
-- It gets nothing on the platform's tables: a team reads them, like everybody, through the API.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'portal_teams') then
    -- Roles belong to the whole server: another database of it may have made it already.
    create role portal_teams nologin;
  end if;
exception when duplicate_object then null;
end
$$;

grant usage, create on schema public to portal_teams;
grant usage on schema auth to portal_teams;
grant usage on schema extensions to portal_teams;

do $$
begin
  if exists (select 1 from pg_namespace where nspname = 'private') then
    grant usage on schema private to portal_teams;
  end if;
end
$$;
