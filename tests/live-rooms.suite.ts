// The live rooms' backend (supabase/migrations/…_live_rooms.sql) through supabase-js against a
// real emulator with the portal's supabase/ folder. Dana owns "Launch website" (project 1) and
// "Home renovation" (project 2); Sam is an editor on project 1 only, so room:1 is theirs and
// room:2 is Dana's alone. Run on PGlite (live-rooms.spec.ts) and on PostgreSQL
// (live-rooms.postgres.spec.ts).
import path from 'node:path';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { startTestEmulator, type EmulatorOptions, type TestEmulator } from '../emulator/test/harness.js';
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

export function describeLiveRooms(title: string, options: Pick<EmulatorOptions, 'postgres'> = {}): void {
  beforeAll(async () => {
    emulator = await startTestEmulator({ copySupabaseDir: path.join(REPO, 'supabase'), reuseSeeded: true, ...options });
    [dana, sam] = await Promise.all([signedIn(DANA), signedIn(SAM)]);
  }, 120_000);

  afterEach(async () => {
    await Promise.all([dana.removeAllChannels(), sam.removeAllChannels()]);
  });

  afterAll(() => emulator?.stop());

  describe(`${title}: messages and private channels`, () => {
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

  describe(`${title}: chat as people expect it (supabase/migrations/…_live_chat.sql)`, () => {
    /** A new person in room 1 (Dana adds them), with a client signed in as them. */
    async function newcomer(label: string, userMetadata: Record<string, unknown> = {}): Promise<{ id: string; email: string; db: SupabaseClient }> {
      const email = `${label}-${Math.random().toString(36).slice(2, 8)}@example.com`;
      const created = await emulator.admin().auth.admin.createUser({ email, password: 'person-pass-42', email_confirm: true, user_metadata: userMetadata });
      if (created.error) throw created.error;
      const added = await dana.from('project_members').insert({ project_id: 1, user_id: created.data.user.id, role: 'viewer' });
      expect(added.error).toBeNull();
      return { id: created.data.user.id, email, db: await signedIn({ email, password: 'person-pass-42' }) };
    }

    it('stores a message once however often its client sends it (on conflict do nothing), per author', async () => {
      const clientId = crypto.randomUUID();
      const send = () =>
        sam
          .from('messages')
          .upsert({ project_id: 1, body: 'sent twice', client_id: clientId }, { onConflict: 'author_id,client_id', ignoreDuplicates: true })
          .select('id, client_id');
      const first = await send();
      expect(first.error).toBeNull();
      expect(first.data).toHaveLength(1);
      const again = await send();
      expect(again).toMatchObject({ error: null, data: [] });
      expect((await sam.from('messages').select('id').eq('client_id', clientId)).data).toHaveLength(1);
      // Another author's message with the same id is theirs, not a duplicate.
      const dana1 = await dana.from('messages').insert({ project_id: 1, body: 'same id, other author', client_id: clientId }).select('id');
      expect(dana1.error).toBeNull();
    });

    it('lets only the author change only the text, marks it edited, and a deletion empties it for good', async () => {
      const written = await sam.from('messages').insert({ project_id: 1, body: 'typo hre' }).select('id, edited_at').single();
      expect(written.error).toBeNull();
      const id = written.data!.id as number;
      expect(written.data!.edited_at).toBeNull();

      const edited = await sam.from('messages').update({ body: 'typo here' }).eq('id', id).select('body, edited_at').single();
      expect(edited.error).toBeNull();
      expect(edited.data!.edited_at).not.toBeNull();
      // Dana may read it, not change it: her update matches no row.
      await expect(dana.from('messages').update({ body: 'Dana was here' }).eq('id', id).select('id')).resolves.toMatchObject({ error: null, data: [] });
      // The author cannot move it, re-date it, or change its client id.
      for (const patch of [{ project_id: 2 }, { created_at: '2000-01-01T00:00:00Z' }, { client_id: crypto.randomUUID() }]) {
        const moved = await sam.from('messages').update(patch).eq('id', id);
        expect(moved.error?.code).toBe('42501');
      }
      const deleted = await sam.from('messages').update({ deleted_at: new Date().toISOString() }).eq('id', id).select('body, deleted_at, mentions').single();
      expect(deleted.error).toBeNull();
      expect(deleted.data).toMatchObject({ body: '', mentions: [] });
      expect(deleted.data!.deleted_at).not.toBeNull();
      const revived = await sam.from('messages').update({ body: 'back again', deleted_at: null }).eq('id', id);
      expect(revived.error?.code).toBe('42501');
      // Nobody deletes rows: a deleted message keeps its place (and its client id).
      await sam.from('messages').delete().eq('id', id);
      expect((await dana.from('messages').select('id').eq('id', id)).data).toHaveLength(1);
    });

    it('mentions only people of the room, lists them to those in it, and counts unread mentions (deleted messages are not unread)', async () => {
      const kim = await newcomer('kim');
      const members = await sam.rpc('room_members', { p_project_id: 1 });
      expect(members.error).toBeNull();
      expect(members.data).toEqual(expect.arrayContaining([DANA.id, SAM.id, kim.id]));
      expect((await sam.rpc('room_members', { p_project_id: 2 })).data).toEqual([]);

      const outsider = await sam.from('messages').insert({ project_id: 1, body: 'hey', mentions: [crypto.randomUUID()] });
      expect(outsider.error?.code).toBe('23514');
      const danaOnly = await sam.from('messages').insert({ project_id: 2, body: 'hey', mentions: [DANA.id] });
      expect(danaOnly.error?.code).toBe('42501'); // not his room at all

      const mention = await sam.from('messages').insert({ project_id: 1, body: '@Kim look', mentions: [kim.id, kim.id] }).select('id, mentions').single();
      expect(mention.error).toBeNull();
      expect(mention.data!.mentions).toEqual([kim.id]);
      const plain = await sam.from('messages').insert({ project_id: 1, body: 'no mention' }).select('id').single();
      const counts = async () => (await kim.db.rpc('room_unread_counts')).data as { project_id: number; unread: number; mentions: number }[];
      const room1 = (await counts()).find((r) => r.project_id === 1)!;
      expect(Number(room1.mentions)).toBe(1);
      await sam.from('messages').update({ deleted_at: new Date().toISOString() }).eq('id', plain.data!.id);
      const after = (await counts()).find((r) => r.project_id === 1)!;
      expect(Number(after.unread)).toBe(Number(room1.unread) - 1);
    });

    it('keeps profiles in step with the account: a name saved, a name cleared, an email changed; and tells the people who may see it', async () => {
      const lee = await newcomer('lee');
      const profileOf = async () => (await sam.from('profiles').select('display_name').eq('id', lee.id).single()).data!.display_name;
      expect(await profileOf()).toBe(lee.email.split('@')[0]);
      const changes = async (client: SupabaseClient) => ((await client.from('profile_changes').select('user_id').eq('user_id', lee.id)).data ?? []).length;
      const seenBefore = await changes(sam);

      await expect(lee.db.auth.updateUser({ data: { display_name: 'Lee Lovelace' } })).resolves.toMatchObject({ error: null });
      expect(await profileOf()).toBe('Lee Lovelace');
      expect(await changes(sam)).toBe(seenBefore + 1); // Sam shares room 1 with Lee
      const stranger = await signedIn(await (async () => {
        const email = `stranger-${Math.random().toString(36).slice(2, 8)}@example.com`;
        await emulator.admin().auth.admin.createUser({ email, password: 'person-pass-42', email_confirm: true });
        return { email, password: 'person-pass-42' };
      })());
      expect(await changes(stranger)).toBe(0);
      expect((await stranger.from('profiles').select('id').eq('id', lee.id)).data).toEqual([]);

      // An email change leaves a chosen name alone…
      const renamed = `lee-new-${Math.random().toString(36).slice(2, 8)}@example.com`;
      await emulator.admin().auth.admin.updateUserById(lee.id, { email: renamed, email_confirm: true });
      expect(await profileOf()).toBe('Lee Lovelace');
      // …and once the name is cleared, the default is the current address's, not the old one's.
      await lee.db.auth.updateUser({ data: { display_name: null } });
      expect(await profileOf()).toBe(renamed.split('@')[0]);
    });
  });
}
