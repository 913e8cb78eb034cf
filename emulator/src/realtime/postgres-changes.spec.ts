// postgres_changes end to end: rows written through the REST API (as the portal writes
// them), changes captured in Postgres and delivered after commit to subscribers of the
// official client, each checked under RLS as that subscriber. PGlite, and a real PostgreSQL
// server when TEST_DATABASE_URL names one.
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import {
  ANON_KEY,
  postgresTestUrl,
  startTestEmulator,
  type TestEmulator,
} from '../../test/harness.js';
import { Inbox, mintToken, subscribed } from '../../test/realtime/spec-support.js';

const ALICE = 'a1111111-1111-4111-8111-111111111111';
const BOB = 'b2222222-2222-4222-8222-222222222222';

const MIGRATION = `
create table public.notes (
  id bigint generated always as identity primary key,
  owner uuid not null,
  body text not null,
  priority int not null default 0 check (priority >= 0),
  tags text[] not null default '{}'
);
alter table public.notes enable row level security;
create policy "read own notes" on public.notes for select using (owner = auth.uid());
alter publication supabase_realtime add table public.notes;

-- No RLS, every old value kept.
create table public.events (id bigint generated always as identity primary key, kind text not null, size int, payload text);
alter table public.events replica identity full;
alter publication supabase_realtime add table public.events;

create table public.unpublished (id int primary key);
create table public.late (id int primary key, label text);

-- Lets a test change the publication at run time, through the REST API.
create function public.publish_late() returns void language sql security definer as $$
  alter publication supabase_realtime add table public.late;
$$;
revoke execute on function public.publish_late() from public, anon, authenticated;
`;

interface Change {
  schema: string;
  table: string;
  commit_timestamp: string;
  eventType: string;
  new: Record<string, unknown>;
  old: Record<string, unknown>;
  errors: unknown;
}

interface System {
  extension: string;
  status: string;
  message: string;
}

const engines: [name: string, postgres: boolean][] = [['PGlite', false]];
if (postgresTestUrl()) engines.push(['PostgreSQL', true]);

describe.each(engines)('realtime postgres_changes on %s', (_engine, postgres) => {
  let emulator: TestEmulator;
  let admin: SupabaseClient;
  const clients: SupabaseClient[] = [];

  async function as(sub: string | null): Promise<SupabaseClient> {
    const created = emulator.client(ANON_KEY);
    clients.push(created);
    if (sub) await created.realtime.setAuth(await mintToken({ sub }));
    return created;
  }

  function changes(
    channel: RealtimeChannel,
    filter: { event: '*' | 'INSERT' | 'UPDATE' | 'DELETE'; table: string; filter?: string },
  ): Inbox<Change> {
    const inbox = new Inbox<Change>();
    channel.on(
      'postgres_changes' as never,
      { schema: 'public', ...filter } as never,
      (payload: Change) => inbox.push(payload),
    );
    return inbox;
  }

  function systemMessages(channel: RealtimeChannel): Inbox<System> {
    const inbox = new Inbox<System>();
    channel.on('system', {}, (payload) => inbox.push(payload as System));
    return inbox;
  }

  async function insertNote(row: {
    owner: string;
    body: string;
    priority?: number;
    tags?: string[];
  }) {
    const { data, error } = await admin.from('notes').insert(row).select().single();
    if (error) throw new Error(`insert failed: ${error.message}`);
    return data as { id: number };
  }

  async function insertEvent(row: { kind: string; size?: number; payload?: string }) {
    const { data, error } = await admin.from('events').insert(row).select().single();
    if (error) throw new Error(`insert failed: ${error.message}`);
    return data as { id: number };
  }

  beforeAll(async () => {
    emulator = await startTestEmulator({
      postgres,
      files: { 'migrations/20240101000000_realtime.sql': MIGRATION },
    });
    admin = emulator.admin();
  }, 90_000);

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.removeAllChannels()));
  });

  afterAll(() => emulator?.stop());

  it('delivers INSERT, UPDATE and DELETE with the payload the client expects', async () => {
    const channel = (await as(ALICE)).channel('alice-notes');
    const received = changes(channel, { event: '*', table: 'notes' });
    const system = systemMessages(channel);
    await subscribed(channel);
    expect(await system.next()).toMatchObject({
      extension: 'postgres_changes',
      status: 'ok',
      message: 'Subscribed to PostgreSQL',
    });

    const { id } = await insertNote({ owner: ALICE, body: 'first', priority: 2, tags: ['a', 'b'] });
    const insert = await received.next();
    expect(insert).toEqual({
      schema: 'public',
      table: 'notes',
      commit_timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      eventType: 'INSERT',
      new: { id, owner: ALICE, body: 'first', priority: 2, tags: ['a', 'b'] },
      old: {},
      errors: null,
    });

    await admin.from('notes').update({ body: 'edited' }).eq('id', id);
    const update = await received.next();
    expect(update.eventType).toBe('UPDATE');
    expect(update.new).toMatchObject({ id, body: 'edited' });
    // RLS on: old records carry the primary key only (Supabase's rule).
    expect(update.old).toEqual({ id });

    await admin.from('notes').delete().eq('id', id);
    const removed = await received.next();
    expect(removed).toMatchObject({ eventType: 'DELETE', new: {}, old: { id } });
  });

  it('matches filters: eq, neq, lt, lte, gt, gte, in (and the builder AND lists)', async () => {
    const channel = (await as(ALICE)).channel('alice-filters');
    const byFilter: Record<string, Inbox<Change>> = {};
    for (const filter of [
      'priority=eq.5',
      'priority=neq.5',
      'priority=lt.5',
      'priority=lte.5',
      'priority=gt.5',
      'priority=gte.5',
      'body=in.(apple,"cherry, ripe")',
      'priority=gt.1,priority=lt.9',
    ]) {
      byFilter[filter] = changes(channel, { event: 'INSERT', table: 'notes', filter });
    }
    const all = changes(channel, { event: 'INSERT', table: 'notes' });
    await subscribed(channel);

    for (const [body, priority] of [
      ['apple', 1],
      ['banana', 5],
      ['cherry, ripe', 9],
    ] as const) {
      await insertNote({ owner: ALICE, body, priority });
    }
    await insertNote({ owner: ALICE, body: 'sentinel', priority: 0 });
    await all.next((c) => c.new.body === 'sentinel', 'the sentinel row');
    const bodies = (filter: string) =>
      byFilter[filter]!.received.map((c) => c.new.body).filter((b) => b !== 'sentinel');
    expect(bodies('priority=eq.5')).toEqual(['banana']);
    expect(bodies('priority=neq.5')).toEqual(['apple', 'cherry, ripe']);
    expect(bodies('priority=lt.5')).toEqual(['apple']);
    expect(bodies('priority=lte.5')).toEqual(['apple', 'banana']);
    expect(bodies('priority=gt.5')).toEqual(['cherry, ripe']);
    expect(bodies('priority=gte.5')).toEqual(['banana', 'cherry, ripe']);
    expect(bodies('body=in.(apple,"cherry, ripe")')).toEqual(['apple', 'cherry, ripe']);
    expect(bodies('priority=gt.1,priority=lt.9')).toEqual(['banana']);
  });

  it('sends each subscriber only the rows its own JWT may select', async () => {
    const aliceChannel = (await as(ALICE)).channel('notes-alice');
    const bobChannel = (await as(BOB)).channel('notes-bob');
    const anonChannel = (await as(null)).channel('notes-anon');
    const alice = changes(aliceChannel, { event: 'INSERT', table: 'notes' });
    const bob = changes(bobChannel, { event: 'INSERT', table: 'notes' });
    const anon = changes(anonChannel, { event: 'INSERT', table: 'notes' });
    const sentinels = [aliceChannel, bobChannel, anonChannel].map((c) =>
      changes(c, { event: 'INSERT', table: 'events' }),
    );
    await Promise.all([subscribed(aliceChannel), subscribed(bobChannel), subscribed(anonChannel)]);

    await insertNote({ owner: ALICE, body: 'alice secret' });
    await insertNote({ owner: BOB, body: 'bob secret' });
    await insertEvent({ kind: 'public sentinel' });

    // Changes reach each socket in commit order: once the sentinel is there, so is every note.
    for (const sentinel of sentinels)
      expect((await sentinel.next()).new.kind).toBe('public sentinel');
    expect(bob.received.map((c) => c.new.body)).toEqual(['bob secret']);
    expect(alice.received.map((c) => c.new.body)).toEqual(['alice secret']);
    expect(anon.received).toEqual([]);
  });

  it('keeps whole old rows for REPLICA IDENTITY FULL tables without RLS, and carries big rows', async () => {
    const channel = (await as(BOB)).channel('events-full');
    const received = changes(channel, { event: '*', table: 'events' });
    await subscribed(channel);
    const { id } = await insertEvent({ kind: 'resize', size: 1 });
    await received.next();
    await admin.from('events').update({ size: 2 }).eq('id', id);
    expect(await received.next()).toMatchObject({
      eventType: 'UPDATE',
      new: { id, size: 2 },
      old: { id, kind: 'resize', size: 1, payload: null },
    });
    await admin.from('events').delete().eq('id', id);
    expect(await received.next()).toMatchObject({
      eventType: 'DELETE',
      old: { id, kind: 'resize', size: 2 },
    });

    // Over NOTIFY's 8000-byte limit: the change waits in a queue table, the notification carries its id.
    const big = 'x'.repeat(20_000);
    await insertEvent({ kind: 'big', payload: big });
    const bigChange = await received.next();
    expect(bigChange.new.kind).toBe('big');
    expect(bigChange.new.payload).toBe(big);
  });

  it('narrows payloads to `select` columns and serves schema-wide subscriptions', async () => {
    const channel = (await as(BOB)).channel('narrow-and-wide');
    const narrow = new Inbox<Change>();
    channel.on(
      'postgres_changes',
      { event: 'INSERT', schema: 'public', table: 'events', select: ['id', 'kind'] },
      (payload) => narrow.push(payload as unknown as Change),
    );
    const wide = new Inbox<Change>();
    channel.on('postgres_changes', { event: 'INSERT', schema: 'public' }, (payload) =>
      wide.push(payload as unknown as Change),
    );
    await subscribed(channel);
    const { id } = await insertEvent({ kind: 'narrow', size: 5, payload: 'hidden' });
    expect((await narrow.next()).new).toEqual({ id, kind: 'narrow' });
    expect(await wide.next()).toMatchObject({
      table: 'events',
      new: { id, kind: 'narrow', size: 5, payload: 'hidden' },
    });
    await insertNote({ owner: BOB, body: 'wide too' });
    expect(await wide.next()).toMatchObject({ table: 'notes', new: { body: 'wide too' } });
  });

  it('never delivers a change whose transaction rolled back', async () => {
    const channel = (await as(ALICE)).channel('alice-rollback');
    const received = changes(channel, { event: 'INSERT', table: 'notes' });
    await subscribed(channel);
    const { error } = await admin
      .from('notes')
      .insert({ owner: ALICE, body: 'refused', priority: -1 });
    expect(error).not.toBeNull();
    await insertNote({ owner: ALICE, body: 'accepted' });
    expect((await received.next()).new.body).toBe('accepted');
    expect(received.received.map((c) => c.new.body)).toEqual(['accepted']);
  });

  it('reports subscriptions it cannot serve in a system message, as Realtime words them', async () => {
    const unpublished = (await as(ALICE)).channel('bad-table');
    unpublished.on(
      'postgres_changes',
      { event: '*', schema: 'public', table: 'unpublished' },
      () => undefined,
    );
    const unpublishedSystem = systemMessages(unpublished);
    await subscribed(unpublished);
    expect((await unpublishedSystem.next()).message).toBe(
      'Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect ' +
        'parameters: [event: *, schema: public, table: unpublished, filters: [], select: nil]',
    );

    const badColumn = (await as(ALICE)).channel('bad-column');
    badColumn.on(
      'postgres_changes',
      { event: '*', schema: 'public', table: 'notes', filter: 'notacolumn=eq.123' },
      () => undefined,
    );
    const badColumnSystem = systemMessages(badColumn);
    await subscribed(badColumn);
    expect(await badColumnSystem.next()).toMatchObject({
      status: 'error',
      message: expect.stringMatching(
        /filters: \[\{"notacolumn", "eq", "123", false\}\].*invalid column for filter notacolumn$/,
      ),
    });

    const badValue = (await as(ALICE)).channel('bad-value');
    badValue.on(
      'postgres_changes',
      { event: 'INSERT', schema: 'public', table: 'notes', filter: 'priority=eq.high' },
      () => undefined,
    );
    const badValueSystem = systemMessages(badValue);
    await subscribed(badValue);
    expect((await badValueSystem.next()).message).toMatch(
      /Exception: ERROR 22P02 invalid input syntax for type integer: "high"/,
    );
  });

  it('follows the publication when it changes at run time', async () => {
    const channel = (await as(ALICE)).channel('late-table');
    const received = changes(channel, { event: 'INSERT', table: 'late' });
    const system = systemMessages(channel);
    await subscribed(channel);
    expect((await system.next()).status).toBe('error');
    await channel.unsubscribe();

    const { error } = await admin.rpc('publish_late');
    expect(error).toBeNull();
    const again = (await as(ALICE)).channel('late-table-2');
    const late = changes(again, { event: 'INSERT', table: 'late' });
    const againSystem = systemMessages(again);
    await subscribed(again);
    expect((await againSystem.next()).status).toBe('ok');
    const { error: insertError } = await admin
      .from('late')
      .insert({ id: 1, label: 'now published' });
    expect(insertError).toBeNull();
    expect((await late.next()).new).toEqual({ id: 1, label: 'now published' });
    expect(received.received).toEqual([]);
  });
});
