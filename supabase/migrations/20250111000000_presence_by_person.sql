-- Presence by person: who is in the portal is seen only by people who share a project, and a
-- tab's identity is the topic Postgres authorised it on, never what its payload claims.
--
-- Each person tracks their tabs on a private channel of their own, `presence:<user id>`. Only that
-- person may track there (INSERT on realtime.messages, extension 'presence'); only that person
-- and the people who share a project with them may join it and receive its presence (SELECT).
-- Realtime checks both with the caller's verified JWT when the channel is joined (and again when
-- the client hands it a new access token), so whoever a viewer sees on `presence:<id>` was
-- signed in as <id>: the page keys people by the topic and ignores any identity in the payload.
-- Realtime does not stamp a presence payload with the JWT's subject (hosted or emulator), so a
-- shared channel could not say who tracked what. docs/architecture.md#presence says why this
-- shape, and what it costs (one channel per co-member over the page's one socket).
--
-- Membership changes reach the people they concern as rows of `public.membership_changes`
-- (published for realtime, read under RLS), so an open page follows who it may see.
--
-- Replaces the portal-wide `portal:presence` channel of 20250105000000_live_rooms.sql, which
-- told everyone signed in where everyone was. Written for Supabase; runs unchanged on hosted
-- projects and on the portal emulator.

drop policy if exists "portal presence: everyone signed in sees who is here" on realtime.messages;
drop policy if exists "portal presence: everyone signed in is seen" on realtime.messages;

-- The person a presence topic names: `presence:<uuid>` → uuid, anything else → null (checked to
-- be a plain lower-case uuid before the cast, so an odd topic is simply nobody's).
create function public.presence_topic_user(p_topic text) returns uuid
language sql immutable set search_path = '' as $$
  select case when p_topic ~ '^presence:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
              then substr(p_topic, 10)::uuid end
$$;
grant execute on function public.presence_topic_user(text) to authenticated, service_role;

create policy "presence: a person and the people sharing a project with them see their tabs"
  on realtime.messages for select to authenticated
  using (
    realtime.messages.extension = 'presence'
    and (
      public.presence_topic_user((select realtime.topic())) = (select auth.uid())
      or public.shares_project_with(public.presence_topic_user((select realtime.topic())))
    )
  );
create policy "presence: each person tracks on their own topic only"
  on realtime.messages for insert to authenticated
  with check (
    realtime.messages.extension = 'presence'
    and public.presence_topic_user((select realtime.topic())) = (select auth.uid())
  );

-- Who may now see whom changed ------------------------------------------------------------------
-- One row each time a person joins or leaves a project, a project changes owner or is deleted.
-- The row is readable (and so sent by realtime) to the person it names and to the project's
-- owner and members, who re-read whom they share a project with. A signal, not a history: its
-- key is a plain number, so a deletion (which realtime sends as the key alone to every
-- subscriber of a table) tells nobody anything; project_members itself is not published because
-- its key is (project_id, user_id).
create table public.membership_changes (
  id bigint generated always as identity primary key,
  project_id bigint not null,
  user_id uuid not null,
  changed_at timestamptz not null default now()
);
comment on table public.membership_changes is
  'Who joined or left which project (written by triggers); tells open pages to re-read whom they share a project with.';

alter table public.membership_changes enable row level security;
create policy "membership changes: the person named and the project's people"
  on public.membership_changes for select to authenticated
  using (user_id = (select auth.uid()) or public.in_project_room(project_id));
grant select on public.membership_changes to authenticated;
grant all on public.membership_changes to service_role;

create function public.note_membership_change() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_table_name = 'project_members' then
    if tg_op in ('INSERT', 'UPDATE') then
      insert into public.membership_changes (project_id, user_id) values (new.project_id, new.user_id);
    end if;
    if tg_op in ('DELETE', 'UPDATE') then
      insert into public.membership_changes (project_id, user_id) values (old.project_id, old.user_id);
    end if;
  elsif tg_op = 'DELETE' then
    insert into public.membership_changes (project_id, user_id) values (old.id, old.owner_id);
  else
    insert into public.membership_changes (project_id, user_id)
    values (new.id, new.owner_id), (old.id, old.owner_id);
  end if;
  return null;
end
$$;
revoke execute on function public.note_membership_change() from public, anon, authenticated;

create trigger project_members_note_change after insert or delete or update of project_id, user_id
  on public.project_members for each row execute function public.note_membership_change();
create trigger projects_note_owner_change after update of owner_id on public.projects
  for each row when (old.owner_id is distinct from new.owner_id) execute function public.note_membership_change();
create trigger projects_note_deletion after delete on public.projects
  for each row execute function public.note_membership_change();

alter publication supabase_realtime add table public.membership_changes;
