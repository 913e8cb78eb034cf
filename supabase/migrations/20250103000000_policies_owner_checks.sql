-- Row level security of the demo schema, rewritten for two defects of the first migration:
--
-- 1. A new person could not add a project and read it back in the same request
--    (`insert … returning`, supabase-js `.insert().select()`): PostgreSQL checks the returned row
--    against the SELECT policy, which asked project_role(id), a security definer function that
--    reads `projects` and so cannot see the row its own statement is inserting. Policies now
--    check a table's own columns directly (`owner_id = (select auth.uid())`); the helper
--    functions answer only questions about other tables (membership, a project's owner).
-- 2. An editor could take a project from its owner (`owner_id`), move a task into another
--    project, and with it out of the owner's hands. A WITH CHECK sees only the new row, so the
--    rules about which columns may change, and by whom, are BEFORE UPDATE triggers that compare
--    the old row with the new one.
--
-- Written for Supabase; runs unchanged on hosted projects and on the portal emulator. The first
-- migration may already be applied, so this one drops and recreates what it replaces.

-- Helpers ----------------------------------------------------------------------------------
-- Security definer so a policy on one table may ask about another without recursing through
-- that table's policies. Each answers for the calling user, and reads the database as it stood
-- when the calling statement began.

-- The caller's membership role in a project ('viewer', 'editor'), or null.
create or replace function public.project_member_role(p_project_id bigint) returns public.member_role
language sql stable security definer set search_path = '' as $$
  select m.role from public.project_members m
  where m.project_id = p_project_id and m.user_id = (select auth.uid())
$$;

-- Whether the caller owns a project.
create or replace function public.owns_project(p_project_id bigint) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.projects p where p.id = p_project_id and p.owner_id = (select auth.uid()))
$$;

-- The caller's role in a project: 'owner', 'editor', 'viewer' or null. No policy uses it any
-- more; clients may still ask (`rpc('project_role')`).
create or replace function public.project_role(p_project_id bigint) returns text
language sql stable security definer set search_path = '' as $$
  select case when public.owns_project(p_project_id) then 'owner'
              else public.project_member_role(p_project_id)::text end
$$;

-- Whether the caller shares at least one project with a user (to see their profile).
create or replace function public.shares_project_with(p_user_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.projects p
    where (p.owner_id = (select auth.uid())
           or exists (select 1 from public.project_members m where m.project_id = p.id and m.user_id = (select auth.uid())))
      and (p.owner_id = p_user_id
           or exists (select 1 from public.project_members m where m.project_id = p.id and m.user_id = p_user_id)))
$$;

revoke execute on function public.project_member_role(bigint), public.owns_project(bigint),
  public.project_role(bigint), public.shares_project_with(uuid) from public, anon;
grant execute on function public.project_member_role(bigint), public.owns_project(bigint),
  public.project_role(bigint), public.shares_project_with(uuid) to authenticated, service_role;

-- Who may change which column (row level security cannot compare old and new rows) -----------
-- Only for signed-in callers: the service role and the database owner (seed, migrations) bypass
-- row level security and are not held to these rules either.

-- A project changes hands only when its owner hands it over.
create or replace function public.guard_project_owner() returns trigger
language plpgsql set search_path = '' as $$
begin
  if (select auth.uid()) is not null and new.owner_id is distinct from old.owner_id
     and old.owner_id is distinct from (select auth.uid()) then
    raise exception 'only the owner of project % can hand it to someone else', old.id
      using errcode = '42501', hint = 'Ask the project''s owner.';
  end if;
  return new;
end
$$;
drop trigger if exists projects_guard_owner on public.projects;
create trigger projects_guard_owner before update of owner_id on public.projects
  for each row execute function public.guard_project_owner();

-- A task moves to another project only when the caller owns both: moving takes it out of one
-- project (as deleting does) and adds it to another (as inserting does), both owners' rights.
create or replace function public.guard_task_project() returns trigger
language plpgsql set search_path = '' as $$
begin
  if (select auth.uid()) is not null and new.project_id is distinct from old.project_id
     and not (public.owns_project(old.project_id) and public.owns_project(new.project_id)) then
    raise exception 'only the owner of both projects can move task % from project % to project %', old.id, old.project_id, new.project_id
      using errcode = '42501', hint = 'Ask the owner of the projects to move it.';
  end if;
  return new;
end
$$;
drop trigger if exists tasks_guard_project on public.tasks;
create trigger tasks_guard_project before update of project_id on public.tasks
  for each row execute function public.guard_task_project();

-- Policies ---------------------------------------------------------------------------------
drop policy if exists "profiles: read own and collaborators'" on public.profiles;
drop policy if exists "profiles: update own" on public.profiles;
drop policy if exists "profiles: create own" on public.profiles;

-- A profile is made when its user signs up; the insert policy lets a client upsert its own.
create policy "profiles: read own and collaborators'" on public.profiles for select to authenticated
  using (id = (select auth.uid()) or public.shares_project_with(id));
create policy "profiles: create own" on public.profiles for insert to authenticated
  with check (id = (select auth.uid()));
create policy "profiles: update own" on public.profiles for update to authenticated
  using (id = (select auth.uid())) with check (id = (select auth.uid()));

drop policy if exists "projects: members read" on public.projects;
drop policy if exists "projects: create own" on public.projects;
drop policy if exists "projects: owners and editors update" on public.projects;
drop policy if exists "projects: owners delete" on public.projects;

create policy "projects: owners and members read" on public.projects for select to authenticated
  using (owner_id = (select auth.uid()) or public.project_member_role(id) is not null);
create policy "projects: create own" on public.projects for insert to authenticated
  with check (owner_id = (select auth.uid()));
-- Who may change owner_id is projects_guard_owner's rule. An update that filters rows (as every
-- REST update does) must also leave a row the caller can still read, so an owner hands a
-- project over only while staying on it as an editor (a project_members row of their own).
create policy "projects: owners and editors update" on public.projects for update to authenticated
  using (owner_id = (select auth.uid()) or public.project_member_role(id) = 'editor')
  with check (owner_id = (select auth.uid()) or public.project_member_role(id) = 'editor');
create policy "projects: owners delete" on public.projects for delete to authenticated
  using (owner_id = (select auth.uid()));

drop policy if exists "members: owners manage, members see themselves" on public.project_members;
drop policy if exists "members: owners add" on public.project_members;
drop policy if exists "members: owners change" on public.project_members;
drop policy if exists "members: owners remove" on public.project_members;

create policy "members: owners manage, members see themselves" on public.project_members
  for select to authenticated using (user_id = (select auth.uid()) or public.owns_project(project_id));
create policy "members: owners add" on public.project_members for insert to authenticated
  with check (public.owns_project(project_id));
create policy "members: owners change" on public.project_members for update to authenticated
  using (public.owns_project(project_id)) with check (public.owns_project(project_id));
create policy "members: owners remove" on public.project_members for delete to authenticated
  using (public.owns_project(project_id));

drop policy if exists "tasks: members read" on public.tasks;
drop policy if exists "tasks: owners add" on public.tasks;
drop policy if exists "tasks: owners and editors update" on public.tasks;
drop policy if exists "tasks: owners delete" on public.tasks;

create policy "tasks: members read" on public.tasks for select to authenticated
  using (public.owns_project(project_id) or public.project_member_role(project_id) is not null);
create policy "tasks: owners add" on public.tasks for insert to authenticated
  with check (public.owns_project(project_id));
-- Moving a task between projects is tasks_guard_project's rule.
create policy "tasks: owners and editors update" on public.tasks for update to authenticated
  using (public.owns_project(project_id) or public.project_member_role(project_id) = 'editor')
  with check (public.owns_project(project_id) or public.project_member_role(project_id) = 'editor');
create policy "tasks: owners delete" on public.tasks for delete to authenticated
  using (public.owns_project(project_id));
