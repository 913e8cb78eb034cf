-- The portal's demo backend: profiles, projects shared with members, tasks, announcements.
-- Written for Supabase; runs unchanged on hosted projects and on the portal emulator.

create type public.project_status as enum ('planned', 'active', 'paused', 'done');
create type public.member_role as enum ('viewer', 'editor');
create type public.task_priority as enum ('low', 'medium', 'high', 'urgent');

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  display_name text check (char_length(display_name) <= 80),
  avatar_url text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.profiles is 'One per user, created when the user signs up.';

create table public.projects (
  id bigint generated always as identity primary key,
  owner_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  name text not null check (char_length(name) between 1 and 120),
  description text,
  status public.project_status not null default 'planned',
  created_at timestamptz not null default now()
);
create index projects_owner_id_idx on public.projects (owner_id);

create table public.project_members (
  project_id bigint not null references public.projects (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  role public.member_role not null default 'viewer',
  added_at timestamptz not null default now(),
  primary key (project_id, user_id)
);
create index project_members_user_id_idx on public.project_members (user_id);

create table public.tasks (
  id bigint generated always as identity primary key,
  project_id bigint not null references public.projects (id) on delete cascade,
  title text not null check (char_length(title) between 1 and 200),
  done boolean not null default false,
  due_date date,
  priority public.task_priority not null default 'medium',
  tags text[] not null default '{}',
  details jsonb not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index tasks_project_id_idx on public.tasks (project_id);

create table public.announcements (
  id bigint generated always as identity primary key,
  title text not null,
  body text not null,
  published_at timestamptz not null default now()
);

-- The caller's role in a project: 'owner', 'editor', 'viewer' or null. Security definer so
-- policies on projects and members do not recurse into each other.
create function public.project_role(p_project_id bigint) returns text
language sql stable security definer set search_path = '' as $$
  select case
    when exists (select 1 from public.projects p where p.id = p_project_id and p.owner_id = auth.uid()) then 'owner'
    else (select m.role::text from public.project_members m
          where m.project_id = p_project_id and m.user_id = auth.uid())
  end
$$;
revoke execute on function public.project_role(bigint) from public, anon;
grant execute on function public.project_role(bigint) to authenticated, service_role;

-- Whether the caller shares at least one project with a user (to see their profile).
create function public.shares_project_with(p_user_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.projects p
    left join public.project_members m on m.project_id = p.id
    where (p.owner_id = auth.uid() or m.user_id = auth.uid())
      and (p.owner_id = p_user_id or exists (
        select 1 from public.project_members m2 where m2.project_id = p.id and m2.user_id = p_user_id)))
$$;
revoke execute on function public.shares_project_with(uuid) from public, anon;
grant execute on function public.shares_project_with(uuid) to authenticated, service_role;

alter table public.profiles enable row level security;
alter table public.projects enable row level security;
alter table public.project_members enable row level security;
alter table public.tasks enable row level security;
alter table public.announcements enable row level security;

create policy "profiles: read own and collaborators'" on public.profiles for select to authenticated
  using (id = auth.uid() or public.shares_project_with(id));
create policy "profiles: update own" on public.profiles for update to authenticated
  using (id = auth.uid()) with check (id = auth.uid());

create policy "projects: members read" on public.projects for select to authenticated
  using (public.project_role(id) is not null);
create policy "projects: create own" on public.projects for insert to authenticated
  with check (owner_id = auth.uid());
create policy "projects: owners and editors update" on public.projects for update to authenticated
  using (public.project_role(id) in ('owner', 'editor'))
  with check (public.project_role(id) in ('owner', 'editor'));
create policy "projects: owners delete" on public.projects for delete to authenticated
  using (owner_id = auth.uid());

create policy "members: owners manage, members see themselves" on public.project_members
  for select to authenticated using (user_id = auth.uid() or public.project_role(project_id) = 'owner');
create policy "members: owners add" on public.project_members for insert to authenticated
  with check (public.project_role(project_id) = 'owner');
create policy "members: owners change" on public.project_members for update to authenticated
  using (public.project_role(project_id) = 'owner') with check (public.project_role(project_id) = 'owner');
create policy "members: owners remove" on public.project_members for delete to authenticated
  using (public.project_role(project_id) = 'owner');

create policy "tasks: members read" on public.tasks for select to authenticated
  using (public.project_role(project_id) is not null);
create policy "tasks: owners add" on public.tasks for insert to authenticated
  with check (public.project_role(project_id) = 'owner');
create policy "tasks: owners and editors update" on public.tasks for update to authenticated
  using (public.project_role(project_id) in ('owner', 'editor'))
  with check (public.project_role(project_id) in ('owner', 'editor'));
create policy "tasks: owners delete" on public.tasks for delete to authenticated
  using (public.project_role(project_id) = 'owner');

create policy "announcements: everyone signed in reads" on public.announcements for select to authenticated
  using (true);

-- A profile for every new user (sign-up, admin-created, seeded).
create function public.handle_new_user() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.profiles (id, display_name, avatar_url)
  values (new.id,
          coalesce(new.raw_user_meta_data ->> 'display_name', new.raw_user_meta_data ->> 'full_name',
                   split_part(coalesce(new.email, ''), '@', 1)),
          new.raw_user_meta_data ->> 'avatar_url')
  on conflict (id) do nothing;
  return new;
end
$$;
create trigger on_auth_user_created after insert on auth.users
  for each row execute function public.handle_new_user();

create function public.touch_updated_at() returns trigger language plpgsql as $$
begin
  new.updated_at := now();
  return new;
end
$$;
create trigger tasks_touch_updated_at before update on public.tasks
  for each row execute function public.touch_updated_at();
create trigger profiles_touch_updated_at before update on public.profiles
  for each row execute function public.touch_updated_at();

-- Rows changing while someone looks at them (the data remote subscribes to tasks).
do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;
alter publication supabase_realtime add table public.tasks;
