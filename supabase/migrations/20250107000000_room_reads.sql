-- Unread messages per room: how far each person has read each room they are in. A room's unread
-- count is the number of messages others wrote after that point (all of them when the person
-- never opened the room). Both functions run as the caller (security invoker), so the policies on
-- public.messages and public.room_reads decide what they see: only rooms the caller is in, only
-- the caller's own read markers. Written for Supabase; runs unchanged on the portal emulator.

create table public.room_reads (
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  project_id bigint not null references public.projects (id) on delete cascade,
  last_read_at timestamptz not null,
  primary key (user_id, project_id)
);
comment on table public.room_reads is 'How far each person has read each project room (the newest message they have seen).';

alter table public.room_reads enable row level security;

create policy "room reads: own markers" on public.room_reads for select to authenticated
  using (user_id = (select auth.uid()));
create policy "room reads: mark rooms one is in" on public.room_reads for insert to authenticated
  with check (user_id = (select auth.uid()) and public.in_project_room(project_id));
create policy "room reads: move own markers" on public.room_reads for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()) and public.in_project_room(project_id));

-- Marks a room read through `p_through` (the newest message the person has seen). A marker never
-- moves back: two tabs reading at different speeds keep the furthest point.
create function public.mark_room_read(p_project_id bigint, p_through timestamptz) returns timestamptz
language sql volatile security invoker set search_path = '' as $$
  insert into public.room_reads as r (user_id, project_id, last_read_at)
  values (auth.uid(), p_project_id, p_through)
  on conflict (user_id, project_id) do update set last_read_at = greatest(r.last_read_at, excluded.last_read_at)
  returning last_read_at
$$;
revoke execute on function public.mark_room_read(bigint, timestamptz) from public, anon;
grant execute on function public.mark_room_read(bigint, timestamptz) to authenticated, service_role;

-- The caller's unread messages per room (only rooms with some).
create function public.room_unread_counts() returns table (project_id bigint, unread bigint)
language sql stable security invoker set search_path = '' as $$
  select m.project_id, count(*)::bigint
  from public.messages m
  left join public.room_reads r on r.project_id = m.project_id and r.user_id = auth.uid()
  where m.author_id <> auth.uid()
    and (r.last_read_at is null or m.created_at > r.last_read_at)
  group by m.project_id
$$;
revoke execute on function public.room_unread_counts() from public, anon;
grant execute on function public.room_unread_counts() to authenticated, service_role;
