// @portal/platform's reference-counted channels against a real emulator, through the official
// client: several "remotes" (leases) on one topic over the page's one socket. What each lease
// hears, what its release takes away (only its own), errors reaching only their channel's
// leases, a topic taken again while its channel is still leaving, a postgres_changes binding
// added after the join, and the socket's token following a refresh.
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createChannelRegistry, type ChannelStatus } from '../shared/platform/src/realtime.js';
import { startTestEmulator, type TestEmulator } from '../emulator/test/harness.js';
import { Inbox } from '../emulator/test/realtime/spec-support.js';

const REPO = path.resolve(__dirname, '..');

let emulator: TestEmulator;
const clients: SupabaseClient[] = [];

function client(): SupabaseClient {
  const created = emulator.admin();
  clients.push(created);
  return created;
}

/** Resolves with the first status the listener hears that passes `wanted`. */
function statusInbox(): { inbox: Inbox<{ status: ChannelStatus; error?: Error }>; listener: (status: ChannelStatus, error?: Error) => void } {
  const inbox = new Inbox<{ status: ChannelStatus; error?: Error }>();
  return { inbox, listener: (status, error) => inbox.push(error ? { status, error } : { status }) };
}

beforeAll(async () => {
  emulator = await startTestEmulator({ copySupabaseDir: path.join(REPO, 'supabase'), reuseSeeded: true });
}, 120_000);

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.removeAllChannels()));
});

afterAll(() => emulator?.stop());

describe('platform realtime: reference-counted channels on one socket', () => {
  it('gives each lease its own listeners; a release removes only the releasing lease’s', async () => {
    const page = client();
    const registry = createChannelRegistry(page);
    const dataRemote = registry.channel('shared:notes');
    const liveRemote = registry.channel('shared:notes');
    const dataInbox = new Inbox<unknown>();
    const liveInbox = new Inbox<unknown>();
    dataRemote.on('broadcast', { event: 'note' }, (m) => dataInbox.push(m.payload));
    liveRemote.on('broadcast', { event: 'note' }, (m) => liveInbox.push(m.payload));
    const joined = statusInbox();
    dataRemote.subscribe(joined.listener);
    liveRemote.subscribe();
    await joined.inbox.next((s) => s.status === 'SUBSCRIBED');

    const sender = client().channel('shared:notes');
    await new Promise<void>((resolve) => sender.subscribe((s) => s === 'SUBSCRIBED' && resolve()));
    await sender.send({ type: 'broadcast', event: 'note', payload: { n: 1 } });
    await expect(dataInbox.next()).resolves.toEqual({ n: 1 });
    await expect(liveInbox.next()).resolves.toEqual({ n: 1 });

    await dataRemote.release(); // the data remote unmounts
    expect(registry.users('shared:notes')).toBe(1);
    expect(page.getChannels().map((c) => c.topic)).toEqual(['realtime:shared:notes']);
    await sender.send({ type: 'broadcast', event: 'note', payload: { n: 2 } });
    await expect(liveInbox.next()).resolves.toEqual({ n: 2 });
    expect(dataInbox.received).toEqual([{ n: 1 }]); // the released lease hears nothing more

    await liveRemote.release();
    expect(page.getChannels()).toEqual([]);
  });

  it('tells a late subscriber the current status, and reports a channel’s error only to its own leases', async () => {
    const page = client();
    const registry = createChannelRegistry(page);
    const open = registry.channel('public:lobby');
    const openStatus = statusInbox();
    open.subscribe(openStatus.listener);
    await openStatus.inbox.next((s) => s.status === 'SUBSCRIBED');
    const late = statusInbox();
    registry.channel('public:lobby').subscribe(late.listener);
    await expect(late.inbox.next()).resolves.toEqual({ status: 'SUBSCRIBED' });

    // A private topic no policy on realtime.messages names is refused to an anonymous caller.
    const anonPage = emulator.client();
    clients.push(anonPage);
    const anonRegistry = createChannelRegistry(anonPage);
    const anonOpen = anonRegistry.channel('public:lobby');
    const anonOpenStatus = statusInbox();
    anonOpen.subscribe(anonOpenStatus.listener);
    await anonOpenStatus.inbox.next((s) => s.status === 'SUBSCRIBED');
    const refusedA = statusInbox();
    const refusedB = statusInbox();
    anonRegistry.channel('room:nobody', { config: { private: true } }).subscribe(refusedA.listener);
    anonRegistry.channel('room:nobody', { config: { private: true } }).subscribe(refusedB.listener);
    expect((await refusedA.inbox.next()).status).toBe('CHANNEL_ERROR');
    expect((await refusedB.inbox.next()).status).toBe('CHANNEL_ERROR');
    expect(anonOpenStatus.inbox.received.map((s) => s.status)).toEqual(['SUBSCRIBED']);
  });

  it('takes a topic again while its channel is still leaving, and the new lease works', async () => {
    const page = client();
    const registry = createChannelRegistry(page);
    const first = registry.channel('shared:remount');
    const firstStatus = statusInbox();
    first.subscribe(firstStatus.listener);
    await firstStatus.inbox.next((s) => s.status === 'SUBSCRIBED');

    // Unmount and mount again in the same tick (a route change back and forth).
    const leaving = first.release();
    const again = registry.channel('shared:remount');
    const inbox = new Inbox<unknown>();
    again.on('broadcast', { event: 'ping' }, (m) => inbox.push(m.payload));
    const againStatus = statusInbox();
    again.subscribe(againStatus.listener);
    await leaving;
    await againStatus.inbox.next((s) => s.status === 'SUBSCRIBED');
    expect(firstStatus.inbox.received.map((s) => s.status)).toEqual(['SUBSCRIBED']);

    const sender = client().channel('shared:remount');
    await new Promise<void>((resolve) => sender.subscribe((s) => s === 'SUBSCRIBED' && resolve()));
    await sender.send({ type: 'broadcast', event: 'ping', payload: { ok: true } });
    await expect(inbox.next()).resolves.toEqual({ ok: true });
    expect(page.getChannels().map((c) => c.topic)).toEqual(['realtime:shared:remount']);
  });

  it('adds a postgres_changes binding after the join by joining afresh with every lease’s bindings', async () => {
    const page = client();
    const registry = createChannelRegistry(page);
    const chat = registry.channel('shared:mixed');
    const chatInbox = new Inbox<unknown>();
    chat.on('broadcast', { event: 'note' }, (m) => chatInbox.push(m.payload));
    const chatStatus = statusInbox();
    chat.subscribe(chatStatus.listener);
    await chatStatus.inbox.next((s) => s.status === 'SUBSCRIBED');

    const feed = registry.channel('shared:mixed');
    const changes = new Inbox<{ eventType: string; title: unknown }>();
    feed.on('postgres_changes', { event: '*', schema: 'public', table: 'tasks' }, (p) =>
      changes.push({ eventType: p.eventType, title: (p.new as { title?: unknown }).title }),
    );
    const feedStatus = statusInbox();
    feed.subscribe(feedStatus.listener);
    await feedStatus.inbox.next((s) => s.status === 'SUBSCRIBED');
    await chatStatus.inbox.next((s) => s.status === 'SUBSCRIBED'); // the first lease hears the rejoin too

    const { error } = await emulator.admin().from('tasks').insert({ project_id: 1, title: 'Seen by the late binding' });
    expect(error).toBeNull();
    await expect(changes.next((c) => c.title === 'Seen by the late binding')).resolves.toMatchObject({ eventType: 'INSERT' });

    const sender = client().channel('shared:mixed');
    await new Promise<void>((resolve) => sender.subscribe((s) => s === 'SUBSCRIBED' && resolve()));
    await sender.send({ type: 'broadcast', event: 'note', payload: { after: 'rejoin' } });
    await expect(chatInbox.next()).resolves.toEqual({ after: 'rejoin' });
    await chat.release();
    await feed.release();
    expect(page.getChannels()).toEqual([]);
  });

  it('keeps the access token on the socket current after a refresh (supabase-js setAuth on TOKEN_REFRESHED)', async () => {
    const page = emulator.client();
    clients.push(page);
    const { data, error } = await page.auth.signInWithPassword({ email: 'demo@example.com', password: 'demo-password-1' });
    expect(error).toBeNull();
    const registry = createChannelRegistry(page);
    const lease = registry.channel('public:token');
    const status = statusInbox();
    lease.subscribe(status.listener);
    await status.inbox.next((s) => s.status === 'SUBSCRIBED');
    expect(page.realtime.accessTokenValue).toBe(data.session!.access_token);

    // Access tokens carry whole seconds (iat, exp): a refresh within the same second as the
    // sign-in would mint the very same token, so start the refresh in the next second.
    await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 20));
    const refreshed = await page.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    const next = refreshed.data.session!.access_token;
    expect(next).not.toBe(data.session!.access_token);
    await new Promise<void>((resolve) => {
      const check = () => (page.realtime.accessTokenValue === next ? resolve() : setTimeout(check, 20));
      check();
    });
    expect(page.realtime.accessTokenValue).toBe(next);
  });
});
