// Writes and rpc through the official client against a real emulator: insert (single, bulk,
// columns), upsert, update, delete, every Prefer option, statuses and headers, RLS between two
// users, and functions (scalar, set-returning, overloaded, void, json body, GET/HEAD/POST).
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  ANON_KEY,
  SERVICE_ROLE_KEY,
  startTestEmulator,
  type TestEmulator,
  type EmulatorOptions,
} from '../harness.js';
import {
  ALICE,
  BOB,
  FIXTURE_MIGRATION,
  FIXTURE_SEED,
  REST_CONFIG_TOML,
  userToken,
} from './test-fixture.js';

export function describeRestWrites(
  title: string,
  options: Pick<EmulatorOptions, 'postgres'> = {},
): void {
  describe(title, () => {
    let emulator: TestEmulator;
    let admin: SupabaseClient;
    let anon: SupabaseClient;
    let alice: SupabaseClient;
    let bob: SupabaseClient;
    let rest: string;
    const serviceHeaders = {
      apikey: SERVICE_ROLE_KEY,
      Authorization: `Bearer ${SERVICE_ROLE_KEY}`,
    };

    beforeAll(async () => {
      emulator = await startTestEmulator({
        ...options,
        configToml: REST_CONFIG_TOML,
        files: {
          'migrations/20240101000000_fixture.sql': FIXTURE_MIGRATION,
          'seed.sql': FIXTURE_SEED,
        },
      });
      admin = emulator.admin();
      anon = emulator.client();
      const as = async (sub: string) =>
        emulator.client(ANON_KEY, {
          global: { headers: { Authorization: `Bearer ${await userToken(sub)}` } },
        });
      alice = await as(ALICE);
      bob = await as(BOB);
      rest = `${emulator.apiUrl}/rest/v1`;
    }, 120_000);

    afterAll(() => emulator?.stop());

    describe('insert', () => {
      it('inserts one row with 201 and no body by default', async () => {
        const { data, error, status } = await admin.from('todos').insert({ title: 'first' });
        expect([data, error, status]).toEqual([null, null, 201]);
      });

      it('returns the representation with select(), defaults filled', async () => {
        const { data, status } = await admin
          .from('todos')
          .insert({ title: 'second', tags: ['a', 'b'], meta: { k: [1, 2] } })
          .select()
          .single();
        expect(status).toBe(201);
        expect(data).toMatchObject({
          title: 'second',
          done: false,
          priority: 3,
          tags: ['a', 'b'],
          meta: { k: [1, 2] },
          code: null,
        });
        expect(typeof data.id).toBe('number');
      });

      it('inserts in bulk with columns= (missing keys are null) or missing=default', async () => {
        const nulls = await admin
          .from('todos')
          .insert([{ title: 'b1', priority: 1 }, { title: 'b2' }])
          .select('title,priority');
        expect(nulls.data).toEqual([
          { title: 'b1', priority: 1 },
          { title: 'b2', priority: null },
        ]);
        const defaults = await admin
          .from('todos')
          .insert([{ title: 'd1', priority: 1 }, { title: 'd2' }], { defaultToNull: false })
          .select('title,priority');
        expect(defaults.data).toEqual([
          { title: 'd1', priority: 1 },
          { title: 'd2', priority: 3 },
        ]);
      });

      it('writes only the columns named by columns=', async () => {
        const response = await fetch(`${rest}/todos?columns=title&select=title,priority`, {
          method: 'POST',
          headers: {
            ...serviceHeaders,
            'Content-Type': 'application/json',
            Prefer: 'return=representation',
          },
          body: JSON.stringify({ title: 'only title', priority: 9 }),
        });
        expect(await response.json()).toEqual([{ title: 'only title', priority: 3 }]);
      });

      it('returns embeds in the representation', async () => {
        const { data } = await alice
          .from('messages')
          .insert({ channel_id: 2, body: 'embedded reply' })
          .select('body,author:users!author_id(username),channels(slug)')
          .single();
        expect(data).toEqual({
          body: 'embedded reply',
          author: { username: 'alice' },
          channels: { slug: 'random' },
        });
      });

      it('counts inserted rows and answers Content-Range */n', async () => {
        const response = await fetch(`${rest}/todos`, {
          method: 'POST',
          headers: { ...serviceHeaders, 'Content-Type': 'application/json', Prefer: 'count=exact' },
          body: JSON.stringify([{ title: 'c1' }, { title: 'c2' }]),
        });
        expect(response.status).toBe(201);
        expect(response.headers.get('content-range')).toBe('*/2');
        expect(response.headers.get('preference-applied')).toBe('count=exact');
        expect(await response.text()).toBe('');
      });

      it('answers headers-only with a Location', async () => {
        const response = await fetch(`${rest}/todos`, {
          method: 'POST',
          headers: {
            ...serviceHeaders,
            'Content-Type': 'application/json',
            Prefer: 'return=headers-only',
          },
          body: JSON.stringify({ title: 'located' }),
        });
        expect(response.status).toBe(201);
        expect(response.headers.get('location')).toMatch(/^\/todos\?id=eq\.\d+$/);
      });

      it('inserts CSV', async () => {
        const response = await fetch(`${rest}/todos?select=title,priority`, {
          method: 'POST',
          headers: {
            ...serviceHeaders,
            'Content-Type': 'text/csv',
            Prefer: 'return=representation',
          },
          body: 'title,priority\ncsv one,1\n"csv, two",2',
        });
        expect(await response.json()).toEqual([
          { title: 'csv one', priority: 1 },
          { title: 'csv, two', priority: 2 },
        ]);
      });

      it('inserts nothing for an empty array', async () => {
        const { data, status } = await admin.from('todos').insert([]).select();
        expect([data, status]).toEqual([[], 201]);
      });
    });

    describe('upsert', () => {
      it('merges duplicates on the primary key or on_conflict columns', async () => {
        const first = await admin
          .from('todos')
          .upsert({ title: 'u1', code: 'U' }, { onConflict: 'code' })
          .select('id,title,code')
          .single();
        const second = await admin
          .from('todos')
          .upsert({ title: 'u2', code: 'U' }, { onConflict: 'code' })
          .select('id,title,code')
          .single();
        expect(second.data).toEqual({ id: first.data!.id, title: 'u2', code: 'U' });
        const byPk = await admin
          .from('todos')
          .upsert({ id: first.data!.id, title: 'u3' })
          .select('title')
          .single();
        expect(byPk.data).toEqual({ title: 'u3' });
      });

      it('ignores duplicates and reports the resolution applied', async () => {
        const response = await fetch(`${rest}/todos?on_conflict=code&select=title`, {
          method: 'POST',
          headers: {
            ...serviceHeaders,
            'Content-Type': 'application/json',
            Prefer: 'resolution=ignore-duplicates, return=representation',
          },
          body: JSON.stringify([
            { title: 'ignored', code: 'U' },
            { title: 'fresh', code: 'F' },
          ]),
        });
        expect(response.headers.get('preference-applied')).toBe(
          'resolution=ignore-duplicates, return=representation',
        );
        expect(await response.json()).toEqual([{ title: 'fresh' }]);
      });

      it('answers 409 for a unique violation without resolution', async () => {
        const { error, status } = await admin.from('todos').insert({ title: 'dup', code: 'F' });
        expect(status).toBe(409);
        expect(error).toMatchObject({ code: '23505', details: 'Key (code)=(F) already exists.' });
      });
    });

    describe('update and delete', () => {
      it('updates with filters: 204 by default, 200 with the representation', async () => {
        const { data: row } = await admin
          .from('todos')
          .insert({ title: 'to update' })
          .select('id')
          .single();
        const minimal = await admin.from('todos').update({ done: true }).eq('id', row!.id);
        expect([minimal.status, minimal.data]).toEqual([204, null]);
        const full = await admin
          .from('todos')
          .update({ priority: 1 })
          .eq('id', row!.id)
          .select('done,priority');
        expect([full.status, full.data]).toEqual([200, [{ done: true, priority: 1 }]]);
      });

      it('counts updated rows in Content-Range', async () => {
        await admin.from('todos').insert([
          { title: 'cr', code: 'CR1' },
          { title: 'cr', code: 'CR2' },
        ]);
        const { count, status } = await admin
          .from('todos')
          .update({ priority: 5 }, { count: 'exact' })
          .eq('title', 'cr');
        expect([count, status]).toEqual([2, 204]);
      });

      it('deletes with filters and returns what was deleted', async () => {
        await admin.from('todos').insert({ title: 'doomed' });
        const { data, status } = await admin
          .from('todos')
          .delete()
          .eq('title', 'doomed')
          .select('title');
        expect([data, status]).toEqual([[{ title: 'doomed' }], 200]);
      });

      it('limits PATCH and DELETE to the ordered first rows', async () => {
        await admin.from('todos').insert([
          { title: 'limited', priority: 1 },
          { title: 'limited', priority: 2 },
          { title: 'limited', priority: 3 },
        ]);
        const updated = await admin
          .from('todos')
          .update({ done: true })
          .eq('title', 'limited')
          .order('priority', { ascending: false })
          .limit(2)
          .select('priority');
        expect(updated.data).toEqual([{ priority: 3 }, { priority: 2 }]);
        const deleted = await admin
          .from('todos')
          .delete()
          .eq('title', 'limited')
          .order('priority')
          .limit(1)
          .select('priority');
        expect(deleted.data).toEqual([{ priority: 1 }]);
      });

      it('upserts one row with PUT addressed by its primary key', async () => {
        const put = (id: number, body: unknown, prefer = 'return=representation') =>
          fetch(`${rest}/todos?id=eq.${id}&select=id,title`, {
            method: 'PUT',
            headers: { ...serviceHeaders, 'Content-Type': 'application/json', Prefer: prefer },
            body: JSON.stringify(body),
          });
        const created = await put(9001, { id: 9001, title: 'put new' });
        expect([created.status, await created.json()]).toEqual([
          201,
          [{ id: 9001, title: 'put new' }],
        ]);
        const replaced = await put(9001, { id: 9001, title: 'put replaced' }, 'return=minimal');
        expect(replaced.status).toBe(204);
        expect((await admin.from('todos').select('title').eq('id', 9001).single()).data).toEqual({
          title: 'put replaced',
        });
        const mismatch = await put(9001, { id: 9002, title: 'x' });
        expect([mismatch.status, ((await mismatch.json()) as { code: string }).code]).toEqual([
          400,
          'PGRST115',
        ]);
        const wrongFilter = await fetch(`${rest}/todos?title=eq.x`, {
          method: 'PUT',
          headers: { ...serviceHeaders, 'Content-Type': 'application/json' },
          body: '{"title":"x"}',
        });
        expect([wrongFilter.status, ((await wrongFilter.json()) as { code: string }).code]).toEqual(
          [405, 'PGRST105'],
        );
      });

      it('refuses UPDATE and DELETE without a filter, as Supabase (21000)', async () => {
        const update = await fetch(`${rest}/todos`, {
          method: 'PATCH',
          headers: { ...serviceHeaders, 'Content-Type': 'application/json' },
          body: '{"done":true}',
        });
        expect(update.status).toBe(400);
        expect(await update.json()).toMatchObject({
          code: '21000',
          message: 'UPDATE requires a WHERE clause',
        });
        const response = await fetch(`${rest}/todos`, {
          method: 'DELETE',
          headers: serviceHeaders,
        });
        expect(response.status).toBe(400);
        expect(await response.json()).toMatchObject({
          code: '21000',
          message: 'DELETE requires a WHERE clause',
        });
      });

      it('rolls back with Prefer: tx=rollback and still answers', async () => {
        const { data: row } = await admin
          .from('todos')
          .insert({ title: 'stays' })
          .select('id')
          .single();
        const response = await fetch(`${rest}/todos?id=eq.${row!.id}`, {
          method: 'DELETE',
          headers: { ...serviceHeaders, Prefer: 'tx=rollback, return=representation' },
        });
        expect(response.headers.get('preference-applied')).toBe(
          'return=representation, tx=rollback',
        );
        expect(await response.json()).toEqual([expect.objectContaining({ title: 'stays' })]);
        expect((await admin.from('todos').select('title').eq('id', row!.id)).data).toEqual([
          { title: 'stays' },
        ]);
        const rollback = await admin
          .from('todos')
          .update({ title: 'changed' })
          .eq('id', row!.id)
          .rollback()
          .select('title');
        expect(rollback.data).toEqual([{ title: 'changed' }]);
        expect((await admin.from('todos').select('title').eq('id', row!.id)).data).toEqual([
          { title: 'stays' },
        ]);
      });

      it('enforces max-affected with handling=strict, rolling back', async () => {
        await admin.from('todos').insert([{ title: 'many' }, { title: 'many' }, { title: 'many' }]);
        // maxAffected is typed for clients declaring PostgREST 13+; the wire is the same.
        type Limited = {
          maxAffected(rows: number): PromiseLike<{ error: unknown; status: number }> & {
            select(columns: string): PromiseLike<{ data: unknown[] | null }>;
          };
        };
        const limited = () =>
          admin.from('todos').update({ done: true }).eq('title', 'many') as unknown as Limited;
        const { error, status } = await limited().maxAffected(2);
        expect(status).toBe(400);
        expect(error).toMatchObject({ code: 'PGRST124', details: 'The query affects 3 rows' });
        expect((await admin.from('todos').select('done').eq('title', 'many')).data).toEqual([
          { done: false },
          { done: false },
          { done: false },
        ]);
        const allowed = await limited().maxAffected(3).select('done');
        expect(allowed.data).toHaveLength(3);
      });

      it('rolls back a write whose single() result is not one row', async () => {
        const { error, status } = await admin
          .from('todos')
          .insert([{ title: 'pair' }, { title: 'pair' }])
          .select()
          .single();
        expect(status).toBe(406);
        expect(error).toMatchObject({ code: 'PGRST116' });
        expect((await admin.from('todos').select('id').eq('title', 'pair')).data).toEqual([]);
      });
    });

    describe('row level security between two users', () => {
      it('lets each user insert only their own rows', async () => {
        const own = await alice
          .from('notes')
          .insert({ title: 'alice new' })
          .select('title,owner_id')
          .single();
        expect(own.data).toEqual({ title: 'alice new', owner_id: ALICE });
        const forged = await alice.from('notes').insert({ title: 'forged', owner_id: BOB });
        expect(forged.status).toBe(403);
        expect(forged.error).toMatchObject({
          code: '42501',
          message: 'new row violates row-level security policy for table "notes"',
        });
      });

      it('answers 401 to anon for an RLS violation', async () => {
        const { status, error } = await anon
          .from('notes')
          .insert({ title: 'anon', owner_id: ALICE });
        expect(status).toBe(401);
        expect(error).toMatchObject({ code: '42501' });
      });

      it('hides other users rows from update and delete', async () => {
        const update = await bob
          .from('notes')
          .update({ title: 'hacked' })
          .eq('owner_id', ALICE)
          .select();
        expect(update.data).toEqual([]);
        const remove = await bob.from('notes').delete().eq('owner_id', ALICE).select();
        expect(remove.data).toEqual([]);
        expect(
          (await admin.from('notes').select('title').eq('owner_id', ALICE).order('id')).data,
        ).toEqual([{ title: 'alice note 1' }, { title: 'alice note 2' }, { title: 'alice new' }]);
        const own = await bob
          .from('notes')
          .update({ done: true })
          .eq('owner_id', BOB)
          .select('title,done');
        expect(own.data).toEqual([{ title: 'bob note', done: true }]);
      });

      it('lets service_role bypass RLS', async () => {
        const { data } = await admin
          .from('notes')
          .update({ done: true })
          .eq('owner_id', ALICE)
          .select('id');
        expect(data).toHaveLength(3);
      });

      it('applies the select policy to returned rows', async () => {
        const { data } = await alice
          .from('messages')
          .insert({ channel_id: 1, body: 'visible' })
          .select('author_id')
          .single();
        expect(data).toEqual({ author_id: ALICE });
        const other = await bob
          .from('messages')
          .update({ body: 'edited' })
          .eq('author_id', ALICE)
          .select();
        expect(other.data).toEqual([]);
      });
    });

    describe('rpc', () => {
      it('calls a scalar function by POST with JSON arguments and defaults', async () => {
        expect((await anon.rpc('add', { a: 1, b: 2 })).data).toBe(3);
        expect((await anon.rpc('add', { a: 1 })).data).toBe(11);
      });

      it('calls by GET and HEAD with query arguments', async () => {
        expect((await anon.rpc('add', { a: 5 }, { get: true })).data).toBe(15);
        const head = await anon.rpc('numbers', { n: 4 }, { head: true, count: 'exact' });
        expect([head.status, head.data, head.count]).toEqual([200, null, 4]);
        expect((await anon.rpc('sum_array', { vals: [1, 2, 3] }, { get: true })).data).toBe(6);
      });

      it('filters, orders, pages and embeds a set-returning function like a table', async () => {
        const { data } = await anon
          .rpc('channel_messages', { channel: 1 })
          .select('id,author:users!author_id(username)')
          .gt('id', 1)
          .lte('id', 5)
          .order('id', { ascending: false })
          .limit(1);
        expect(data).toEqual([{ id: 5, author: { username: 'alice' } }]);
        const counted = await anon.rpc('numbers', { n: 10 }, { count: 'exact' }).range(2, 4);
        expect([counted.data, counted.count, counted.status]).toEqual([[3, 4, 5], 10, 206]);
        expect((await anon.rpc('channel_stats').eq('slug', 'general')).data).toEqual([
          { slug: 'general', total: expect.any(Number) },
        ]);
      });

      it('returns a single composite as an object', async () => {
        expect((await anon.rpc('first_user').select('username')).data).toEqual({
          username: 'alice',
        });
      });

      it('picks overloads by argument names and refuses ambiguous ones (PGRST203)', async () => {
        expect((await anon.rpc('describe', { n: 3 })).data).toBe('number 3');
        expect((await anon.rpc('describe', { s: 'x' })).data).toBe('text x');
        const { error, status } = await anon.rpc('same', { x: '1' });
        expect(status).toBe(300);
        expect(error).toMatchObject({ code: 'PGRST203' });
        expect(error!.message).toContain('public.same(x => integer), public.same(x => text)');
      });

      it('passes the whole body to a single unnamed json parameter', async () => {
        expect((await anon.rpc('echo_body', { any: ['thing', 1] })).data).toEqual({
          any: ['thing', 1],
        });
      });

      it('answers 204 for a void function, which may write', async () => {
        const { data: row } = await admin
          .from('todos')
          .insert({ title: 'touch me' })
          .select('id')
          .single();
        const { status, data } = await admin.rpc('touch_todo', { todo: row!.id });
        expect([status, data]).toEqual([204, null]);
        expect((await admin.from('todos').select('done').eq('id', row!.id).single()).data).toEqual({
          done: true,
        });
      });

      it('rolls back a call whose single() result is not one row', async () => {
        const { error, status } = await admin
          .rpc('add_todos', { title: 'rpc pair', n: 2 })
          .single();
        expect(status).toBe(406);
        expect(error).toMatchObject({ code: 'PGRST116' });
        expect((await admin.from('todos').select('id').eq('title', 'rpc pair')).data).toEqual([]);
        const one = await admin.rpc('add_todos', { title: 'rpc one', n: 1 }).single();
        expect(one.data).toMatchObject({ title: 'rpc one', done: false });
        expect((await admin.from('todos').select('title').eq('title', 'rpc one')).data).toEqual([
          { title: 'rpc one' },
        ]);
      });

      it('runs GET in a read-only transaction (25006 → 405)', async () => {
        const { error, status } = await admin.rpc('touch_todo', { todo: 1 }, { get: true });
        expect(status).toBe(405);
        expect(error).toMatchObject({ code: '25006' });
      });

      it('answers PGRST202 (404) for unknown functions or arguments, with a hint', async () => {
        const { error, status } = await anon.rpc('addd', { a: 1 });
        expect(status).toBe(404);
        expect(error).toMatchObject({
          code: 'PGRST202',
          message: 'Could not find the function public.addd(a) in the schema cache',
          hint: 'Perhaps you meant to call the function public.add',
        });
        // PostgREST names another function only when its fuzzy score is 0.75 or more (add: 0.67).
        expect((await anon.rpc('ad', { a: 1 })).error).toMatchObject({ hint: null });
        expect((await anon.rpc('add', { z: 1 })).error).toMatchObject({ code: 'PGRST202' });
      });

      it('maps raise exception to 400 and PTxyz to its status', async () => {
        const fail = await anon.rpc('fail', { msg: 'boom' });
        expect([fail.status, fail.error]).toEqual([
          400,
          { code: 'P0001', message: 'boom', details: null, hint: 'raised on purpose' },
        ]);
        const teapot = await anon.rpc('teapot');
        expect([teapot.status, teapot.error?.code]).toEqual([418, 'PT418']);
      });

      it('bounds set-returning functions with handling=strict, max-affected', async () => {
        const call = (fn: string) =>
          fetch(`${rest}/rpc/${fn}`, {
            method: 'POST',
            headers: {
              ...serviceHeaders,
              'Content-Type': 'application/json',
              Prefer: 'handling=strict, max-affected=2',
            },
            body: fn === 'numbers' ? '{"n":3}' : '{"a":1}',
          });
        const tooMany = await call('numbers');
        expect([tooMany.status, ((await tooMany.json()) as { code: string }).code]).toEqual([
          400,
          'PGRST124',
        ]);
        const notSet = await call('add');
        expect([notSet.status, ((await notSet.json()) as { code: string }).code]).toEqual([
          400,
          'PGRST128',
        ]);
      });

      it('answers PGRST101 for other methods', async () => {
        const response = await fetch(`${rest}/rpc/add`, {
          method: 'PATCH',
          headers: { apikey: ANON_KEY },
        });
        expect(response.status).toBe(405);
        expect(await response.json()).toMatchObject({ code: 'PGRST101' });
      });
    });

    describe('profiles', () => {
      it('writes to another exposed schema with Content-Profile', async () => {
        const { data, error } = await admin
          .schema('extra')
          .from('things')
          .insert({ id: 2, label: 'second' })
          .select()
          .single();
        expect(error).toBeNull();
        expect(data).toEqual({ id: 2, label: 'second' });
      });

      it('answers 406 PGRST106 for a schema that is not exposed', async () => {
        const { error, status } = await anon.schema('auth').from('users').select('*');
        expect(status).toBe(406);
        expect(error).toMatchObject({
          code: 'PGRST106',
          message: 'Invalid schema: auth',
          hint: 'Only the following schemas are exposed: public, graphql_public, extra',
        });
      });
    });
  });
}
