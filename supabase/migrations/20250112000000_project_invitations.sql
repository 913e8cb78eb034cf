-- Sharing a project by email address (issue #39, item 8). The owner invites an address with a
-- role; the person who signs in with that address sees the invitation and accepts or declines
-- it, and accepting makes them a member. Nobody learns from an invitation whether an address has
-- an account: an invitation is a row about an address, and the mail (sent by the
-- `project-invitations` function) reads the same either way.
--
-- Who may do what (row level security):
--   * a project's owner creates, sees, changes and revokes (deletes) its invitations;
--   * the person whose address an invitation names sees it and may decline (delete) it, and
--     accepts it with accept_project_invitation(), the only way from an invitation to a membership;
--   * nobody else sees it. The address is the caller's as the auth server put it into their
--     session token (`auth.jwt() ->> 'email'`): a project that confirms addresses before sign-in
--     has it proven; one that does not (`enable_confirmations = false`) trusts it as it trusts
--     the address for everything else.
--
-- Written for Supabase; runs unchanged on hosted projects and on the portal emulator.

create table public.project_invitations (
  id uuid primary key default gen_random_uuid(),
  project_id bigint not null references public.projects (id) on delete cascade,
  email text not null check (email = lower(btrim(email)) and email ~ '^[^@[:space:]]+@[^@[:space:]]+$' and char_length(email) <= 320),
  role public.member_role not null default 'viewer',
  invited_by uuid not null default auth.uid() references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '14 days',
  unique (project_id, email)
);
comment on table public.project_invitations is
  'Invitations to a project by email address, until the invited person accepts (accept_project_invitation) or declines, or the owner revokes them.';
create index project_invitations_email_idx on public.project_invitations (email);
create index project_invitations_invited_by_idx on public.project_invitations (invited_by);

-- The caller's address, as the session token carries it (lower case), or null.
create or replace function public.caller_email() returns text
language sql stable set search_path = '' as $$
  select lower(nullif((select auth.jwt()) ->> 'email', ''))
$$;
revoke execute on function public.caller_email() from public, anon;
grant execute on function public.caller_email() to authenticated, service_role;

alter table public.project_invitations enable row level security;

create policy "invitations: owners and the invited read" on public.project_invitations
  for select to authenticated
  using (public.owns_project(project_id) or email = (select public.caller_email()));
create policy "invitations: owners invite" on public.project_invitations
  for insert to authenticated
  with check (public.owns_project(project_id) and invited_by = (select auth.uid()));
create policy "invitations: owners change" on public.project_invitations
  for update to authenticated
  using (public.owns_project(project_id))
  with check (public.owns_project(project_id) and invited_by = (select auth.uid()));
create policy "invitations: owners revoke, the invited decline" on public.project_invitations
  for delete to authenticated
  using (public.owns_project(project_id) or email = (select public.caller_email()));

-- An invitation names its project and role only: the project, its address and who sent it are
-- fixed once made (an owner re-invites instead).
create or replace function public.guard_invitation_update() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.project_id is distinct from old.project_id or new.email is distinct from old.email then
    raise exception 'an invitation keeps its project and address; invite again instead'
      using errcode = '42501';
  end if;
  return new;
end
$$;
create trigger project_invitations_guard before update on public.project_invitations
  for each row execute function public.guard_invitation_update();

-- The caller's pending invitations, with what they need to decide: the project's name and who
-- invited them (neither of which they may read before they are a member).
create or replace function public.my_project_invitations()
returns table (id uuid, project_id bigint, project_name text, role public.member_role,
               invited_by_name text, created_at timestamptz, expires_at timestamptz)
language sql stable security definer set search_path = '' as $$
  select i.id, i.project_id, p.name, i.role,
         coalesce(pr.display_name, 'The project''s owner'), i.created_at, i.expires_at
  from public.project_invitations i
  join public.projects p on p.id = i.project_id
  left join public.profiles pr on pr.id = i.invited_by
  where i.email = (select public.caller_email()) and i.expires_at > now()
  order by i.created_at desc
$$;
revoke execute on function public.my_project_invitations() from public, anon;
grant execute on function public.my_project_invitations() to authenticated, service_role;

-- Accepting: only the person the invitation names, only while it runs; makes them a member with
-- its role (a member already keeps the higher of the two roles) and spends the invitation.
create or replace function public.accept_project_invitation(p_invitation_id uuid) returns bigint
language plpgsql volatile security definer set search_path = '' as $$
declare
  invitation public.project_invitations;
  me uuid := (select auth.uid());
begin
  select * into invitation from public.project_invitations i
   where i.id = p_invitation_id and i.email = (select public.caller_email())
   for update;
  if not found or me is null then
    raise exception 'no invitation % for you', p_invitation_id
      using errcode = 'P0002', hint = 'It may have been revoked, declined or accepted already, or it was sent to another address.';
  end if;
  if invitation.expires_at <= now() then
    raise exception 'the invitation has expired'
      using errcode = '22023', hint = 'Ask the project''s owner to invite you again.';
  end if;
  if public.owns_project(invitation.project_id) then
    raise exception 'you own this project already' using errcode = '23505';
  end if;
  insert into public.project_members (project_id, user_id, role)
  values (invitation.project_id, me, invitation.role)
  on conflict (project_id, user_id) do update
    set role = greatest(public.project_members.role, excluded.role);
  delete from public.project_invitations where id = invitation.id;
  return invitation.project_id;
end
$$;
revoke execute on function public.accept_project_invitation(uuid) from public, anon;
grant execute on function public.accept_project_invitation(uuid) to authenticated, service_role;
