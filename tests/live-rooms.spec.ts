// The live rooms' backend (supabase/migrations/…_live_rooms.sql) through supabase-js against a
// real emulator with the portal's supabase/ folder. Dana owns "Launch website" (project 1) and
// "Home renovation" (project 2); Sam is an editor on project 1 only, so room:1 is theirs and
// room:2 is Dana's alone.
import path from 'node:path';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { startTestEmulator, type TestEmulator } from '../emulator/test/harness.js';
import { Inbox, subscribeOutcome } from '../emulator/test/realtime/spec-support.js';

const REPO = path.resolve(__dirname, '..');
const DANA = { email: 'demo@example.com', password: 'demo-password-1', id: 'd0000000-0000-4000-8000-000000000001' };
const SAM = { email: 'sam@example.com', password: 'demo-password-2', id: 'd0000000-0000-4000-8000-000000000002' };

let emulator: TestEmulator;
let dana: SupabaseClient;
let sam: SupabaseClient;

async function signedIn(person: { email: string; password: string }): Promise<SupabaseClient> {
  const client = emulator.client();
  const { error } = await client.auth.signInWithPassword(person);
  if (error) throw error;
  return client;
}

function room(client: SupabaseClient, projectId: number): RealtimeChannel {
  return client.channel(`room:${projectId}`, { config: { private: true, broadcast: { ack: true } } });
}

beforeAll(async () => {
  emulator = await startTestEmulator({ copySupabaseDir: path.join(REPO, 'supabase') });
  [dana, sam] = await Promise.all([signedIn(DANA), signedIn(SAM)]);
}, 120_000);

afterEach(async () => {
  await Promise.all([dana.removeAllChannels(), sam.removeAllChannels()]);
});

afterAll(() => emulator?.stop());

describe('live rooms: messages and private channels', () => {
  it('lets the members of a project join its private room and hear each other’s broadcasts, acknowledged', async () => {
    const danaRoom = room(dana, 1);
    const samRoom = room(sam, 1);
    const heard = new Inbox<{ event: string; payload: unknown }>();
    samRoom.on('broadcast', { event: 'message' }, (m) => heard.push({ event: m.event, payload: m.payload }));
    await expect(subscribeOutcome(danaRoom)).resolves.toEqual({ status: 'SUBSCRIBED' });
    await expect(subscribeOutcome(samRoom)).resolves.toEqual({ status: 'SUBSCRIBED' });

    await expect(danaRoom.send({ type: 'broadcast', event: 'message', payload: { body: 'hello Sam' } })).resolves.toBe('ok');
    await expect(heard.next()).resolves.toEqual({ event: 'message', payload: { body: 'hello Sam' } });
  });

  it('refuses a person who is not in the project: the private room, and its messages', async () => {
    const { error: written } = await dana.from('messages').insert({ project_id: 2, body: 'Only for me' });
    expect(written).toBeNull();

    const outcome = await subscribeOutcome(room(sam, 2));
    expect(outcome.status).toBe('CHANNEL_ERROR');
    expect(outcome.error?.message).toMatch(/Unauthorized/);

    const read = await sam.from('messages').select('*').eq('project_id', 2);
    expect(read.error).toBeNull();
    expect(read.data).toEqual([]);
    const insert = await sam.from('messages').insert({ project_id: 2, body: 'Let me in' });
    expect(insert.error?.code).toBe('42501');

    // The anonymous key cannot join either, nor read.
    const anon = emulator.client();
    expect((await subscribeOutcome(room(anon, 1))).status).toBe('CHANNEL_ERROR');
    expect((await anon.from('messages').select('*')).data ?? []).toEqual([]);
    await anon.removeAllChannels();
  });

  it('keeps messages for the room’s people, written only as oneself', async () => {
    const sent = await sam.from('messages').insert({ project_id: 1, body: 'Kept for later' }).select().single();
    expect(sent.error).toBeNull();
    expect(sent.data).toMatchObject({ project_id: 1, author_id: SAM.id, body: 'Kept for later' });

    const history = await dana.from('messages').select('body, author_id').eq('project_id', 1).order('created_at');
    expect(history.data).toContainEqual({ body: 'Kept for later', author_id: SAM.id });

    const forged = await sam.from('messages').insert({ project_id: 1, author_id: DANA.id, body: 'Signed: Dana' });
    expect(forged.error?.code).toBe('42501');
    const empty = await sam.from('messages').insert({ project_id: 1, body: '' });
    expect(empty.error?.code).toBe('23514');
  });

  it('sends new messages and task changes as database changes only to the people who may read them', async () => {
    const feeds = new Map<string, Inbox<{ table: string; project: unknown; body?: unknown }>>();
    for (const [name, client] of [
      ['dana', dana],
      ['sam', sam],
    ] as const) {
      const inbox = new Inbox<{ table: string; project: unknown; body?: unknown }>();
      feeds.set(name, inbox);
      const channel = client
        .channel(`activity:${name}`)
        .on('postgres_changes', { event: '*', schema: 'public', table: 'messages' }, (p) =>
          inbox.push({ table: p.table, project: (p.new as { project_id?: unknown }).project_id, body: (p.new as { body?: unknown }).body }),
        )
        .on('postgres_changes', { event: '*', schema: 'public', table: 'tasks' }, (p) =>
          inbox.push({ table: p.table, project: (p.new as { project_id?: unknown }).project_id }),
        );
      await expect(subscribeOutcome(channel)).resolves.toEqual({ status: 'SUBSCRIBED' });
    }
    await dana.from('messages').insert({ project_id: 2, body: 'private note' });
    await dana.from('tasks').update({ done: true }).eq('title', 'Choose a tap');
    await dana.from('messages').insert({ project_id: 1, body: 'for both' });

    const samFeed = feeds.get('sam')!;
    await expect(samFeed.next((c) => c.body === 'for both')).resolves.toMatchObject({ table: 'messages', project: 1 });
    await expect(feeds.get('dana')!.next((c) => c.body === 'private note')).resolves.toMatchObject({ project: 2 });
    await expect(feeds.get('dana')!.next((c) => c.table === 'tasks')).resolves.toMatchObject({ project: 2 });
    // Changes reach a subscriber in commit order: by the time Sam heard "for both", the two
    // earlier changes of project 2 would have arrived had they been sent to him.
    expect(samFeed.received.filter((c) => c.project === 2)).toEqual([]);
  });

  it('counts each person’s unread messages per room from their read marker, which only moves forward', async () => {
    const counts = async (client: SupabaseClient) => {
      const { data, error } = await client.rpc('room_unread_counts');
      expect(error).toBeNull();
      return Object.fromEntries((data as { project_id: number; unread: number }[]).map((r) => [r.project_id, Number(r.unread)]));
    };
    const newest = async (projectId: number) =>
      ((await dana.from('messages').select('created_at').eq('project_id', projectId).order('created_at', { ascending: false }).limit(1).single()).data as {
        created_at: string;
      }).created_at;

    // Sam never opened room 1: everything Dana wrote there is unread; his own messages never are.
    const before = (await counts(sam))[1] ?? 0;
    await dana.from('messages').insert([{ project_id: 1, body: 'unread one' }, { project_id: 1, body: 'unread two' }]);
    await sam.from('messages').insert({ project_id: 1, body: 'mine' });
    expect((await counts(sam))[1]).toBe(before + 2);
    expect((await counts(sam))[2]).toBeUndefined(); // not his room: not even counted

    const through = await newest(1);
    const marked = await sam.rpc('mark_room_read', { p_project_id: 1, p_through: through });
    expect(marked.error).toBeNull();
    expect((await counts(sam))[1]).toBeUndefined();
    // An older point (a slower tab) does not move the marker back.
    await sam.rpc('mark_room_read', { p_project_id: 1, p_through: '2000-01-01T00:00:00Z' });
    expect((await counts(sam))[1]).toBeUndefined();
    await dana.from('messages').insert({ project_id: 1, body: 'after reading' });
    expect((await counts(sam))[1]).toBe(1);

    // Markers are one's own, and only for rooms one is in.
    expect((await dana.from('room_reads').select('user_id')).data).not.toContainEqual({ user_id: SAM.id });
    const intruding = await sam.rpc('mark_room_read', { p_project_id: 2, p_through: through });
    expect(intruding.error?.code).toBe('42501');
  });
});
