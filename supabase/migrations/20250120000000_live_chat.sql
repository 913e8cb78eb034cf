-- Chat as people expect it (issue #39): a message is stored once however often its client sends it
-- (an outbox resends after a lost answer), its author may edit or delete it, it may mention people
-- of the room, and names follow what people set on their account, live.
--
-- * `messages.client_id`: the id the writing client gives a message. Unique per author, so a
--   resend is `insert … on conflict (author_id, client_id) do nothing` and never doubles it.
-- * `messages.edited_at`, `messages.deleted_at`: only the author changes only the text (a trigger
--   keeps the rest, as 20250103000000_policies_owner_checks.sql does for projects and tasks); a
--   deleted message keeps its row (and its client_id, so a late resend cannot bring it back) but
--   loses its text and mentions, and shows as deleted to everyone.
-- * `messages.mentions`: the people of the room a message names; the trigger refuses anyone else.
--   room_members() lists a room's people for those in it (whom the composer offers).
--   room_unread_counts() now also counts the unread messages that mention the caller, and leaves
--   deleted messages out.
-- * profiles follow auth.users: a display name or picture saved on the account (user_metadata, as
--   the account page and supabase.auth.updateUser write them) and a changed email (the default name
--   is the email's local part, which must not stay the old address's) reach `profiles`.
-- * `profile_changes`: a row per changed name or picture, published for realtime and readable by
--   the person and the people sharing a project with them, so open pages read profiles again.
--   A signal table rather than publishing profiles: realtime sends a table's deletions (the key, a
--   user id) to every subscriber, checked by no policy (docs/known-traps.md).
-- Open rooms now hear messages (new, edited, deleted) as postgres_changes of the published
-- `messages` table, checked per reader by RLS; the private room channel carries typing notices only
-- (a broadcast's payload is whatever its client sent: docs/known-traps.md).
-- Written for Supabase; runs unchanged on hosted projects and on the portal emulator.

-- Messages: idempotent sends, edits, deletions, mentions ---------------------------------------
alter table public.messages
  add column client_id uuid,
  add column edited_at timestamptz,
  add column deleted_at timestamptz,
  add column mentions uuid[] not null default '{}';
alter table public.messages add constraint messages_author_id_client_id_key unique (author_id, client_id);
alter table public.messages drop constraint messages_body_check;
alter table public.messages add constraint messages_body_check
  check (case when deleted_at is null then char_length(body) between 1 and 4000 else body = '' end);
alter table public.messages add constraint messages_mentions_check check (cardinality(mentions) <= 50);
comment on column public.messages.client_id is 'The id its client gave the message: a resend of the same id is not stored twice.';
comment on column public.messages.mentions is 'The people of the room the message mentions (they are notified).';

-- Whether every id in `p_people` is the owner or a member of the project. Past RLS, so in the
-- schema the API does not expose and callable by nobody but the trigger below (which runs as its
-- owner): it would otherwise tell anyone who is in which project.
create function private.all_in_project_room(p_project_id bigint, p_people uuid[]) returns boolean
language sql stable security definer set search_path = '' as $$
  select not exists (
    select 1 from unnest(p_people) as person(id)
    where not exists (select 1 from public.projects p where p.id = p_project_id and p.owner_id = person.id)
      and not exists (select 1 from public.project_members m where m.project_id = p_project_id and m.user_id = person.id)
  )
$$;
revoke execute on function private.all_in_project_room(bigint, uuid[]) from public, anon, authenticated;

-- The people of a room (its owner and members), for the caller in it: whom a message may mention.
-- project_members shows a member only themselves, so the room's list comes from here. Past RLS,
-- so it checks the second factor first, as 20250113000000_second_factor_required.sql asks.
create function public.room_members(p_project_id bigint) returns setof uuid
language sql stable security definer set search_path = '' as $$
  select private.require_second_factor();
  select p.owner_id from public.projects p where p.id = p_project_id and public.in_project_room(p_project_id)
  union
  select m.user_id from public.project_members m where m.project_id = p_project_id and public.in_project_room(p_project_id)
$$;
revoke execute on function public.room_members(bigint) from public, anon;
grant execute on function public.room_members(bigint) to authenticated, service_role;

create function public.check_message_write() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'UPDATE' then
    if new.id is distinct from old.id or new.project_id is distinct from old.project_id
       or new.author_id is distinct from old.author_id or new.created_at is distinct from old.created_at
       or new.client_id is distinct from old.client_id then
      raise exception 'Only a message''s text and mentions can change' using errcode = '42501';
    end if;
    if old.deleted_at is not null then
      raise exception 'This message was deleted' using errcode = '42501';
    end if;
    if new.deleted_at is not null then
      new.body := '';
      new.mentions := '{}';
      new.deleted_at := now();
      new.edited_at := old.edited_at;
      return new;
    end if;
    new.edited_at := case when new.body is distinct from old.body then now() else old.edited_at end;
  elsif new.deleted_at is not null or new.edited_at is not null then
    raise exception 'A new message is neither edited nor deleted' using errcode = '42501';
  end if;
  new.mentions := array(select distinct m from unnest(new.mentions) as m);
  if not private.all_in_project_room(new.project_id, new.mentions) then
    raise exception 'Only people of the room can be mentioned' using errcode = '23514';
  end if;
  return new;
end
$$;
revoke execute on function public.check_message_write() from public, anon, authenticated;
create trigger messages_check_write before insert or update on public.messages
  for each row execute function public.check_message_write();

-- Authors change their own messages (the trigger above says what may change).
create policy "messages: authors edit and delete their own" on public.messages for update to authenticated
  using (author_id = (select auth.uid()) and public.in_project_room(project_id))
  with check (author_id = (select auth.uid()) and public.in_project_room(project_id));

-- Unread per room, and how many of those mention the caller; deleted messages are not unread.
drop function public.room_unread_counts();
create function public.room_unread_counts() returns table (project_id bigint, unread bigint, mentions bigint)
language sql stable security invoker set search_path = '' as $$
  select m.project_id, count(*)::bigint, count(*) filter (where auth.uid() = any (m.mentions))::bigint
  from public.messages m
  left join public.room_reads r on r.project_id = m.project_id and r.user_id = auth.uid()
  where m.author_id <> auth.uid()
    and m.deleted_at is null
    and (r.last_read_at is null or m.created_at > r.last_read_at)
  group by m.project_id
$$;
revoke execute on function public.room_unread_counts() from public, anon;
grant execute on function public.room_unread_counts() to authenticated, service_role;

-- Profiles follow the account ----------------------------------------------------------------
-- The name a person chose on their account, or null.
create function public.chosen_display_name(p_meta jsonb) returns text
language sql immutable set search_path = '' as $$
  select nullif(btrim(coalesce(p_meta ->> 'display_name', p_meta ->> 'full_name', p_meta ->> 'name', '')), '')
$$;

create function public.sync_profile_from_user() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  chosen text := public.chosen_display_name(new.raw_user_meta_data);
  was_chosen text := public.chosen_display_name(old.raw_user_meta_data);
  old_default text := nullif(split_part(coalesce(old.email, ''), '@', 1), '');
  new_default text := nullif(split_part(coalesce(new.email, ''), '@', 1), '');
begin
  if chosen is distinct from was_chosen then
    update public.profiles set display_name = left(coalesce(chosen, new_default), 80) where id = new.id;
  elsif chosen is null and old_default is distinct from new_default then
    -- No name chosen: the default follows the address (only while it is still the default).
    update public.profiles set display_name = new_default
    where id = new.id and (display_name is null or display_name = old_default);
  end if;
  if new.raw_user_meta_data ->> 'avatar_url' is distinct from old.raw_user_meta_data ->> 'avatar_url' then
    update public.profiles set avatar_url = nullif(new.raw_user_meta_data ->> 'avatar_url', '') where id = new.id;
  end if;
  return null;
end
$$;
revoke execute on function public.sync_profile_from_user() from public, anon, authenticated;
create trigger on_auth_user_updated after update of raw_user_meta_data, email on auth.users
  for each row execute function public.sync_profile_from_user();

-- What was saved before this migration: a chosen name the profile does not show yet.
update public.profiles p set display_name = left(public.chosen_display_name(u.raw_user_meta_data), 80)
from auth.users u
where u.id = p.id and public.chosen_display_name(u.raw_user_meta_data) is not null
  and p.display_name is distinct from left(public.chosen_display_name(u.raw_user_meta_data), 80);

-- A person's name or picture changed: open pages read profiles again.
create table public.profile_changes (
  id bigint generated always as identity primary key,
  user_id uuid not null,
  changed_at timestamptz not null default now()
);
comment on table public.profile_changes is
  'Whose name or picture changed (written by a trigger); tells open pages to read profiles again.';
alter table public.profile_changes enable row level security;
create policy "profile changes: the person and the people sharing a project with them"
  on public.profile_changes for select to authenticated
  using (user_id = (select auth.uid()) or public.shares_project_with(user_id));
create policy "second factor: aal2 once a factor is verified" on public.profile_changes
  as restrictive for all to authenticated
  using ((select private.second_factor_satisfied())) with check ((select private.second_factor_satisfied()));
grant select on public.profile_changes to authenticated;
grant all on public.profile_changes to service_role;

create function public.note_profile_change() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.profile_changes (user_id) values (new.id);
  return null;
end
$$;
revoke execute on function public.note_profile_change() from public, anon, authenticated;
create trigger profiles_note_change after update of display_name, avatar_url on public.profiles
  for each row when (old.display_name is distinct from new.display_name or old.avatar_url is distinct from new.avatar_url)
  execute function public.note_profile_change();

alter publication supabase_realtime add table public.profile_changes;
