// Supabase applies its grants and default privileges once, when the database is created: a
// migration's REVOKE must hold across restarts of the emulator on the same data, and so must
// whatever else a migration changed of what the bootstrap set up (the database's search path).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  ANON_KEY,
  startTestEmulator,
  type EmulatorOptions,
  type TestEmulator,
} from '../harness.js';

const MIGRATION = `
  create table public.open_notes (id int primary key, body text);
  create table public.private_notes (id int primary key, body text);
  insert into public.open_notes values (1, 'for everyone');
  insert into public.private_notes values (1, 'not for anon');
  revoke all on public.private_notes from anon;
  create function public.private_answer() returns int language sql as 'select 42';
  revoke execute on function public.private_answer() from anon, public;
  do $$ begin
    execute format('alter database %I set search_path to public, extensions, app', current_database());
  end $$;
  create function public.database_search_path() returns text language sql security definer
    set search_path = '' as $$
      select pg_catalog.array_to_string(array(select c from pg_catalog.unnest(s.setconfig) c
          where c like 'search_path=%'), ';') from pg_catalog.pg_db_role_setting s
        join pg_catalog.pg_database d on d.oid = s.setdatabase
       where d.datname = pg_catalog.current_database() and s.setrole = 0 $$;
`;

export function describePrivileges(title: string, options: EmulatorOptions = {}): void {
  describe(title, () => {
    let emulator: TestEmulator;

    beforeAll(async () => {
      emulator = await startTestEmulator({
        ...options,
        files: { 'migrations/20240101000000_privileges.sql': MIGRATION },
      });
    }, 150_000);

    afterAll(() => emulator?.stop(), 60_000);

    const rest = (pathname: string, init: RequestInit = {}) =>
      fetch(`${emulator.apiUrl}/rest/v1${pathname}`, {
        ...init,
        headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
      });

    async function expectRevoked(): Promise<void> {
      const table = await rest('/private_notes?select=body');
      expect(table.status).toBe(401);
      expect(await table.json()).toMatchObject({ code: '42501' });
      const fn = await rest('/rpc/private_answer', { method: 'POST', body: '{}' });
      expect(fn.status).toBe(401);
      expect(await fn.json()).toMatchObject({ code: '42501' });
      const open = await rest('/open_notes?select=body');
      expect(open.status).toBe(200);
      expect(await open.json()).toEqual([{ body: 'for everyone' }]);
      const service = await emulator.admin().rpc('private_answer');
      expect(service.data).toBe(42);
    }

    it("keeps a migration's revokes on the first start and after restarts", async () => {
      await expectRevoked();
      await emulator.restart();
      await expectRevoked();
      await emulator.restart();
      await expectRevoked();
    }, 150_000);

    it("keeps the database's search path as a migration set it, across restarts", async () => {
      const searchPath = async () => (await emulator.admin().rpc('database_search_path')).data as string;
      expect(await searchPath()).toBe('search_path=public, extensions, app');
      await emulator.restart();
      expect(await searchPath()).toBe('search_path=public, extensions, app');
    }, 150_000);

    it('still applies the default privileges to tables a later migration creates', async () => {
      writeFileSync(
        path.join(emulator.workdir, 'supabase/migrations/20240102000000_later.sql'),
        `create table public.later_notes (id int primary key, body text);
         insert into public.later_notes values (1, 'added later');`,
      );
      await emulator.restart();
      const later = await rest('/later_notes?select=body');
      expect(later.status).toBe(200);
      expect(await later.json()).toEqual([{ body: 'added later' }]);
      await expectRevoked();
    }, 150_000);
  });
}
