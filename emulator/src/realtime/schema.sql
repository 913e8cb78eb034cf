-- Realtime's side of the database, idempotent (runs at every start).
--  * `realtime.messages` and `realtime.topic()` as on Supabase, so private-channel policies
--    written for Supabase work unchanged (RLS on realtime.messages decides who may join).
--  * The `supabase_realtime` publication, created empty as Supabase does; migrations add
--    tables with `alter publication supabase_realtime add table …`.
--  * Change capture: Supabase reads the WAL through a replication slot; PGlite has none, so
--    an AFTER ROW trigger on each published table NOTIFYs the change instead. NOTIFY is
--    delivered after commit only, so rolled-back changes never reach a subscriber.
create schema if not exists realtime;
grant usage on schema realtime to postgres, anon, authenticated, service_role;

create table if not exists realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp without time zone not null default now(),
  inserted_at timestamp without time zone not null default now(),
  id uuid not null default gen_random_uuid(),
  primary key (id, inserted_at)
);
alter table realtime.messages enable row level security;
grant select, insert, update, delete on realtime.messages to postgres, anon, authenticated, service_role;

-- The channel topic a policy is evaluated for (set per check by the realtime service).
create or replace function realtime.topic() returns text
language sql stable as $$
  select nullif(current_setting('realtime.topic', true), '')::text
$$;
grant execute on function realtime.topic() to postgres, anon, authenticated, service_role;

do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;

-- Changes too big for one NOTIFY (8000 bytes) wait here; the notification carries the id.
create table if not exists realtime.change_queue (
  id bigint generated always as identity primary key,
  change jsonb not null,
  created_at timestamptz not null default now()
);
revoke all on realtime.change_queue from public, anon, authenticated;

-- One captured row change → one notification on `realtime_changes` (after commit).
-- old_record follows the table's replica identity as logical decoding does: DEFAULT → the
-- primary key, FULL → the whole row, INDEX → the index's columns, NOTHING → nothing.
create or replace function realtime.capture_change() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  identity "char";
  rls boolean;
  key_columns text[];
  old_row jsonb;
  change jsonb;
  body text;
  queued bigint;
begin
  select c.relreplident, c.relrowsecurity into identity, rls from pg_catalog.pg_class c where c.oid = tg_relid;
  select coalesce(array_agg(a.attname::text order by a.attnum), '{}') into key_columns
    from pg_catalog.pg_index i
    join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
   where i.indrelid = tg_relid and i.indisprimary;
  if tg_op in ('UPDATE', 'DELETE') then
    if identity = 'f' then
      old_row := pg_catalog.to_jsonb(old);
    elsif identity = 'n' then
      old_row := '{}'::jsonb;
    elsif identity = 'i' then
      select coalesce(pg_catalog.jsonb_object_agg(e.key, e.value), '{}') into old_row
        from pg_catalog.jsonb_each(pg_catalog.to_jsonb(old)) e
       where e.key in (select a.attname::text from pg_catalog.pg_index i
                         join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
                        where i.indrelid = tg_relid and i.indisreplident);
    else
      select coalesce(pg_catalog.jsonb_object_agg(e.key, e.value), '{}') into old_row
        from pg_catalog.jsonb_each(pg_catalog.to_jsonb(old)) e
       where e.key = any (key_columns);
    end if;
  end if;
  change := pg_catalog.jsonb_build_object(
    'schema', tg_table_schema,
    'table', tg_table_name,
    'type', tg_op,
    'commit_timestamp', pg_catalog.to_char(pg_catalog.now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'primary_key', pg_catalog.to_jsonb(key_columns),
    'rls', rls,
    'record', case when tg_op <> 'DELETE' then pg_catalog.to_jsonb(new) end,
    'old_record', old_row);
  body := change::text;
  if pg_catalog.octet_length(body) > 7900 then
    insert into realtime.change_queue (change) values (change) returning id into queued;
    body := pg_catalog.jsonb_build_object('queued', queued)::text;
  end if;
  perform pg_catalog.pg_notify('realtime_changes', body);
  return null;
end
$$;

-- Capture triggers on exactly the tables of the publication, for the operations it
-- publishes; stale ones are dropped. Cheap when nothing changed (catalog reads only).
create or replace function realtime.sync_capture_triggers() returns void
language plpgsql security definer set search_path = '' as $$
declare
  wanted_type int;
  r record;
begin
  select case when p.pubinsert then 4 else 0 end + case when p.pubdelete then 8 else 0 end
       + case when p.pubupdate then 16 else 0 end
    into wanted_type
    from pg_catalog.pg_publication p where p.pubname = 'supabase_realtime';
  for r in
    with wanted as (
      select c.oid as relid
        from pg_catalog.pg_publication_tables pt
        join pg_catalog.pg_namespace n on n.nspname = pt.schemaname
        join pg_catalog.pg_class c on c.relnamespace = n.oid and c.relname = pt.tablename
       where pt.pubname = 'supabase_realtime' and pt.schemaname <> 'realtime'
         and coalesce(wanted_type, 0) <> 0
    ),
    existing as (
      select t.tgrelid as relid, t.tgtype::int as tgtype
        from pg_catalog.pg_trigger t where t.tgname = 'supabase_realtime_capture'
    )
    select coalesce(w.relid, e.relid)::regclass as rel, w.relid is not null as want, e.relid is not null as has,
           e.tgtype
      from wanted w full join existing e on e.relid = w.relid
  loop
    if r.has and (not r.want or r.tgtype <> 1 + wanted_type) then
      execute pg_catalog.format('drop trigger supabase_realtime_capture on %s', r.rel);
      r.has := false;
    end if;
    if r.want and not r.has then
      execute pg_catalog.format(
        'create trigger supabase_realtime_capture after %s on %s for each row execute function realtime.capture_change()',
        pg_catalog.concat_ws(' or ',
          case when wanted_type & 4 <> 0 then 'insert' end,
          case when wanted_type & 16 <> 0 then 'update' end,
          case when wanted_type & 8 <> 0 then 'delete' end),
        r.rel);
    end if;
  end loop;
end
$$;

create or replace function realtime.sync_capture_triggers_on_ddl() returns event_trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform realtime.sync_capture_triggers();
end
$$;

-- Keep triggers in step with `alter publication` (and new tables of a FOR ALL TABLES
-- publication). Creating an event trigger needs a superuser: without one, the service still
-- syncs at start and whenever a channel subscribes to postgres_changes.
do $$
begin
  if not exists (select 1 from pg_event_trigger where evtname = 'realtime_sync_capture_triggers') then
    create event trigger realtime_sync_capture_triggers on ddl_command_end
      when tag in ('CREATE PUBLICATION', 'ALTER PUBLICATION', 'DROP PUBLICATION', 'CREATE TABLE',
                   'CREATE TABLE AS', 'SELECT INTO')
      execute function realtime.sync_capture_triggers_on_ddl();
  end if;
exception when insufficient_privilege then
  raise notice 'realtime: no event trigger (needs a superuser); capture triggers sync at start and on subscribe';
end
$$;

-- Whether the current role (set from the subscriber's JWT) may see a changed row. INSERT and
-- UPDATE: the row must be selectable now, by primary key, under RLS (as Supabase's WALRUS does).
-- DELETE: the row is gone, so table access is enough (Supabase sends DELETEs the same way).
-- A table with RLS but no primary key cannot be checked row by row: nothing is visible.
create or replace function realtime.change_visible(entity regclass, kind text, row_values jsonb) returns boolean
language plpgsql stable security invoker set search_path = '' as $$
declare
  condition text;
  visible boolean;
begin
  if not pg_catalog.has_any_column_privilege(entity, 'SELECT') then
    return false;
  end if;
  if kind = 'DELETE' then
    return true;
  end if;
  select pg_catalog.string_agg(pg_catalog.format('t.%I = r.%I', a.attname, a.attname), ' and ')
    into condition
    from pg_catalog.pg_index i
    join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
   where i.indrelid = entity and i.indisprimary;
  if condition is null then
    return not (select c.relrowsecurity from pg_catalog.pg_class c where c.oid = entity);
  end if;
  execute pg_catalog.format(
    'select exists (select 1 from %s t, pg_catalog.jsonb_populate_record(null::%s, $1) r where %s)',
    entity, entity, condition)
    into visible using row_values;
  return visible;
exception when insufficient_privilege then
  return false;
end
$$;

-- The columns (name and type, as the client converts them) the current role may select.
create or replace function realtime.selectable_columns(entity regclass) returns jsonb
language sql stable security invoker set search_path = '' as $$
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('name', a.attname, 'type', t.typname)
                                       order by a.attnum), '[]')
    from pg_catalog.pg_attribute a
    join pg_catalog.pg_type t on t.oid = a.atttypid
   where a.attrelid = entity and a.attnum > 0 and not a.attisdropped
     and pg_catalog.has_column_privilege(entity, a.attnum, 'SELECT')
$$;

-- Runs the two checks above as one subscriber: `settings` are the (name, value) pairs that
-- make the transaction that subscriber (role, request.jwt.claims …), as `withClaims` sets them.
-- One call per subscriber, all in one statement, keeps a change to one round trip.
create or replace function realtime.judge_as(settings jsonb, entity regclass, kind text, row_values jsonb,
  out visible boolean, out columns jsonb)
language plpgsql volatile security invoker as $$
declare
  setting jsonb;
begin
  for setting in select value from pg_catalog.jsonb_array_elements(settings) loop
    perform pg_catalog.set_config(setting ->> 0, setting ->> 1, true);
  end loop;
  visible := realtime.change_visible(entity, kind, row_values);
  columns := realtime.selectable_columns(entity);
end
$$;

grant execute on function realtime.change_visible(regclass, text, jsonb), realtime.selectable_columns(regclass),
  realtime.judge_as(jsonb, regclass, text, jsonb)
  to postgres, anon, authenticated, service_role;

select realtime.sync_capture_triggers();
