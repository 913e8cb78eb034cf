-- A person who has a verified second factor (an authenticator app, a security key, a phone) uses
-- it in every session: with a session that did not (aal1: a password, a magic link, an email
-- confirmation link), Postgres shows them none of their rows and takes none of their writes, in
-- every table, bucket and private channel. This is Supabase's documented pattern ("Enforce MFA
-- for users who have enrolled"): one RESTRICTIVE policy per table, which is ANDed with the
-- table's permissive policies, so it holds whatever those say. People without a verified factor
-- are not affected, so the portal still works for them at aal1.
--
-- A table added later needs the same policy (tests/rls-initplan.spec.ts fails without it):
--
--   create policy "second factor: aal2 once a factor is verified" on public.<table>
--     as restrictive for all to authenticated
--     using ((select private.second_factor_satisfied()))
--     with check ((select private.second_factor_satisfied()));
--
-- A security definer function bypasses every policy, so one that hands out rows checks the
-- level itself (public.search_passages_fulltext below). Written for Supabase; runs unchanged on
-- hosted projects and on the portal emulator.

-- The helper ---------------------------------------------------------------------------------
-- In a schema the API does not expose, so it is no endpoint of its own. Security definer
-- because the signed-in role may not read auth.mfa_factors (hosted projects do not grant it, nor
-- does the emulator: a policy reading the table directly fails with 42501); it answers only for
-- the caller. Stable, and called as
-- `(select private.second_factor_satisfied())` so Postgres runs it once per statement (an
-- InitPlan), not once per row.
create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to authenticated, service_role;

create or replace function private.second_factor_satisfied() returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce((select auth.jwt() ->> 'aal'), '') = 'aal2'
      or not exists (
        select 1 from auth.mfa_factors f
        where f.user_id = (select auth.uid()) and f.status = 'verified'
      )
$$;
comment on function private.second_factor_satisfied() is
  'True when the caller''s session is at the level their account needs: aal2 once they have a verified factor, any level before.';
revoke execute on function private.second_factor_satisfied() from public, anon;
grant execute on function private.second_factor_satisfied() to authenticated, service_role;

-- The same rule as a refusal, for the security definer functions below (which no policy reaches):
-- 42501, which the REST API answers with 403.
create or replace function private.require_second_factor() returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if not (select private.second_factor_satisfied()) then
    raise exception 'this session has not used the second factor of the account'
      using errcode = '42501', hint = 'Verify with your authenticator app (aal2), then try again.';
  end if;
end
$$;
revoke execute on function private.require_second_factor() from public, anon;
grant execute on function private.require_second_factor() to authenticated, service_role;

-- Every table of the demo schema -------------------------------------------------------------
create policy "second factor: aal2 once a factor is verified" on public.profiles
  as restrictive for all to authenticated
  using ((select private.second_factor_satisfied())) with check ((select private.second_factor_satisfied()));
create policy "second factor: aal2 once a factor is verified" on public.projects
  as restrictive for all to authenticated
  using ((select private.second_factor_satisfied())) with check ((select private.second_factor_satisfied()));
create policy "second factor: aal2 once a factor is verified" on public.project_members
  as restrictive for all to authenticated
  using ((select private.second_factor_satisfied())) with check ((select private.second_factor_satisfied()));
create policy "second factor: aal2 once a factor is verified" on public.tasks
  as restrictive for all to authenticated
  using ((select private.second_factor_satisfied())) with check ((select private.second_factor_satisfied()));
create policy "second factor: aal2 once a factor is verified" on public.announcements
  as restrictive for all to authenticated
  using ((select private.second_factor_satisfied())) with check ((select private.second_factor_satisfied()));
create policy "second factor: aal2 once a factor is verified" on public.messages
  as restrictive for all to authenticated
  using ((select private.second_factor_satisfied())) with check ((select private.second_factor_satisfied()));
create policy "second factor: aal2 once a factor is verified" on public.room_reads
  as restrictive for all to authenticated
  using ((select private.second_factor_satisfied())) with check ((select private.second_factor_satisfied()));
create policy "second factor: aal2 once a factor is verified" on public.search_documents
  as restrictive for all to authenticated
  using ((select private.second_factor_satisfied())) with check ((select private.second_factor_satisfied()));
create policy "second factor: aal2 once a factor is verified" on public.search_passages
  as restrictive for all to authenticated
  using ((select private.second_factor_satisfied())) with check ((select private.second_factor_satisfied()));
create policy "second factor: aal2 once a factor is verified" on public.membership_changes
  as restrictive for all to authenticated
  using ((select private.second_factor_satisfied())) with check ((select private.second_factor_satisfied()));
create policy "second factor: aal2 once a factor is verified" on public.project_invitations
  as restrictive for all to authenticated
  using ((select private.second_factor_satisfied())) with check ((select private.second_factor_satisfied()));

-- Every bucket: one policy on storage.objects covers all of them (and the bucket rows) ----------
-- A public bucket's /object/public/ addresses need no policy, so a picture stays readable there,
-- as it is to anyone without a session.
create policy "second factor: aal2 once a factor is verified" on storage.objects
  as restrictive for all to authenticated
  using ((select private.second_factor_satisfied())) with check ((select private.second_factor_satisfied()));
create policy "second factor: aal2 once a factor is verified" on storage.buckets
  as restrictive for all to authenticated
  using ((select private.second_factor_satisfied())) with check ((select private.second_factor_satisfied()));

-- Private realtime channels: joining (SELECT) and sending (INSERT) on realtime.messages ---------
-- The rooms and each person's presence topic (20250111000000_presence_by_person.sql). Database
-- changes follow the tables' policies above: Realtime reads each row as the subscriber.
create policy "second factor: aal2 once a factor is verified" on realtime.messages
  as restrictive for all to authenticated
  using ((select private.second_factor_satisfied())) with check ((select private.second_factor_satisfied()));

-- The security definer functions that read or write people's rows ------------------------------
-- Each as its last migration made it, with the level checked first: they work past row level
-- security, so no policy above would stop them.

-- 20250109140000_search_pages_and_storage.sql (past RLS for the full-text index's plan).
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
    and (p_sources is null or d.source = any (p_sources))
    and (p_from is null or d.created_at >= p_from)
    and (p_to is null or d.created_at < p_to)
  order by m.rank desc, m.document_id, m.passage_index
  limit least(greatest(p_limit, 1), 200);
end
$$;

-- 20250112000000_project_invitations.sql: the caller's invitations, with the project's name.
create or replace function public.my_project_invitations()
returns table (id uuid, project_id bigint, project_name text, role public.member_role,
               invited_by_name text, created_at timestamptz, expires_at timestamptz)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_second_factor();
  return query
  select i.id, i.project_id, p.name, i.role,
         coalesce(pr.display_name, 'The project''s owner'), i.created_at, i.expires_at
  from public.project_invitations i
  join public.projects p on p.id = i.project_id
  left join public.profiles pr on pr.id = i.invited_by
  where i.email = (select public.caller_email()) and i.expires_at > now()
  order by i.created_at desc;
end
$$;

-- 20250112000000_project_invitations.sql: accepting makes the caller a member.
create or replace function public.accept_project_invitation(p_invitation_id uuid) returns bigint
language plpgsql volatile security definer set search_path = '' as $$
declare
  invitation public.project_invitations;
  me uuid := (select auth.uid());
begin
  perform private.require_second_factor();
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
