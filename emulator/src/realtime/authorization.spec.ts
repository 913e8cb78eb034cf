// Private channels (RLS on realtime.messages), access tokens on live sockets (refresh,
// expiry, revoked permissions) and reconnecting after the emulator restarts, through the
// official client against a real emulator.
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { ANON_KEY, startTestEmulator, type TestEmulator } from '../../test/harness.js';
import { Inbox, mintToken, subscribed, subscribeOutcome, watchStatuses } from '../../test/realtime/spec-support.js';

const ALICE = 'a1111111-1111-4111-8111-111111111111';
const BOB = 'b2222222-2222-4222-8222-222222222222';
const CAROL = 'c3333333-3333-4333-8333-333333333333';

// The policies Supabase's docs use for private channels: membership decides who reads,
// a flag decides who writes; `vip` is decided by claims alone (for the token tests).
const MIGRATION = `
create table public.room_members (room text not null, user_id uuid not null, can_write boolean not null default false,
  primary key (room, user_id));

create policy "members read" on realtime.messages for select to authenticated using (
  exists (select 1 from public.room_members m where m.room = realtime.topic() and m.user_id = auth.uid()));
create policy "writers write" on realtime.messages for insert to authenticated with check (
  realtime.messages.extension in ('broadcast', 'presence')
  and exists (select 1 from public.room_members m
               where m.room = realtime.topic() and m.user_id = auth.uid() and m.can_write));

create policy "vip read" on realtime.messages for select to authenticated using (
  realtime.topic() = 'vip' and (auth.jwt() -> 'app_metadata' ->> 'vip') = 'true');
create policy "vip write" on realtime.messages for insert to authenticated with check (
  realtime.topic() = 'vip' and (auth.jwt() -> 'app_metadata' ->> 'vip_writer') = 'true');

create table public.ticks (id bigint generated always as identity primary key, label text not null);
alter publication supabase_realtime add table public.ticks;
`;

const SEED = `
insert into public.room_members (room, user_id, can_write) values
  ('team', '${ALICE}', true), ('team', '${BOB}', false);
`;

type BroadcastEvent = { event: string; payload: Record<string, unknown> };
type SystemEvent = { extension: string; status: string; message: string; channel: string };

describe('realtime: private channels, tokens and restarts', () => {
  let emulator: TestEmulator;
  const clients: SupabaseClient[] = [];

  async function as(token: string | null): Promise<SupabaseClient> {
    const created = emulator.client(ANON_KEY);
    clients.push(created);
    if (token) await created.realtime.setAuth(token);
    return created;
  }

  function broadcasts(channel: RealtimeChannel): Inbox<BroadcastEvent> {
    const inbox = new Inbox<BroadcastEvent>();
    channel.on('broadcast', { event: '*' }, (message) =>
      inbox.push(message as unknown as BroadcastEvent),
    );
    return inbox;
  }

  function system(channel: RealtimeChannel): Inbox<SystemEvent> {
    const inbox = new Inbox<SystemEvent>();
    channel.on('system', {}, (payload) => inbox.push(payload as SystemEvent));
    return inbox;
  }

  const privateConfig = { config: { private: true, broadcast: { ack: true } } };

  beforeAll(async () => {
    emulator = await startTestEmulator({
      files: { 'migrations/20240101000000_private.sql': MIGRATION, 'seed.sql': SEED },
    });
  }, 90_000);

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.removeAllChannels()));
  });

  afterAll(() => emulator?.stop());

  it('refuses joins the policies do not allow, with the reason Realtime gives', async () => {
    const carol = (await as(await mintToken({ sub: CAROL }))).channel('team', privateConfig);
    const refused = await subscribeOutcome(carol);
    expect(refused.status).toBe('CHANNEL_ERROR');
    expect(refused.error?.message).toBe(
      'Unauthorized: You do not have permissions to read from this Channel topic: team',
    );

    const anon = (await as(null)).channel('team', privateConfig);
    expect((await subscribeOutcome(anon)).error?.message).toMatch(
      /^Unauthorized: You do not have permissions to read/,
    );
  });

  it('lets members in; who may send follows the write policy; private and public topics stay apart', async () => {
    const alice = (await as(await mintToken({ sub: ALICE }))).channel('team', privateConfig);
    const bob = (await as(await mintToken({ sub: BOB }))).channel('team', privateConfig);
    const publicTeam = (await as(null)).channel('team');
    const publicSender = (await as(null)).channel('team');
    const aliceInbox = broadcasts(alice);
    const bobInbox = broadcasts(bob);
    const publicInbox = broadcasts(publicTeam);
    // The service role bypasses RLS, as on Supabase.
    const service = emulator.admin();
    clients.push(service);
    const serviceChannel = service.channel('team', privateConfig);
    await Promise.all([
      subscribed(alice),
      subscribed(bob),
      subscribed(publicTeam),
      subscribed(publicSender),
      subscribed(serviceChannel),
    ]);

    await expect(
      alice.send({ type: 'broadcast', event: 'plan', payload: { step: 1 } }),
    ).resolves.toBe('ok');
    expect((await bobInbox.next((m) => m.event === 'plan')).payload).toEqual({ step: 1 });

    // Bob may read but not write: with ack on he is told so, and nobody receives his message.
    await expect(
      bob.send({ type: 'broadcast', event: 'plan', payload: { step: 'bob' } }),
    ).resolves.toBe('error');
    await expect(bob.track({ here: true })).resolves.toBe('error');
    await expect(
      serviceChannel.send({ type: 'broadcast', event: 'marker', payload: {} }),
    ).resolves.toBe('ok');
    await aliceInbox.next((m) => m.event === 'marker');
    expect(aliceInbox.received.map((m) => m.event)).toEqual(['marker']);

    // The public topic of the same name hears none of it.
    await publicSender.send({ type: 'broadcast', event: 'public-marker', payload: {} });
    await publicInbox.next((m) => m.event === 'public-marker');
    expect(publicInbox.received.map((m) => m.event)).toEqual(['public-marker']);
  });

  it('checks the write policy for REST broadcasts to private topics', async () => {
    const bob = (await as(await mintToken({ sub: BOB }))).channel('team', privateConfig);
    const bobInbox = broadcasts(bob);
    await subscribed(bob);

    const aliceSender = (await as(await mintToken({ sub: ALICE }))).channel('team', privateConfig);
    await expect(aliceSender.httpSend('rest', { from: 'alice' })).resolves.toEqual({
      success: true,
    });
    expect((await bobInbox.next()).payload).toEqual({ from: 'alice' });

    const carolSender = (await as(await mintToken({ sub: CAROL }))).channel('team', privateConfig);
    await expect(carolSender.httpSend('rest', { from: 'carol' })).rejects.toThrow(
      'Unauthorized: You do not have permissions to write to this Channel topic: team',
    );
  });

  it('applies a refreshed access token on the live socket', async () => {
    const readerToken = await mintToken({ sub: BOB, claims: { app_metadata: { vip: true } } });
    const dave = await as(readerToken);
    const channel = dave.channel('vip', privateConfig);
    await subscribed(channel);
    await expect(channel.send({ type: 'broadcast', event: 'hi', payload: {} })).resolves.toBe(
      'error',
    );

    const listener = (
      await as(await mintToken({ sub: ALICE, claims: { app_metadata: { vip: true } } }))
    ).channel('vip', privateConfig);
    const heard = broadcasts(listener);
    await subscribed(listener);

    // The client pushes `access_token` to every joined channel; the next send runs as the new token.
    await dave.realtime.setAuth(
      await mintToken({ sub: BOB, claims: { app_metadata: { vip: true, vip_writer: true } } }),
    );
    await expect(
      channel.send({ type: 'broadcast', event: 'hi', payload: { now: 'writer' } }),
    ).resolves.toBe('ok');
    expect((await heard.next()).payload).toEqual({ now: 'writer' });
  });

  it('follows a session refreshed by the auth service (TOKEN_REFRESHED → access_token)', async () => {
    const user = emulator.client();
    clients.push(user);
    const email = `realtime-${Date.now()}@example.com`;
    const { data: signUp, error } = await user.auth.signUp({
      email,
      password: 'a-long-password-1',
    });
    expect(error).toBeNull();
    const userId = signUp.user!.id;
    const admin = emulator.admin();
    await admin.auth.admin.updateUserById(userId, { app_metadata: { vip: true } });
    await user.auth.refreshSession();

    const channel = user.channel('vip', privateConfig);
    await subscribed(channel);
    await expect(channel.send({ type: 'broadcast', event: 'hi', payload: {} })).resolves.toBe(
      'error',
    );

    await admin.auth.admin.updateUserById(userId, {
      app_metadata: { vip: true, vip_writer: true },
    });
    const { error: refreshError } = await user.auth.refreshSession();
    expect(refreshError).toBeNull();
    // supabase-js hands the refreshed token to realtime without waiting; the push is queued
    // ahead of the next send on the same socket, so the send runs as the refreshed token.
    await expect(channel.send({ type: 'broadcast', event: 'hi', payload: {} })).resolves.toBe('ok');
  });

  it('closes a channel whose permission is revoked by a new token, with the system message', async () => {
    const erin = await as(await mintToken({ sub: CAROL, claims: { app_metadata: { vip: true } } }));
    const channel = erin.channel('vip', privateConfig);
    const messages = system(channel);
    const statuses = watchStatuses(channel);
    await statuses.next((s) => s.status === 'SUBSCRIBED');
    await erin.realtime.setAuth(await mintToken({ sub: CAROL, claims: { app_metadata: {} } }));
    expect(await messages.next()).toEqual({
      extension: 'system',
      status: 'error',
      message: 'You no longer have permission to read from this Channel topic: vip',
      channel: 'vip',
    });
    await statuses.next((s) => s.status === 'CLOSED', 'the channel closing');
  });

  it('closes a channel when its token expires', async () => {
    const frank = await as(await mintToken({ sub: CAROL, expiresInSeconds: 2 }));
    const channel = frank.channel('expiring');
    const messages = system(channel);
    const statuses = watchStatuses(channel);
    await statuses.next((s) => s.status === 'SUBSCRIBED');
    const shutdown = await messages.next(undefined, 'the expiry message', 15_000);
    expect(shutdown).toMatchObject({ extension: 'system', status: 'error', channel: 'expiring' });
    expect(shutdown.message).toMatch(/^Token has expired \d+ seconds ago$/);
    await statuses.next((s) => s.status === 'CLOSED', 'the channel closing');
  });

  it('reconnects and rejoins after the emulator restarts; changes and broadcasts flow again', async () => {
    const watcher = await as(null);
    const channel = watcher.channel('after-restart');
    const heard = broadcasts(channel);
    const ticks = new Inbox<{ new: { label: string } }>();
    channel.on(
      'postgres_changes',
      { event: 'INSERT', schema: 'public', table: 'ticks' },
      (payload) => ticks.push(payload as unknown as { new: { label: string } }),
    );
    const statuses = watchStatuses(channel);
    await statuses.next((s) => s.status === 'SUBSCRIBED');

    await emulator.restart();
    await statuses.next((s) => s.status === 'CHANNEL_ERROR', 'the socket dropping');
    await statuses.next((s) => s.status === 'SUBSCRIBED', 'the rejoin', 60_000);

    const sender = (await as(null)).channel('after-restart');
    await subscribed(sender);
    await sender.send({ type: 'broadcast', event: 'back', payload: { ok: true } });
    expect((await heard.next()).payload).toEqual({ ok: true });

    const { error } = await emulator.admin().from('ticks').insert({ label: 'after restart' });
    expect(error).toBeNull();
    expect((await ticks.next()).new.label).toBe('after restart');
  }, 120_000);
});
