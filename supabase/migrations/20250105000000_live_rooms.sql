-- Live rooms: each project is a room where its owner and members talk. Messages are kept in
-- `public.messages` (history on joining, nothing lost while someone is away); the room's live
-- traffic (new messages, typing, acknowledgements, who is there) goes over the PRIVATE realtime
-- channel `room:<project id>`, which the policies on `realtime.messages` below open to the
-- project's people only. The portal's presence channel `portal:presence` is open to everyone
-- signed in. Projects and tasks are published for the activity feed; Realtime checks each change
-- against the reader's row level security before sending it. Written for Supabase; runs
-- unchanged on hosted projects and on the portal emulator.

create table public.messages (
  id bigint generated always as identity primary key,
  project_id bigint not null references public.projects (id) on delete cascade,
  author_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  body text not null check (char_length(body) between 1 and 4000),
  created_at timestamptz not null default now()
);
comment on table public.messages is 'What people said in a project''s room; read by the project''s owner and members.';
create index messages_project_id_created_at_idx on public.messages (project_id, created_at desc);

-- Whether the caller is in a project's room: its owner or one of its members.
create function public.in_project_room(p_project_id bigint) returns boolean
language sql stable security definer set search_path = '' as $$
  select public.owns_project(p_project_id) or public.project_member_role(p_project_id) is not null
$$;
revoke execute on function public.in_project_room(bigint) from public, anon;
grant execute on function public.in_project_room(bigint) to authenticated, service_role;

-- The project a room topic names: `room:<id>` → id, anything else → null (checked to be a plain
-- number before the cast, so an odd topic is simply no room rather than an error).
create function public.room_project_id(p_topic text) returns bigint
language sql immutable set search_path = '' as $$
  select case when p_topic ~ '^room:[0-9]{1,18}$' then substr(p_topic, 6)::bigint end
$$;
grant execute on function public.room_project_id(text) to authenticated, service_role;

alter table public.messages enable row level security;

create policy "messages: room members read" on public.messages for select to authenticated
  using (public.in_project_room(project_id));
-- Members write as themselves only; messages are never edited or deleted by clients.
create policy "messages: room members write as themselves" on public.messages for insert to authenticated
  with check (author_id = (select auth.uid()) and public.in_project_room(project_id));

-- Private channels (realtime.messages, evaluated per topic with realtime.topic()) -------------
create policy "rooms: members receive broadcasts and presence" on realtime.messages for select to authenticated
  using (
    realtime.messages.extension in ('broadcast', 'presence')
    and public.in_project_room(public.room_project_id((select realtime.topic())))
  );
create policy "rooms: members broadcast and track presence" on realtime.messages for insert to authenticated
  with check (
    realtime.messages.extension in ('broadcast', 'presence')
    and public.in_project_room(public.room_project_id((select realtime.topic())))
  );

create policy "portal presence: everyone signed in sees who is here" on realtime.messages for select to authenticated
  using ((select realtime.topic()) = 'portal:presence' and realtime.messages.extension in ('broadcast', 'presence'));
create policy "portal presence: everyone signed in is seen" on realtime.messages for insert to authenticated
  with check ((select realtime.topic()) = 'portal:presence' and realtime.messages.extension = 'presence');

-- The activity feed and new messages as database changes -----------------------------------
alter publication supabase_realtime add table public.messages, public.projects;
