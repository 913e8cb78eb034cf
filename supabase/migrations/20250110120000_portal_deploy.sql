-- Publishing with verified teams (docs/deploy-teams.md): who belongs to which team, which team owns
-- which remote and route, every release and every registry revision, and who did what when. The
-- backend is the enforcer: a team's credential can add files only under its own remotes' release
-- folders, and a registry revision is accepted only when it is the next one and changes nothing
-- but the caller's own remotes. Revisions, releases and the audit trail are append-only for
-- everyone, the service key included.
--
-- Two schemas:
--   portal_deploy       the tables and the predicates storage policies ask. Never exposed through
--                       the API: nobody but its owner holds a privilege on its tables.
--   portal_deploy_api   what callers may do, as functions (security definer, search_path ''), each
--                       checking who calls: the only way in. Exposed ([api] schemas in config.toml;
--                       on a hosted project: Settings > Data API > Exposed schemas).
--
-- Written for Supabase; runs unchanged on hosted projects and on the portal emulator.

create schema if not exists portal_deploy;
create schema if not exists portal_deploy_api;
-- Usage lets a storage policy call the predicates below; it grants nothing on the tables.
grant usage on schema portal_deploy to anon, authenticated, service_role;
grant usage on schema portal_deploy_api to anon, authenticated, service_role;

-- Tables ------------------------------------------------------------------------------------

create table portal_deploy.platform_owners (
  user_id uuid primary key references auth.users (id) on delete cascade,
  added_at timestamptz not null default now(),
  added_by text not null
);

create table portal_deploy.teams (
  name text primary key check (name ~ '^[a-z][a-z0-9-]{0,39}$'),
  title text not null check (length(title) between 1 and 80),
  created_at timestamptz not null default now(),
  created_by text not null
);

create table portal_deploy.members (
  team text not null references portal_deploy.teams (name),
  user_id uuid not null references auth.users (id) on delete cascade,
  added_at timestamptz not null default now(),
  added_by text not null,
  primary key (team, user_id)
);

-- A team's CI credential: a user of the project's auth made for it alone (a bot account). Its
-- row decides on every call: once revoked, the credential can do nothing, even with an access
-- token that is still valid. user_id has no foreign key: the user is deleted at revocation, the
-- row stays for the audit trail.
create table portal_deploy.credentials (
  id uuid primary key default gen_random_uuid(),
  team text not null references portal_deploy.teams (name),
  name text not null check (name ~ '^[a-z0-9][a-z0-9._-]{0,39}$'),
  user_id uuid unique,
  created_at timestamptz not null default now(),
  created_by text not null,
  revoked_at timestamptz,
  revoked_by text
);
create unique index credentials_active_name on portal_deploy.credentials (team, name) where revoked_at is null;

create table portal_deploy.remotes (
  name text primary key check (name ~ '^[a-z][a-z0-9_]{0,39}$'),
  team text not null references portal_deploy.teams (name),
  route text unique check (route ~ '^/[a-z0-9][a-z0-9-]*(/[a-z0-9][a-z0-9-]*)*$' and route <> '/status'),
  created_at timestamptz not null default now(),
  created_by text not null
);

-- An environment is a public bucket of the same name holding the release files.
create table portal_deploy.environments (
  name text primary key check (name ~ '^[a-z0-9][a-z0-9_-]{0,62}$'),
  shell_contract text not null check (shell_contract ~ '^\d+\.\d+\.\d+$'),
  created_at timestamptz not null default now(),
  created_by text not null
);

create table portal_deploy.releases (
  environment text not null references portal_deploy.environments (name),
  remote text not null references portal_deploy.remotes (name),
  version text not null check (version ~ '^[A-Za-z0-9][A-Za-z0-9._+-]{0,127}$' and version !~ '\.\.'),
  integrity text not null check (integrity ~ '^sha(256|384|512)-[A-Za-z0-9+/]+={0,2}$'),
  contract text not null,
  -- The lowest major of the platform contract the release admits; above the environment's
  -- shell, it needs a platform owner's acceptance before it goes live.
  contract_major integer not null check (contract_major >= 0),
  meta jsonb not null,
  needs_acceptance boolean not null,
  published_at timestamptz not null default now(),
  published_by uuid,
  published_by_label text not null,
  primary key (environment, remote, version)
);

create table portal_deploy.release_acceptances (
  environment text not null,
  remote text not null,
  version text not null,
  accepted_at timestamptz not null default now(),
  accepted_by uuid,
  accepted_by_label text not null,
  primary key (environment, remote, version),
  foreign key (environment, remote, version) references portal_deploy.releases (environment, remote, version)
);

-- Every registry the environment had: revision n+1 is accepted only on top of n (the primary
-- key gives one winner to two writers), with the verified actor and the time stamped here.
create table portal_deploy.revisions (
  environment text not null references portal_deploy.environments (name),
  revision integer not null check (revision > 0),
  registry jsonb not null,
  -- Per remote: the versions live before (for rollback), and who changed it last, when.
  history jsonb not null,
  action text not null,
  note text,
  actor_id uuid,
  actor_label text not null,
  created_at timestamptz not null default now(),
  primary key (environment, revision)
);

-- Who did what, when, from which revision: every change, registry or not.
create table portal_deploy.audit (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  environment text,
  remote text,
  team text,
  action text not null,
  change text not null,
  revision integer,
  base_revision integer,
  actor_id uuid,
  actor_label text not null,
  note text
);
create index audit_environment_remote on portal_deploy.audit (environment, remote, id desc);

-- Row level security on, and no policy: a grant given by mistake still shows nothing. The API
-- functions read and write as the schema's owner, after checking the caller themselves.
alter table portal_deploy.platform_owners enable row level security;
alter table portal_deploy.teams enable row level security;
alter table portal_deploy.members enable row level security;
alter table portal_deploy.credentials enable row level security;
alter table portal_deploy.remotes enable row level security;
alter table portal_deploy.environments enable row level security;
alter table portal_deploy.releases enable row level security;
alter table portal_deploy.release_acceptances enable row level security;
alter table portal_deploy.revisions enable row level security;
alter table portal_deploy.audit enable row level security;
revoke all on all tables in schema portal_deploy from public, anon, authenticated, service_role;
revoke all on all sequences in schema portal_deploy from public, anon, authenticated, service_role;

-- History is append-only, for everyone: the owner of the tables and the service role included.
create function portal_deploy.refuse_history_change() returns trigger
language plpgsql set search_path = '' as $$
begin
  raise exception using
    errcode = '42501',
    message = format('%s is append-only: what happened stays as it happened.', tg_table_name),
    detail = 'append_only';
end
$$;
create trigger revisions_append_only before update or delete on portal_deploy.revisions
  for each row execute function portal_deploy.refuse_history_change();
create trigger revisions_no_truncate before truncate on portal_deploy.revisions
  for each statement execute function portal_deploy.refuse_history_change();
create trigger releases_append_only before update or delete on portal_deploy.releases
  for each row execute function portal_deploy.refuse_history_change();
create trigger releases_no_truncate before truncate on portal_deploy.releases
  for each statement execute function portal_deploy.refuse_history_change();
create trigger acceptances_append_only before update or delete on portal_deploy.release_acceptances
  for each row execute function portal_deploy.refuse_history_change();
create trigger acceptances_no_truncate before truncate on portal_deploy.release_acceptances
  for each statement execute function portal_deploy.refuse_history_change();
create trigger audit_append_only before update or delete on portal_deploy.audit
  for each row execute function portal_deploy.refuse_history_change();
create trigger audit_no_truncate before truncate on portal_deploy.audit
  for each statement execute function portal_deploy.refuse_history_change();

-- Who calls ---------------------------------------------------------------------------------

-- The caller's credential row, when the caller is a team credential (revoked or not).
create function portal_deploy.caller_credential() returns portal_deploy.credentials
language sql stable security definer set search_path = '' as $$
  select c.* from portal_deploy.credentials c where c.user_id = (select auth.uid()) and (select auth.uid()) is not null
$$;

-- 'service' (the service key), 'credential' (a team credential), 'person' (anyone signed in), or 'anonymous'.
create function portal_deploy.caller_kind() returns text
language sql stable security definer set search_path = '' as $$
  select case
    when (select auth.role()) = 'service_role' then 'service'
    when (select auth.uid()) is null then 'anonymous'
    when exists (select 1 from portal_deploy.credentials c where c.user_id = (select auth.uid())) then 'credential'
    else 'person'
  end
$$;

-- The verified identity, as the audit trail records it: a person's email, a credential's name
-- and team. Never a name the caller typed.
create function portal_deploy.caller_label() returns text
language sql stable security definer set search_path = '' as $$
  select case portal_deploy.caller_kind()
    when 'service' then 'the service key'
    when 'anonymous' then 'nobody signed in'
    when 'credential' then (select format('credential %s of team %s', c.name, c.team) from portal_deploy.credentials c where c.user_id = (select auth.uid()))
    else coalesce((select u.email from auth.users u where u.id = (select auth.uid())), (select auth.uid())::text)
  end
$$;

-- Whether the caller is a person who has a second factor but a session that did not use it: the
-- portal's rule (private.second_factor_satisfied, 20250112000000_second_factor_required.sql),
-- stated here again so that the deploy backend can be installed in a project on its own.
create function portal_deploy.caller_lacks_second_factor() returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce((select auth.jwt()) ->> 'aal', 'aal1') <> 'aal2'
     and exists (select 1 from auth.mfa_factors f where f.user_id = (select auth.uid()) and f.status = 'verified')
$$;

-- Whether the caller may act at all: signed in, not a revoked credential, and, as everywhere in
-- the project, a person with a second factor only with a session that used it.
create function portal_deploy.caller_is_active() returns boolean
language sql stable security definer set search_path = '' as $$
  select (select auth.uid()) is not null
     and not exists (select 1 from portal_deploy.credentials c where c.user_id = (select auth.uid()) and c.revoked_at is not null)
     and not portal_deploy.caller_lacks_second_factor()
$$;

-- A platform owner: a person (never a credential) listed as one.
create function portal_deploy.is_platform_owner() returns boolean
language sql stable security definer set search_path = '' as $$
  select portal_deploy.caller_kind() = 'person'
     and portal_deploy.caller_is_active()
     and exists (select 1 from portal_deploy.platform_owners o where o.user_id = (select auth.uid()))
$$;

-- The teams the caller acts for: a person's teams, or an active credential's one team.
create function portal_deploy.caller_teams() returns setof text
language sql stable security definer set search_path = '' as $$
  select m.team from portal_deploy.members m
   where m.user_id = (select auth.uid()) and portal_deploy.caller_kind() = 'person'
  union
  select c.team from portal_deploy.credentials c
   where c.user_id = (select auth.uid()) and c.revoked_at is null
$$;

-- Whether the caller may publish and change `remote`: a platform owner, or its team acting.
create function portal_deploy.may_change_remote(p_remote text) returns boolean
language sql stable security definer set search_path = '' as $$
  select portal_deploy.caller_is_active() and (
    portal_deploy.is_platform_owner()
    or exists (select 1 from portal_deploy.remotes r where r.name = p_remote and r.team in (select portal_deploy.caller_teams()))
  )
$$;

-- Storage: whether `bucket` holds an environment's releases.
create function portal_deploy.is_environment_bucket(p_bucket text) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from portal_deploy.environments e where e.name = p_bucket)
$$;

-- Storage: whether the caller may add the object `name` to environment `bucket`: only
-- remotes/<a remote of theirs>/<version>/…, and only while that release is not recorded yet
-- (a recorded release is sealed).
create function portal_deploy.may_add_release_file(p_bucket text, p_name text) returns boolean
language sql stable security definer set search_path = '' as $$
  with parts as (select string_to_array(p_name, '/') as segments)
  select coalesce(
    portal_deploy.is_environment_bucket(p_bucket)
    and array_length(segments, 1) >= 4
    and segments[1] = 'remotes'
    and segments[3] ~ '^[A-Za-z0-9][A-Za-z0-9._+-]{0,127}$' and segments[3] !~ '\.\.'
    and not ('..' = any (segments)) and not ('' = any (segments))
    and portal_deploy.may_change_remote(segments[2])
    and not exists (
      select 1 from portal_deploy.releases r
       where r.environment = p_bucket and r.remote = segments[2] and r.version = segments[3]
    ), false)
  from parts
$$;

-- Refusals: SQLSTATE 42501 (PostgREST answers 403), the reason in `detail`, who may do it in `hint`.
create function portal_deploy.refuse(p_reason text, p_message text, p_hint text default null) returns void
language plpgsql set search_path = '' as $$
begin
  raise exception using errcode = '42501', message = p_message, detail = p_reason, hint = coalesce(p_hint, '');
end
$$;

-- Every API call starts here: who calls, and whether they may do anything at all.
create function portal_deploy.require_participant() returns void
language plpgsql stable security definer set search_path = '' as $$
declare
  revoked portal_deploy.credentials;
begin
  if (select auth.uid()) is null then
    perform portal_deploy.refuse('not_signed_in', 'Sign in first: portal-deploy login (a person) or PORTAL_DEPLOY_TOKEN (a team credential).');
  end if;
  select c.* into revoked from portal_deploy.credentials c where c.user_id = (select auth.uid()) and c.revoked_at is not null;
  if found then
    perform portal_deploy.refuse('credential_revoked',
      format('The credential %s of team %s was revoked at %s by %s.', revoked.name, revoked.team, revoked.revoked_at, revoked.revoked_by),
      format('A member of team %s or a platform owner makes a new one: portal-deploy credential create %s <name>.', revoked.team, revoked.team));
  end if;
  if portal_deploy.caller_lacks_second_factor() then
    perform portal_deploy.refuse('second_factor_required',
      format('%s has a second factor: sign in with it to publish or change anything.', portal_deploy.caller_label()),
      'portal-deploy login asks for its code (or --totp-code).');
  end if;
  if not (portal_deploy.is_platform_owner() or exists (select portal_deploy.caller_teams())) then
    perform portal_deploy.refuse('not_a_member',
      format('%s belongs to no team and is no platform owner.', portal_deploy.caller_label()),
      'A platform owner adds people to a team: portal-deploy member add <team> <email>.');
  end if;
end
$$;

create function portal_deploy.require_platform_owner(p_what text) returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  perform portal_deploy.require_participant();
  if not portal_deploy.is_platform_owner() then
    perform portal_deploy.refuse('platform_owner_only',
      format('Only platform owners %s; %s is not one.', p_what, portal_deploy.caller_label()),
      'Ask a platform owner (portal-deploy status lists them).');
  end if;
end
$$;

-- The remote's row, after checking the caller may change it.
create function portal_deploy.require_remote_of_caller(p_remote text, p_what text) returns portal_deploy.remotes
language plpgsql stable security definer set search_path = '' as $$
declare
  found_remote portal_deploy.remotes;
begin
  perform portal_deploy.require_participant();
  select r.* into found_remote from portal_deploy.remotes r where r.name = p_remote;
  if not found then
    perform portal_deploy.refuse('unknown_remote',
      format('%s is not a remote of this portal.', p_remote),
      format('A platform owner adds it and gives it to a team: portal-deploy remote add %s --team <team> --route /<route>.', p_remote));
  end if;
  if not portal_deploy.may_change_remote(p_remote) then
    perform portal_deploy.refuse('not_your_remote',
      format('%s belongs to team %s: only its members, its credentials and the platform owners may %s it; %s may not.', p_remote, found_remote.team, p_what, portal_deploy.caller_label()),
      format('A platform owner moves a remote to another team: portal-deploy remote assign %s <team>.', p_remote));
  end if;
  return found_remote;
end
$$;

create function portal_deploy.require_environment(p_environment text) returns portal_deploy.environments
language plpgsql stable security definer set search_path = '' as $$
declare
  found_environment portal_deploy.environments;
begin
  select e.* into found_environment from portal_deploy.environments e where e.name = p_environment;
  if not found then
    raise exception using errcode = 'P0002', message = format('There is no environment %s in this project.', p_environment),
      detail = 'unknown_environment', hint = format('A platform owner makes it: portal-deploy init --bucket %s.', p_environment);
  end if;
  return found_environment;
end
$$;

create function portal_deploy.user_by_email(p_email text) returns uuid
language plpgsql stable security definer set search_path = '' as $$
declare
  found_id uuid;
begin
  select u.id into found_id from auth.users u where lower(u.email) = lower(trim(p_email));
  if not found then
    raise exception using errcode = 'P0002', message = format('No one has signed up as %s in this project.', p_email),
      detail = 'unknown_person', hint = 'They sign up (or are invited) first, then a platform owner adds them.';
  end if;
  return found_id;
end
$$;

-- One line of the audit trail, stamped with the verified caller. `p_revision` is the registry
-- revision the change made; any other change of an environment records the revision it was
-- made on ("from which revision").
create function portal_deploy.record(p_action text, p_change text, p_team text default null, p_remote text default null,
  p_environment text default null, p_revision integer default null, p_note text default null) returns void
language sql security definer set search_path = '' as $$
  insert into portal_deploy.audit (environment, remote, team, action, change, revision, base_revision, actor_id, actor_label, note)
  values (p_environment, p_remote, p_team, p_action, p_change, p_revision,
          case when p_revision is not null then p_revision - 1
               when p_environment is not null then (select coalesce(max(v.revision), 0) from portal_deploy.revisions v where v.environment = p_environment) end,
          (select auth.uid()), portal_deploy.caller_label(), nullif(p_note, ''))
$$;

-- The manifest path a registry entry must name for a release: relative to the environment's
-- bucket, the version URL-encoded as encodeURIComponent does ('+' is the only character of a
-- version it changes).
create function portal_deploy.manifest_path(p_remote text, p_version text) returns text
language sql immutable set search_path = '' as $$
  select 'remotes/' || p_remote || '/' || replace(p_version, '+', '%2B') || '/mf-manifest.json'
$$;

-- Release files in storage ------------------------------------------------------------------
-- Environment buckets are public (browsers read releases by URL without a key). A team adds
-- files only under its own remotes' folders, each once: no policy lets anyone but a platform
-- owner update or delete one (so an upsert over an existing file is refused too).

create policy "Deploy: release files are readable"
  on storage.objects for select
  to anon, authenticated
  using (portal_deploy.is_environment_bucket(bucket_id));

create policy "Deploy: a team adds files to its own remotes' new releases"
  on storage.objects for insert
  to authenticated
  with check (portal_deploy.may_add_release_file(bucket_id, name));

create policy "Deploy: platform owners replace release files"
  on storage.objects for update
  to authenticated
  using (portal_deploy.is_environment_bucket(bucket_id) and portal_deploy.is_platform_owner())
  with check (portal_deploy.is_environment_bucket(bucket_id) and portal_deploy.is_platform_owner());

create policy "Deploy: platform owners delete release files"
  on storage.objects for delete
  to authenticated
  using (portal_deploy.is_environment_bucket(bucket_id) and portal_deploy.is_platform_owner());

-- The API ------------------------------------------------------------------------------------

-- Who the caller is, as the backend sees it.
create function portal_deploy_api.whoami() returns jsonb
language plpgsql stable security definer set search_path = '' as $$
begin
  return jsonb_build_object(
    'user_id', (select auth.uid()),
    'kind', portal_deploy.caller_kind(),
    'label', portal_deploy.caller_label(),
    'active', portal_deploy.caller_is_active(),
    'platform_owner', portal_deploy.is_platform_owner(),
    'teams', coalesce((select jsonb_agg(t order by t) from portal_deploy.caller_teams() t), '[]'::jsonb),
    'remotes', coalesce((select jsonb_agg(r.name order by r.name) from portal_deploy.remotes r
                          where portal_deploy.is_platform_owner() or r.team in (select portal_deploy.caller_teams())), '[]'::jsonb),
    -- The route each of those remotes was given (a promote needs it, and asks nothing else).
    'routes', coalesce((select jsonb_object_agg(r.name, r.route) from portal_deploy.remotes r
                         where portal_deploy.is_platform_owner() or r.team in (select portal_deploy.caller_teams())), '{}'::jsonb)
  );
end
$$;

-- Bootstrapping: the service key names the first platform owner; platform owners name more.
create function portal_deploy_api.add_platform_owner(p_email text) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  owner_id uuid;
begin
  if portal_deploy.caller_kind() <> 'service' then
    perform portal_deploy.require_platform_owner('name platform owners');
  end if;
  owner_id := portal_deploy.user_by_email(p_email);
  if exists (select 1 from portal_deploy.credentials c where c.user_id = owner_id) then
    perform portal_deploy.refuse('credential_not_a_person', format('%s is a team credential, not a person.', p_email));
  end if;
  insert into portal_deploy.platform_owners (user_id, added_by) values (owner_id, portal_deploy.caller_label())
  on conflict (user_id) do nothing;
  if found then perform portal_deploy.record('owner add', format('%s is a platform owner', lower(p_email))); end if;
  return jsonb_build_object('email', lower(p_email), 'user_id', owner_id);
end
$$;

create function portal_deploy_api.create_team(p_name text, p_title text default null) returns jsonb
language plpgsql security definer set search_path = '' as $$
begin
  perform portal_deploy.require_platform_owner('add teams');
  insert into portal_deploy.teams (name, title, created_by) values (p_name, coalesce(nullif(p_title, ''), p_name), portal_deploy.caller_label());
  perform portal_deploy.record('team add', format('team %s added', p_name), p_name);
  return jsonb_build_object('name', p_name);
exception when unique_violation then
  raise exception using errcode = '23505', message = format('There is a team %s already.', p_name), detail = 'team_exists';
end
$$;

create function portal_deploy_api.add_member(p_team text, p_email text) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  person uuid;
begin
  perform portal_deploy.require_platform_owner('add people to teams');
  if not exists (select 1 from portal_deploy.teams t where t.name = p_team) then
    raise exception using errcode = 'P0002', message = format('There is no team %s.', p_team), detail = 'unknown_team',
      hint = format('Add it first: portal-deploy team add %s.', p_team);
  end if;
  person := portal_deploy.user_by_email(p_email);
  if exists (select 1 from portal_deploy.credentials c where c.user_id = person) then
    perform portal_deploy.refuse('credential_not_a_person', format('%s is a team credential, not a person.', p_email));
  end if;
  insert into portal_deploy.members (team, user_id, added_by) values (p_team, person, portal_deploy.caller_label())
  on conflict do nothing;
  if found then perform portal_deploy.record('member add', format('%s joined team %s', lower(p_email), p_team), p_team); end if;
  return jsonb_build_object('team', p_team, 'email', lower(p_email));
end
$$;

create function portal_deploy_api.remove_member(p_team text, p_email text) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  person uuid;
begin
  perform portal_deploy.require_platform_owner('remove people from teams');
  person := portal_deploy.user_by_email(p_email);
  delete from portal_deploy.members m where m.team = p_team and m.user_id = person;
  if not found then
    raise exception using errcode = 'P0002', message = format('%s is not a member of team %s.', p_email, p_team), detail = 'not_a_member';
  end if;
  perform portal_deploy.record('member remove', format('%s left team %s', lower(p_email), p_team), p_team);
  return jsonb_build_object('team', p_team, 'email', lower(p_email));
end
$$;

create function portal_deploy_api.add_remote(p_name text, p_team text, p_route text default null) returns jsonb
language plpgsql security definer set search_path = '' as $$
begin
  perform portal_deploy.require_platform_owner('add remotes');
  if not exists (select 1 from portal_deploy.teams t where t.name = p_team) then
    raise exception using errcode = 'P0002', message = format('There is no team %s.', p_team), detail = 'unknown_team';
  end if;
  insert into portal_deploy.remotes (name, team, route, created_by) values (p_name, p_team, p_route, portal_deploy.caller_label());
  perform portal_deploy.record('remote add', format('remote %s added for team %s%s', p_name, p_team, coalesce(' on ' || p_route, '')), p_team, p_name);
  return jsonb_build_object('name', p_name, 'team', p_team, 'route', p_route);
exception when unique_violation then
  raise exception using errcode = '23505', detail = 'taken',
    message = case when exists (select 1 from portal_deploy.remotes r where r.name = p_name)
                   then format('There is a remote %s already.', p_name)
                   else format('The route %s belongs to the remote %s already.', p_route, (select r.name from portal_deploy.remotes r where r.route = p_route)) end;
end
$$;

create function portal_deploy_api.assign_remote(p_name text, p_team text) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  before_team text;
begin
  perform portal_deploy.require_platform_owner('move remotes between teams');
  select r.team into before_team from portal_deploy.remotes r where r.name = p_name for update;
  if not found then
    raise exception using errcode = 'P0002', message = format('%s is not a remote of this portal.', p_name), detail = 'unknown_remote';
  end if;
  if not exists (select 1 from portal_deploy.teams t where t.name = p_team) then
    raise exception using errcode = 'P0002', message = format('There is no team %s.', p_team), detail = 'unknown_team';
  end if;
  update portal_deploy.remotes set team = p_team where name = p_name;
  perform portal_deploy.record('remote assign', format('remote %s moved from team %s to team %s', p_name, before_team, p_team), p_team, p_name);
  return jsonb_build_object('name', p_name, 'team', p_team, 'from', before_team);
end
$$;

create function portal_deploy_api.route_remote(p_name text, p_route text) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  before_route text;
begin
  perform portal_deploy.require_platform_owner('give remotes their routes');
  select r.route into before_route from portal_deploy.remotes r where r.name = p_name for update;
  if not found then
    raise exception using errcode = 'P0002', message = format('%s is not a remote of this portal.', p_name), detail = 'unknown_remote';
  end if;
  update portal_deploy.remotes set route = p_route where name = p_name;
  perform portal_deploy.record('remote route', format('remote %s routed %s → %s', p_name, coalesce(before_route, 'nowhere'), p_route),
    (select r.team from portal_deploy.remotes r where r.name = p_name), p_name);
  return jsonb_build_object('name', p_name, 'route', p_route, 'from', before_route);
exception when unique_violation then
  raise exception using errcode = '23505', detail = 'taken',
    message = format('The route %s belongs to the remote %s already.', p_route, (select r.name from portal_deploy.remotes r where r.route = p_route));
end
$$;

-- An environment: its public bucket and the contract its shell provides.
create function portal_deploy_api.create_environment(p_name text, p_shell_contract text) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  existing portal_deploy.environments;
begin
  perform portal_deploy.require_platform_owner('make environments and record their shell contract');
  select e.* into existing from portal_deploy.environments e where e.name = p_name for update;
  if existing.name is not null then
    if existing.shell_contract <> p_shell_contract then
      -- Releases, revisions and the audit trail are the history; an environment's contract moves on.
      update portal_deploy.environments set shell_contract = p_shell_contract where name = p_name;
      perform portal_deploy.record('shell contract', format('shell contract %s → %s', existing.shell_contract, p_shell_contract), null, null, p_name);
    end if;
    return jsonb_build_object('name', p_name, 'shell_contract', p_shell_contract, 'created', false);
  end if;
  -- A bucket of that name that is not an environment holds something else (a private bucket of
  -- the portal's people): it is never turned into one, nor made public.
  if exists (select 1 from storage.buckets b where b.id = p_name) then
    raise exception using errcode = '23505', detail = 'bucket_taken',
      message = format('The project has a bucket %s already, which is not a deploy environment; name the environment otherwise.', p_name);
  end if;
  insert into portal_deploy.environments (name, shell_contract, created_by) values (p_name, p_shell_contract, portal_deploy.caller_label());
  insert into storage.buckets (id, name, public) values (p_name, p_name, true);
  perform portal_deploy.record('environment add', format('environment %s added, shell contract %s', p_name, p_shell_contract), null, null, p_name);
  return jsonb_build_object('name', p_name, 'shell_contract', p_shell_contract, 'created', true);
end
$$;

create function portal_deploy_api.environment(p_environment text) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  found_environment portal_deploy.environments;
begin
  perform portal_deploy.require_participant();
  found_environment := portal_deploy.require_environment(p_environment);
  return jsonb_build_object('name', found_environment.name, 'shell_contract', found_environment.shell_contract);
end
$$;

-- Records a staged release once its files are in the bucket: only its team (or a platform
-- owner), only once. A release whose contract needs a newer major than the environment's shell
-- waits for a platform owner's acceptance before it may go live.
create function portal_deploy_api.record_release(p_environment text, p_remote text, p_version text, p_integrity text,
  p_contract text, p_contract_major integer, p_meta jsonb) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  env portal_deploy.environments;
  existing portal_deploy.releases;
  needs boolean;
begin
  perform portal_deploy.require_remote_of_caller(p_remote, 'publish');
  env := portal_deploy.require_environment(p_environment);
  select r.* into existing from portal_deploy.releases r where r.environment = p_environment and r.remote = p_remote and r.version = p_version;
  if found then
    if existing.integrity <> p_integrity then
      raise exception using errcode = '23505', detail = 'release_exists',
        message = format('%s %s was recorded with another manifest (%s); releases are immutable.', p_remote, p_version, existing.integrity);
    end if;
    return jsonb_build_object('recorded', false, 'needs_acceptance', existing.needs_acceptance);
  end if;
  if not exists (select 1 from storage.objects o where o.bucket_id = p_environment
                   and o.name = 'remotes/' || p_remote || '/' || p_version || '/mf-manifest.json') then
    raise exception using errcode = 'P0002', detail = 'files_missing',
      message = format('remotes/%s/%s/mf-manifest.json is not in the bucket %s: upload the release''s files first.', p_remote, p_version, p_environment);
  end if;
  needs := p_contract_major > split_part(env.shell_contract, '.', 1)::integer;
  insert into portal_deploy.releases (environment, remote, version, integrity, contract, contract_major, meta, needs_acceptance, published_by, published_by_label)
  values (p_environment, p_remote, p_version, p_integrity, p_contract, p_contract_major, p_meta, needs, (select auth.uid()), portal_deploy.caller_label());
  perform portal_deploy.record('publish', format('%s@%s staged%s', p_remote, p_version,
    case when needs then format(' (contract %s: needs a platform owner''s acceptance)', p_contract) else '' end),
    (select r.team from portal_deploy.remotes r where r.name = p_remote), p_remote, p_environment);
  return jsonb_build_object('recorded', true, 'needs_acceptance', needs);
end
$$;

create function portal_deploy_api.accept_release(p_environment text, p_remote text, p_version text) returns jsonb
language plpgsql security definer set search_path = '' as $$
begin
  perform portal_deploy.require_platform_owner('accept a release that needs a new platform contract major');
  perform portal_deploy.require_environment(p_environment);
  if not exists (select 1 from portal_deploy.releases r where r.environment = p_environment and r.remote = p_remote and r.version = p_version) then
    raise exception using errcode = 'P0002', detail = 'unknown_version', message = format('%s has no release %s in %s.', p_remote, p_version, p_environment);
  end if;
  insert into portal_deploy.release_acceptances (environment, remote, version, accepted_by, accepted_by_label)
  values (p_environment, p_remote, p_version, (select auth.uid()), portal_deploy.caller_label())
  on conflict do nothing;
  if found then
    perform portal_deploy.record('accept', format('%s@%s accepted for a new contract major', p_remote, p_version),
      (select r.team from portal_deploy.remotes r where r.name = p_remote), p_remote, p_environment);
  end if;
  return jsonb_build_object('remote', p_remote, 'version', p_version);
end
$$;

create function portal_deploy_api.releases(p_environment text, p_remote text default null) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
begin
  perform portal_deploy.require_participant();
  return coalesce((
    select jsonb_agg(jsonb_build_object(
      'remote', r.remote, 'version', r.version, 'integrity', r.integrity, 'publishedAt', r.published_at,
      'publishedBy', r.published_by_label, 'meta', r.meta, 'contract', r.contract,
      'needsAcceptance', r.needs_acceptance, 'accepted', a.version is not null) order by r.published_at, r.version)
    from portal_deploy.releases r
    left join portal_deploy.release_acceptances a using (environment, remote, version)
    where r.environment = p_environment and (p_remote is null or r.remote = p_remote)), '[]'::jsonb);
end
$$;

create function portal_deploy_api.newest_revision(p_environment text) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
begin
  perform portal_deploy.require_participant();
  perform portal_deploy.require_environment(p_environment);
  return (
    select jsonb_build_object('revision', v.revision, 'registry', v.registry, 'remotes', v.history, 'at', v.created_at,
      'actor', v.actor_label, 'action', v.action, 'note', v.note)
    from portal_deploy.revisions v where v.environment = p_environment order by v.revision desc limit 1);
end
$$;

-- What changed for one remote between two registry entries, in words (the audit trail's "what",
-- derived here rather than taken from the caller).
create function portal_deploy.describe_change(p_before jsonb, p_after jsonb) returns text
language plpgsql immutable set search_path = '' as $$
declare
  parts text[] := '{}';
begin
  if p_before is null and p_after is null then return 'history changed'; end if;
  if p_before is null then return format('added: live %s', p_after->>'version'); end if;
  if p_after is null then return format('removed (was live %s)', p_before->>'version'); end if;
  if p_before->>'version' is distinct from p_after->>'version' then
    parts := parts || format('live %s → %s', p_before->>'version', p_after->>'version');
  end if;
  if p_before->'canary' is distinct from p_after->'canary' then
    if p_after->'canary' is null then
      parts := parts || format('canary %s ended', p_before->'canary'->>'version');
    else
      parts := parts || format('canary %s for %s%%', p_after->'canary'->>'version', p_after->'canary'->>'percentage');
    end if;
  end if;
  if p_before->>'route' is distinct from p_after->>'route' then
    parts := parts || format('route %s → %s', p_before->>'route', p_after->>'route');
  end if;
  if cardinality(parts) = 0 then
    if p_before = p_after then return 'history changed'; end if;
    return 'entry details changed';
  end if;
  return array_to_string(parts, '; ');
end
$$;

-- Checks that a release named by a changed registry entry may go live: it is recorded for this
-- remote, with this manifest and hash, and accepted when it needs a new contract major.
create function portal_deploy.check_entry_release(p_environment text, p_remote text, p_release jsonb) returns void
language plpgsql stable security definer set search_path = '' as $$
declare
  rel portal_deploy.releases;
begin
  select r.* into rel from portal_deploy.releases r
   where r.environment = p_environment and r.remote = p_remote and r.version = p_release->>'version';
  if not found then
    perform portal_deploy.refuse('unknown_release',
      format('%s has no recorded release %s in %s: publish it first.', p_remote, p_release->>'version', p_environment));
  end if;
  if p_release->>'integrity' is distinct from rel.integrity or p_release->>'manifest' is distinct from portal_deploy.manifest_path(p_remote, rel.version) then
    perform portal_deploy.refuse('release_mismatch',
      format('The registry entry of %s must name its release %s as published: manifest %s with integrity %s.',
        p_remote, rel.version, portal_deploy.manifest_path(p_remote, rel.version), rel.integrity));
  end if;
  if rel.needs_acceptance and not exists (select 1 from portal_deploy.release_acceptances a
      where a.environment = p_environment and a.remote = p_remote and a.version = rel.version) then
    perform portal_deploy.refuse('needs_acceptance',
      format('%s@%s needs platform contract %s, a newer major than the shell of %s provides; a platform owner must accept it first.',
        p_remote, rel.version, rel.contract, p_environment),
      format('A platform owner runs: portal-deploy accept %s@%s --bucket %s.', p_remote, rel.version, p_environment));
  end if;
end
$$;

-- What the shell checks of a registry entry before it runs any of the registry
-- (registryShapeProblem in shared/platform/src/registry-core.ts): a team's entry that failed
-- it would stop every remote of the portal, so a revision is refused instead. The name, route,
-- manifest and integrity are checked against the remote and its release elsewhere.
create function portal_deploy.entry_problem(p_entry jsonb) returns text
language plpgsql immutable set search_path = '' as $$
declare
  file_path constant text := '^[A-Za-z0-9_.-]+(/[A-Za-z0-9_.-]+)*$';
  release jsonb;
  files jsonb;
begin
  if jsonb_typeof(p_entry) is distinct from 'object' then return 'is not an object'; end if;
  if jsonb_typeof(p_entry->'title') is distinct from 'string' or length(p_entry->>'title') not between 1 and 60 then return 'has a wrong title'; end if;
  if p_entry ? 'icon' and (jsonb_typeof(p_entry->'icon') <> 'string' or length(p_entry->>'icon') > 40) then return 'has a wrong icon'; end if;
  if p_entry ? 'description' and (jsonb_typeof(p_entry->'description') <> 'string' or length(p_entry->>'description') > 200) then return 'has a wrong description'; end if;
  if jsonb_typeof(p_entry->'contract') is distinct from 'string' then return 'has no contract'; end if;
  if jsonb_typeof(p_entry->'auth') is distinct from 'string' or p_entry->>'auth' not in ('none', 'aal1', 'aal2') then return 'has a wrong auth level'; end if;
  if p_entry ? 'background' and (jsonb_typeof(p_entry->'background') <> 'string' or p_entry->>'background' !~ '^\./[a-z][a-z0-9-]{0,39}$') then
    return 'has a wrong background module';
  end if;
  if p_entry ? 'canary' and (jsonb_typeof(p_entry->'canary') <> 'object' or jsonb_typeof(p_entry->'canary'->'percentage') is distinct from 'number'
     or (p_entry->'canary'->>'percentage')::numeric not between 0 and 100) then
    return 'has a wrong canary';
  end if;
  foreach release in array array[p_entry, p_entry->'canary'] loop
    continue when release is null;
    if jsonb_typeof(release->'version') is distinct from 'string' then return 'has a wrong version'; end if;
    files := release->'files';
    continue when files is null;
    if jsonb_typeof(files) <> 'object'
       or jsonb_typeof(files->'entry') is distinct from 'string' or files->>'entry' !~ file_path or files->>'entry' ~ '(^|/)\.\.(/|$)'
       or jsonb_typeof(files->'globalName') is distinct from 'string' or files->>'globalName' !~ '^[A-Za-z_$][A-Za-z0-9_$]*$'
       or jsonb_typeof(files->'app') is distinct from 'array'
       or exists (select 1 from jsonb_array_elements(files->'app') f where jsonb_typeof(f) <> 'string' or f #>> '{}' !~ file_path or f #>> '{}' ~ '(^|/)\.\.(/|$)')
       or jsonb_typeof(files->'integrity') is distinct from 'object'
       or exists (select 1 from jsonb_each(files->'integrity') f
                   where f.key !~ file_path or f.key ~ '(^|/)\.\.(/|$)' or jsonb_typeof(f.value) <> 'string'
                      or f.value #>> '{}' !~ '^sha(256|384|512)-[A-Za-z0-9+/]+={0,2}$')
       or (files ? 'shared' and (jsonb_typeof(files->'shared') <> 'array'
           or exists (select 1 from jsonb_array_elements(files->'shared') f
                       where jsonb_typeof(f) <> 'string' or f #>> '{}' !~ '^(@[a-z0-9][A-Za-z0-9_.-]*/)?[a-z0-9][A-Za-z0-9_.-]*(/[A-Za-z0-9_.-]+)*$')))
    then
      return 'has wrong files';
    end if;
  end loop;
  return null;
end
$$;

-- Registry changes: revision p_revision, on top of p_revision - 1. Answers {committed: false}
-- when another writer committed that revision first (redo the change on top of theirs). Refuses
-- a revision that changes any remote the caller may not change, or names a release other than
-- the remote's own as published; stamps who and when.
create function portal_deploy_api.commit_revision(p_environment text, p_revision integer, p_registry jsonb, p_history jsonb,
  p_action text, p_note text default null) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  newest portal_deploy.revisions;
  before_entries jsonb;
  before_history jsonb;
  after_entries jsonb := p_registry->'remotes';
  after_history jsonb := coalesce(p_history, '{}'::jsonb);
  history_entry jsonb;
  remote_name text;
  remote_row portal_deploy.remotes;
  before_entry jsonb;
  after_entry jsonb;
  problem text;
  changed text[] := '{}';
  changes text[] := '{}';
  label text := portal_deploy.caller_label();
  stamp text := to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
  action_word text := coalesce(nullif(split_part(p_action, ' ', 1), ''), 'change');
  clash text;
begin
  perform portal_deploy.require_participant();
  perform portal_deploy.require_environment(p_environment);
  if jsonb_typeof(p_registry) is distinct from 'object' or jsonb_typeof(after_entries) is distinct from 'object'
     or jsonb_typeof(after_history) <> 'object' then
    raise exception using errcode = '22023', message = 'A revision needs a registry object with remotes and a history object.', detail = 'invalid_revision';
  end if;
  select v.* into newest from portal_deploy.revisions v where v.environment = p_environment order by v.revision desc limit 1;
  if coalesce(newest.revision, 0) + 1 <> p_revision then
    return jsonb_build_object('committed', false, 'newest', coalesce(newest.revision, 0));
  end if;
  before_entries := coalesce(newest.registry->'remotes', '{}'::jsonb);
  before_history := coalesce(newest.history, '{}'::jsonb);

  for remote_name in
    select k from jsonb_object_keys(before_entries) k union select k from jsonb_object_keys(after_entries) k
    union select k from jsonb_object_keys(before_history) k union select k from jsonb_object_keys(after_history) k
    order by 1
  loop
    before_entry := before_entries->remote_name;
    after_entry := after_entries->remote_name;
    -- Who changed it, when and with which note are stamped here: they never count as a change.
    if before_entry is not distinct from after_entry
       and (before_history->remote_name) - 'changedBy' - 'changedAt' - 'note'
           is not distinct from (after_history->remote_name) - 'changedBy' - 'changedAt' - 'note' then
      continue;
    end if;
    remote_row := portal_deploy.require_remote_of_caller(remote_name, 'change the registry entry of');
    if after_entry is null then
      if before_entry is not null and not portal_deploy.is_platform_owner() then
        perform portal_deploy.refuse('platform_owner_only', format('Only platform owners take a remote (%s) out of the registry.', remote_name));
      end if;
    else
      problem := portal_deploy.entry_problem(after_entry);
      if problem is not null then
        raise exception using errcode = '22023', message = format('The registry entry of %s %s; the shell would refuse the whole registry.', remote_name, problem),
          detail = 'invalid_revision';
      end if;
      if remote_row.route is null then
        perform portal_deploy.refuse('no_route', format('%s has no route yet.', remote_name),
          format('A platform owner gives it one: portal-deploy remote route %s /<route>.', remote_name));
      end if;
      if after_entry->>'route' is distinct from remote_row.route then
        perform portal_deploy.refuse('route_not_assigned',
          format('%s may claim only its own route %s, not %s.', remote_name, remote_row.route, coalesce(after_entry->>'route', 'none')),
          format('A platform owner gives routes: portal-deploy remote route %s /<route>.', remote_name));
      end if;
      perform portal_deploy.check_entry_release(p_environment, remote_name, after_entry);
      if after_entry ? 'canary' then perform portal_deploy.check_entry_release(p_environment, remote_name, after_entry->'canary'); end if;
    end if;
    changed := changed || remote_name;
    changes := changes || portal_deploy.describe_change(before_entry, after_entry);
  end loop;

  if cardinality(changed) = 0 then
    return jsonb_build_object('committed', false, 'unchanged', true, 'newest', coalesce(newest.revision, 0));
  end if;
  -- One route, one remote: an entry still on a route its remote gave up would make two.
  select e.value->>'route' into clash from jsonb_each(after_entries) e group by e.value->>'route' having count(*) > 1 limit 1;
  if clash is not null then
    perform portal_deploy.refuse('route_taken',
      format('The route %s would be claimed twice (%s).', clash,
        (select string_agg(e.key, ', ' order by e.key) from jsonb_each(after_entries) e where e.value->>'route' = clash)),
      'A platform owner moves the older entry to its new route first: portal-deploy remote route <remote> /<route> --bucket <environment>.');
  end if;

  for i in 1 .. cardinality(changed) loop
    history_entry := coalesce(after_history->changed[i], jsonb_build_object('previous', '[]'::jsonb, 'action', p_action))
      || jsonb_build_object('changedBy', label, 'changedAt', stamp);
    history_entry := case when nullif(p_note, '') is null then history_entry - 'note' else history_entry || jsonb_build_object('note', p_note) end;
    after_history := jsonb_set(after_history, array[changed[i]], history_entry);
  end loop;

  begin
    insert into portal_deploy.revisions (environment, revision, registry, history, action, note, actor_id, actor_label)
    values (p_environment, p_revision,
      jsonb_build_object('schemaVersion', 1, 'environment', p_environment, 'updatedAt', stamp, 'remotes', after_entries),
      after_history, left(coalesce(nullif(p_action, ''), 'change'), 200), nullif(p_note, ''), (select auth.uid()), label);
  exception when unique_violation then
    -- Another writer committed this revision between our read and our insert.
    return jsonb_build_object('committed', false, 'newest', p_revision);
  end;
  for i in 1 .. cardinality(changed) loop
    perform portal_deploy.record(action_word, changes[i], (select r.team from portal_deploy.remotes r where r.name = changed[i]),
      changed[i], p_environment, p_revision, p_note);
  end loop;
  -- The revision as committed, so the writer needs no second read to know what is live.
  return jsonb_build_object('committed', true, 'revision', p_revision, 'at', stamp, 'actor', label,
    'registry', (select v.registry from portal_deploy.revisions v where v.environment = p_environment and v.revision = p_revision),
    'remotes', after_history, 'action', left(coalesce(nullif(p_action, ''), 'change'), 200));
end
$$;

-- The registry browsers read: the newest revision's (an empty one before the first change).
-- Public, as the registry always was; what it holds was checked when it was committed.
create function portal_deploy_api.registry_document(p_environment text) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  newest portal_deploy.revisions;
begin
  perform portal_deploy.require_environment(p_environment);
  select v.* into newest from portal_deploy.revisions v where v.environment = p_environment order by v.revision desc limit 1;
  if not found then
    return jsonb_build_object('revision', 0, 'at', null, 'registry',
      jsonb_build_object('schemaVersion', 1, 'environment', p_environment, 'updatedAt', '1970-01-01T00:00:00.000Z', 'remotes', '{}'::jsonb));
  end if;
  return jsonb_build_object('revision', newest.revision, 'at', newest.created_at, 'registry', newest.registry);
end
$$;

-- The audit trail: who did what, when, from which revision. Any signed-in person of the
-- project may read it (the portal's Status page shows it).
create function portal_deploy_api.audit_log(p_environment text default null, p_remote text default null, p_limit integer default 100) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
begin
  if (select auth.uid()) is null then
    perform portal_deploy.refuse('not_signed_in', 'Sign in to read who changed what.');
  end if;
  if p_environment is not null then perform portal_deploy.require_environment(p_environment); end if;
  return coalesce((
    select jsonb_agg(jsonb_build_object('id', a.id, 'at', a.at, 'environment', a.environment, 'remote', a.remote, 'team', a.team,
      'action', a.action, 'change', a.change, 'revision', a.revision, 'baseRevision', a.base_revision, 'actor', a.actor_label, 'note', a.note)
      order by a.id desc)
    from (select * from portal_deploy.audit x
           where (p_environment is null or x.environment is null or x.environment = p_environment)
             and (p_remote is null or x.remote = p_remote)
           order by x.id desc limit least(greatest(p_limit, 1), 1000)) a), '[]'::jsonb);
end
$$;

-- Teams, members, credentials, remotes and platform owners, for status.
create function portal_deploy_api.overview() returns jsonb
language plpgsql stable security definer set search_path = '' as $$
begin
  perform portal_deploy.require_participant();
  return jsonb_build_object(
    'platformOwners', coalesce((select jsonb_agg(coalesce(u.email, o.user_id::text) order by u.email)
       from portal_deploy.platform_owners o left join auth.users u on u.id = o.user_id), '[]'::jsonb),
    'teams', coalesce((select jsonb_agg(jsonb_build_object(
        'name', t.name, 'title', t.title,
        'members', coalesce((select jsonb_agg(coalesce(u.email, m.user_id::text) order by u.email)
           from portal_deploy.members m left join auth.users u on u.id = m.user_id where m.team = t.name), '[]'::jsonb),
        'credentials', coalesce((select jsonb_agg(jsonb_build_object('name', c.name, 'createdAt', c.created_at, 'createdBy', c.created_by,
             'revokedAt', c.revoked_at, 'revokedBy', c.revoked_by) order by c.created_at)
           from portal_deploy.credentials c where c.team = t.name and c.user_id is not null), '[]'::jsonb),
        'remotes', coalesce((select jsonb_agg(r.name order by r.name) from portal_deploy.remotes r where r.team = t.name), '[]'::jsonb)
      ) order by t.name) from portal_deploy.teams t), '[]'::jsonb),
    'remotes', coalesce((select jsonb_agg(jsonb_build_object('name', r.name, 'team', r.team, 'route', r.route) order by r.name)
       from portal_deploy.remotes r), '[]'::jsonb));
end
$$;

-- Credentials: made and revoked through the deploy-credentials function, which creates and
-- deletes the credential's user with the service key after these have said yes.
create function portal_deploy_api.begin_credential(p_team text, p_name text) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  made uuid;
begin
  perform portal_deploy.require_participant();
  if not exists (select 1 from portal_deploy.teams t where t.name = p_team) then
    raise exception using errcode = 'P0002', message = format('There is no team %s.', p_team), detail = 'unknown_team';
  end if;
  if not (portal_deploy.is_platform_owner()
          or (portal_deploy.caller_kind() = 'person' and exists (select 1 from portal_deploy.members m where m.team = p_team and m.user_id = (select auth.uid()))))
  then
    perform portal_deploy.refuse('team_member_only',
      format('Only members of team %s (people, not credentials) and platform owners make its credentials; %s may not.', p_team, portal_deploy.caller_label()),
      'Ask a member of the team or a platform owner.');
  end if;
  insert into portal_deploy.credentials (team, name, created_by) values (p_team, p_name, portal_deploy.caller_label()) returning id into made;
  perform portal_deploy.record('credential create', format('credential %s of team %s made', p_name, p_team), p_team);
  return made;
exception when unique_violation then
  raise exception using errcode = '23505', detail = 'credential_exists',
    message = format('Team %s has an active credential %s already; revoke it first or choose another name.', p_team, p_name);
end
$$;

-- Only the deploy-credentials function, with the service key, binds a user to a credential.
create function portal_deploy_api.attach_credential_user(p_credential uuid, p_user uuid) returns void
language plpgsql security definer set search_path = '' as $$
begin
  if portal_deploy.caller_kind() <> 'service' then
    perform portal_deploy.refuse('service_only', 'Only the deploy-credentials function binds a credential to its user.');
  end if;
  update portal_deploy.credentials set user_id = p_user where id = p_credential and user_id is null;
  if not found then
    raise exception using errcode = 'P0002', message = 'No credential waits for its user with that id.', detail = 'unknown_credential';
  end if;
end
$$;

-- Revokes at once (every later call of the credential is refused); answers the user to delete.
create function portal_deploy_api.revoke_credential(p_team text, p_name text) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  revoked portal_deploy.credentials;
begin
  perform portal_deploy.require_participant();
  if not (portal_deploy.is_platform_owner()
          or (portal_deploy.caller_kind() = 'person' and exists (select 1 from portal_deploy.members m where m.team = p_team and m.user_id = (select auth.uid()))))
  then
    perform portal_deploy.refuse('team_member_only',
      format('Only members of team %s and platform owners revoke its credentials; %s may not.', p_team, portal_deploy.caller_label()));
  end if;
  update portal_deploy.credentials c set revoked_at = now(), revoked_by = portal_deploy.caller_label()
   where c.team = p_team and c.name = p_name and c.revoked_at is null
  returning c.* into revoked;
  if not found then
    raise exception using errcode = 'P0002', message = format('Team %s has no active credential %s.', p_team, p_name), detail = 'unknown_credential';
  end if;
  perform portal_deploy.record('credential revoke', format('credential %s of team %s revoked', p_name, p_team), p_team);
  return jsonb_build_object('team', p_team, 'name', p_name, 'user_id', revoked.user_id, 'revoked_at', revoked.revoked_at);
end
$$;

-- Privileges: the predicates storage policies call, and the API to signed-in callers.
revoke all on all functions in schema portal_deploy from public, anon, authenticated, service_role;
grant execute on function portal_deploy.is_environment_bucket(text) to anon, authenticated, service_role;
grant execute on function portal_deploy.may_add_release_file(text, text) to authenticated;
grant execute on function portal_deploy.is_platform_owner() to authenticated;
revoke all on all functions in schema portal_deploy_api from public, anon, authenticated;
grant execute on all functions in schema portal_deploy_api to authenticated;
grant execute on function portal_deploy_api.registry_document(text) to anon;
grant execute on function portal_deploy_api.add_platform_owner(text) to service_role;
grant execute on function portal_deploy_api.attach_credential_user(uuid, uuid) to service_role;
