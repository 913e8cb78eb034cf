-- The REST service's database side: Supabase's `pgrst_ddl_watch` / `pgrst_drop_watch` event
-- triggers, which tell PostgREST to reload its schema cache after DDL (NOTIFY pgrst). They also
-- flag the transaction (`pgrst.schema_changed`) so an rpc that ran DDL drops the cache before
-- its answer is sent. Idempotent; skipped with a notice where event triggers are not allowed
-- (a server where the emulator's user is not a superuser).
create or replace function extensions.pgrst_ddl_watch() returns event_trigger
language plpgsql security definer set search_path = pg_catalog as $$
begin
  perform pg_notify('pgrst', 'reload schema');
  perform set_config('pgrst.schema_changed', 'on', true);
end
$$;

create or replace function extensions.pgrst_drop_watch() returns event_trigger
language plpgsql security definer set search_path = pg_catalog as $$
begin
  perform pg_notify('pgrst', 'reload schema');
  perform set_config('pgrst.schema_changed', 'on', true);
end
$$;

do $$
begin
  if not exists (select 1 from pg_event_trigger where evtname = 'pgrst_ddl_watch') then
    create event trigger pgrst_ddl_watch on ddl_command_end execute procedure extensions.pgrst_ddl_watch();
  end if;
  if not exists (select 1 from pg_event_trigger where evtname = 'pgrst_drop_watch') then
    create event trigger pgrst_drop_watch on sql_drop execute procedure extensions.pgrst_drop_watch();
  end if;
exception when insufficient_privilege then
  raise notice 'REST schema cache: event triggers need a superuser; reload with NOTIFY pgrst after DDL';
end
$$;
