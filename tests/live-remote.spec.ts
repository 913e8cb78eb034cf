// The live remote end to end: real Chromium (one browser context per person), the portal served
// on separate origins (every remote of remotes/), a real emulator with the demo schema and seed.
// Dana owns "Launch website" (project 1) and "Home renovation" (project 2); Sam is an editor on
// project 1 only; Kim (made here) is in no project until Dana adds her to project 2 (and removes
// her again). Every page counts the websockets it opens (WebSocket wrapped by an init script
// before any code runs). The emulator restart comes last.
import type { SupabaseClient } from '@supabase/supabase-js';
import { subscribeOutcome } from '../emulator/test/realtime/spec-support.js';
import { launchBrowser, problems, type Browser, type TestContext, type TestPage } from './browser.js';
import { startTestPortal, type TestPortal } from './portal-harness.js';
import { holdRequests } from './support/hold-requests.js';
import { waitUntil } from './support/waits.js';

jest.setTimeout(180_000);

const DANA = {
  email: 'demo@example.com',
  password: 'demo-password-1',
  id: 'd0000000-0000-4000-8000-000000000001',
};
const SAM = {
  email: 'sam@example.com',
  password: 'demo-password-2',
  id: 'd0000000-0000-4000-8000-000000000002',
};
const KIM = { email: 'kim@example.com', password: 'kim-password-3', id: '' };
/** Every remote the portal has (each is built, published and visited). */
const REMOTES = ['account', 'data', 'live', 'files', 'functions', 'search'] as const;

const COUNT_SOCKETS = `
  (() => {
    const Native = window.WebSocket;
    window.__sockets = [];
    window.WebSocket = class extends Native {
      constructor(...args) {
        super(...args);
        window.__sockets.push(this);
      }
    };
  })();
`;

let portal: TestPortal;
let danaBrowser: Browser;
let samBrowser: Browser;
let kimContext: TestContext;
let dana: TestPage;
let sam: TestPage;
let kim: TestPage;

async function signIn(page: TestPage, person: { email: string; password: string }, next: string): Promise<void> {
  await page.goto(`${portal.url}/account/sign-in?next=${encodeURIComponent(next)}`);
  await page.locator('form[aria-label="Sign in"] input[name="email"]').fill(person.email);
  await page.locator('form[aria-label="Sign in"] input[name="password"]').fill(person.password);
  await page.locator('form[aria-label="Sign in"] button[type="submit"]').click();
  await page.waitForURL(`**${next}`);
}

/** Moves inside the portal the way a click on a link does (no reload). */
async function go(page: TestPage, to: string): Promise<void> {
  await page.evaluate((target) => {
    const link = document.createElement('a');
    link.href = target;
    document.body.appendChild(link);
    link.click();
    link.remove();
  }, to);
  await page.waitForURL(`**${to}`);
}

async function openRoom(page: TestPage, projectId: number): Promise<void> {
  await go(page, `/live/rooms/${projectId}`);
  await page.locator(`[data-testid="room"][data-room="${projectId}"][data-status="live"]`).waitFor();
}

async function say(page: TestPage, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

function navBadge(page: TestPage) {
  return page.locator('[data-remote="live"] [data-testid="nav-badge"]');
}

/** The person's unread counts as the database has them (project id → count). */
async function unreadOf(client: SupabaseClient): Promise<Record<number, number>> {
  const { data, error } = await client.rpc('room_unread_counts');
  if (error) throw error;
  return Object.fromEntries((data as { project_id: number; unread: number }[]).map((r) => [r.project_id, Number(r.unread)]));
}

function message(page: TestPage, text: string) {
  return page.locator('[data-testid="message"]', {
    has: page.locator('[data-testid="message-text"]', { hasText: text }),
  });
}

async function signedInClient(person: { email: string; password: string }): Promise<SupabaseClient> {
  const client = portal.emulator.client();
  const { error } = await client.auth.signInWithPassword(person);
  if (error) throw error;
  return client;
}

beforeAll(async () => {
  portal = await startTestPortal({ remotes: REMOTES.filter((name) => name !== 'account') });
  [danaBrowser, samBrowser] = await Promise.all([launchBrowser(), launchBrowser()]);
  await danaBrowser.context.addInitScript(COUNT_SOCKETS);
  await samBrowser.context.addInitScript(COUNT_SOCKETS);
  const created = await portal.emulator.admin().auth.admin.createUser({
    email: KIM.email,
    password: KIM.password,
    email_confirm: true,
    user_metadata: { display_name: 'Kim Outsider' },
  });
  if (created.error) throw created.error;
  KIM.id = created.data.user.id;
  kimContext = await samBrowser.newContext();
  await kimContext.context.addInitScript(COUNT_SOCKETS);
  dana = await danaBrowser.newPage();
  sam = await samBrowser.newPage();
  kim = await kimContext.newPage();
  await Promise.all([signIn(dana, DANA, '/live'), signIn(sam, SAM, '/live'), signIn(kim, KIM, '/live')]);
}, 300_000);

afterAll(async () => {
  await danaBrowser?.close();
  await samBrowser?.close();
  await portal?.stop();
});

describe('the live remote', () => {
  it('shows the connection in the header and chats both ways with acknowledgements, as text', async () => {
    await dana.locator('[data-testid="connection-state"][data-status="connected"]').waitFor();
    await Promise.all([openRoom(dana, 1), openRoom(sam, 1)]);

    await say(dana, 'Hello Sam <img src=x onerror=alert(1)>');
    await message(dana, 'Hello Sam').locator('[data-testid="delivery"]', { hasText: 'Delivered' }).waitFor();
    const received = message(sam, 'Hello Sam');
    await received.waitFor();
    await expect(received.locator('[data-testid="message-text"]').textContent()).resolves.toBe('Hello Sam <img src=x onerror=alert(1)>');
    await expect(received.locator('img').count()).resolves.toBe(0);
    await expect(received.textContent()).resolves.toContain('Dana Demo');

    // Typing reaches the other side.
    await sam.getByRole('textbox', { name: 'Message' }).pressSequentially('Hi');
    await dana.locator('[data-testid="typing"]', { hasText: 'Sam Sample is typing' }).waitFor();
    await sam.getByRole('button', { name: 'Send' }).click();
    await message(sam, 'Hi').locator('[data-testid="delivery"]', { hasText: 'Delivered' }).waitFor();
    await message(dana, 'Hi').waitFor();
    expect(problems(dana.console)).toEqual([]);
    expect(problems(sam.console)).toEqual([]);
  });

  it('loads the history after a reload', async () => {
    await sam.reload();
    await sam.locator('[data-testid="room"][data-room="1"][data-status="live"]').waitFor();
    await message(sam, 'Hello Sam').waitFor();
    await message(sam, 'Hi').waitFor();
    const texts = await sam.locator('[data-testid="message-text"]').allTextContents();
    expect(texts.indexOf('Hi')).toBeGreaterThan(texts.indexOf('Hello Sam <img src=x onerror=alert(1)>'));
  });

  it('says a room is live only with its history on screen, never "No messages yet" while the history is read', async () => {
    const { error } = await (await signedInClient(DANA)).from('messages').insert({ project_id: 1, body: 'Said before Sam opens the room' });
    expect(error).toBeNull();
    await go(sam, '/live');
    // Everything the room shows from here on: its status, its messages, its empty notice.
    await sam.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { roomStates: string[] }).roomStates = seen;
      new MutationObserver(() => {
        const room = document.querySelector<HTMLElement>('[data-testid="room"]');
        if (!room) return;
        const empty = room.textContent?.includes('No messages yet') ? ' empty' : '';
        seen.push(`${room.dataset.status} ${room.querySelectorAll('[data-testid="message"]').length}${empty}`);
      }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    // The history's read is held until the page has had frames to show what it shows meanwhile.
    const history = (url: URL) => url.pathname.endsWith('/rest/v1/messages') && url.searchParams.get('project_id') === 'eq.1';
    const { asked: historyHeld, release } = await holdRequests(sam, history, {
      which: (request) => request.method() === 'GET',
    });
    try {
      await go(sam, '/live/rooms/1');
      await historyHeld;
      await sam.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      release();
      await sam.locator('[data-testid="room"][data-room="1"][data-status="live"]').waitFor();
      await message(sam, 'Said before Sam opens the room').waitFor();
    } finally {
      release();
      await sam.unroute(history);
    }
    const states = await sam.evaluate(() => (window as unknown as { roomStates: string[] }).roomStates);
    expect(states.filter((state) => state.startsWith('live 0') || state.endsWith(' empty'))).toEqual([]);
  });

  it('keeps a person out of a room they are not in: the page and supabase-js directly', async () => {
    const { error } = await (await signedInClient(DANA)).from('messages').insert({ project_id: 2, body: 'Home only' });
    expect(error).toBeNull();
    await go(sam, '/live/rooms/2');
    await sam.locator('[data-testid="room-refused"]').waitFor();
    await expect(sam.getByText('Home only').count()).resolves.toBe(0);

    const samDb = await signedInClient(SAM);
    const outcome = await subscribeOutcome(samDb.channel('room:2', { config: { private: true } }));
    expect(outcome.status).toBe('CHANNEL_ERROR');
    const read = await samDb.from('messages').select('body').eq('project_id', 2);
    expect(read.data).toEqual([]);
    await samDb.removeAllChannels();
  });

  it('shows who is here and follows them from route to route', async () => {
    await go(dana, '/live/people');
    const samHere = dana.locator('[data-testid="person"][data-user="' + SAM.id + '"]');
    await samHere.waitFor();
    await samHere.locator('[data-testid="person-route"]', { hasText: '/live/rooms/2' }).waitFor();
    await go(sam, '/data');
    await samHere.locator('[data-testid="person-route"]', { hasText: '/data' }).waitFor();
    await expect(samHere.textContent()).resolves.toContain('Sam Sample');
  });

  it('puts a task change in a member’s activity feed, never in a non-member’s', async () => {
    await go(sam, '/live/activity');
    await go(dana, '/live/activity');
    // A feed lists what changes once it has joined ('joining' reads nothing back): a change made
    // before Sam's feed was live was lost to it, once in a run after the shell's lifecycle moved.
    await Promise.all([sam, dana].map((page) => page.locator('[data-testid="activity-feed"][data-status="live"]').waitFor()));
    const danaDb = await signedInClient(DANA);
    const hidden = await danaDb.from('tasks').update({ title: 'Choose a tap (Dana only)' }).eq('title', 'Choose a tap').select('id').single();
    expect(hidden.error).toBeNull();
    const shared = await danaDb.from('tasks').update({ done: true }).eq('title', 'Set up analytics').select('id').single();
    expect(shared.error).toBeNull();

    const samItem = sam.locator(`[data-testid="activity"][data-table="tasks"][data-row="${shared.data!.id}"]`);
    await samItem.waitFor();
    await expect(samItem.getByRole('link').getAttribute('href')).resolves.toBe(`/data/tasks?f=id.eq.${shared.data!.id}`);
    await dana.locator(`[data-testid="activity"][data-row="${hidden.data!.id}"]`).waitFor();
    // Changes arrive in commit order: the hidden one came first, so Sam would have it by now.
    await expect(sam.locator(`[data-testid="activity"][data-row="${hidden.data!.id}"]`).count()).resolves.toBe(0);
    await expect(sam.getByText('Dana only').count()).resolves.toBe(0);
  });

  it('shows unread messages in the navigation wherever the person is, kept by the database, cleared by reading the room', async () => {
    const samDb = await signedInClient(SAM);
    const danaDb = await signedInClient(DANA);
    await openRoom(sam, 1);
    await waitUntil('room 1 read by Sam', async () => (await unreadOf(samDb))[1] === undefined);
    await go(sam, '/data'); // the live remote is not mounted now
    await navBadge(sam).waitFor({ state: 'detached' });

    await danaDb.from('messages').insert([
      { project_id: 1, body: 'Unread one' },
      { project_id: 1, body: 'Unread two' },
    ]);
    await sam.locator('[data-remote="live"] [data-testid="nav-badge"][data-count="2"]').waitFor();
    await expect(navBadge(sam).getAttribute('title')).resolves.toBe('2 unread messages: Launch website 2');
    // The writer's own messages are never unread for her.
    await expect(unreadOf(danaDb)).resolves.not.toHaveProperty('1');

    // Counted by the database: a reload shows the same.
    await sam.reload();
    await sam.locator('[data-remote="live"] [data-testid="nav-badge"][data-count="2"]').waitFor();
    await go(sam, '/live');
    await sam.locator('[data-testid="room-unread"][data-count="2"]').waitFor();
    await openRoom(sam, 1);
    await navBadge(sam).waitFor({ state: 'detached' });
    await waitUntil('room 1 marked read', async () => (await unreadOf(samDb))[1] === undefined);

    // A message that arrives while the room is on screen is read at once.
    await openRoom(dana, 1);
    await say(dana, 'Seen as it came');
    await message(sam, 'Seen as it came').waitFor();
    await waitUntil('the new message marked read', async () => (await unreadOf(samDb))[1] === undefined);
    await go(sam, '/data');
    await expect(navBadge(sam).evaluateAll((badges) => badges.map((badge) => badge.getAttribute('title')))).resolves.toEqual([]);
    expect(problems(sam.console)).toEqual([]);
  });

  it('with three people: the members chat and follow their project; the third, in no project, sees none of it', async () => {
    const danaDb = await signedInClient(DANA);
    const kimDb = await signedInClient(KIM);
    await Promise.all([openRoom(dana, 1), openRoom(sam, 1), go(kim, '/live/rooms/1')]);
    await kim.locator('[data-testid="room-refused"]').waitFor();

    await say(sam, 'Members only, three of us here');
    await message(sam, 'Members only, three of us here').locator('[data-testid="delivery"]', { hasText: 'Delivered' }).waitFor();
    await message(dana, 'Members only, three of us here').waitFor();
    await say(dana, 'Agreed');
    await message(sam, 'Agreed').waitFor();
    await go(kim, '/live');
    await kim.getByText('No rooms').waitFor();
    await expect(kim.getByText('Members only').count()).resolves.toBe(0);
    await expect(navBadge(kim).count()).resolves.toBe(0);
    await expect(kimDb.from('messages').select('body')).resolves.toMatchObject({ data: [] });
    await expect(unreadOf(kimDb)).resolves.toEqual({});

    await Promise.all([go(dana, '/live/activity'), go(sam, '/live/activity'), go(kim, '/live/activity')]);
    await Promise.all([dana, sam, kim].map((page) => page.locator('[data-testid="activity-feed"][data-status="live"]').waitFor()));
    const first = await kimDb.from('projects').insert({ name: 'Kim’s garden', owner_id: KIM.id }).select('id').single();
    expect(first.error).toBeNull();
    const shared = await danaDb.from('tasks').update({ done: true }).eq('title', 'Press release draft').select('id').single();
    expect(shared.error).toBeNull();
    const second = await kimDb.from('projects').insert({ name: 'Kim’s shed', owner_id: KIM.id }).select('id').single();
    expect(second.error).toBeNull();

    const task = `[data-testid="activity"][data-table="tasks"][data-row="${shared.data!.id}"]`;
    const project = (id: number) => `[data-testid="activity"][data-table="projects"][data-row="${id}"]`;
    await Promise.all([dana.locator(task).waitFor(), sam.locator(task).waitFor(), kim.locator(project(second.data!.id)).waitFor()]);
    // Changes arrive in commit order: each page already had what came before its last item.
    await expect(kim.locator(task).count()).resolves.toBe(0);
    await expect(kim.locator(project(first.data!.id)).count()).resolves.toBe(1);
    await expect(dana.locator(project(first.data!.id)).count()).resolves.toBe(0);
    await expect(sam.locator(project(first.data!.id)).count()).resolves.toBe(0);
    for (const page of [dana, sam, kim]) expect(problems(page.console)).toEqual([]);
  });

  it('starts its background only once the remote the page opened on is on screen', async () => {
    const page = await kimContext.newPage();
    try {
      const accountUrl = portal.portal.remoteUrls.account!;
      const liveUrl = portal.portal.remoteUrls.live!;
      // The account page's code is held until the live remote's entry is asked for (at most 3 s):
      // asked for beside the opened page, the background would share its first render.
      let liveAsked: () => void = () => undefined;
      const liveAskedOrLater = Promise.race([new Promise<void>((resolve) => (liveAsked = resolve)), new Promise<void>((resolve) => setTimeout(resolve, 3_000))]);
      await page.route(`${accountUrl}/**/__federation_expose_app.*.js`, async (route) => {
        await liveAskedOrLater;
        await route.continue();
      });
      let accountOnScreenAtLiveEntry: boolean | null = null;
      await page.route(`${liveUrl}/**/remoteEntry.js`, async (route) => {
        accountOnScreenAtLiveEntry ??= (await page.locator('[data-remote-slot="account"] > *').count()) > 0;
        liveAsked();
        await route.continue();
      });
      const backgroundAsked = page.waitForRequest((request) => request.url().startsWith(liveUrl) && /__federation_expose_background\./.test(request.url()));
      await page.goto(`${portal.url}/account`);
      await page.getByTestId('profile-email').waitFor();
      // It still starts, right after.
      await backgroundAsked;
      expect(accountOnScreenAtLiveEntry).toBe(true);
      expect(problems(page.console)).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('shows a person only to people sharing a project with them, follows membership both ways, never shows what a client claims as someone else, and drops a closed tab within seconds', async () => {
    const danaDb = await signedInClient(DANA);
    const person = (page: TestPage, id: string) => page.locator(`[data-testid="person"][data-user="${id}"]`);
    await Promise.all([go(dana, '/live/people'), go(kim, '/live/people')]);
    // Settled lists: Dana sees Sam (project 1); Kim, in no project, sees herself, named by her profile.
    await person(dana, SAM.id).waitFor();
    await person(kim, KIM.id).filter({ hasText: 'Kim Outsider' }).waitFor();
    await expect(person(dana, KIM.id).count()).resolves.toBe(0);
    await expect(kim.locator('[data-testid="person"]').count()).resolves.toBe(1);

    // Dana adds Kim to "Home renovation" (project 2, hers alone): both pages follow, Sam stays out of Kim's.
    const added = await danaDb.from('project_members').insert({ project_id: 2, user_id: KIM.id, role: 'viewer' });
    expect(added.error).toBeNull();
    await person(dana, KIM.id).locator('[data-testid="person-route"]', { hasText: '/live/people' }).waitFor();
    await person(kim, DANA.id).filter({ hasText: 'Dana' }).waitFor();
    await expect(person(kim, SAM.id).count()).resolves.toBe(0);

    // Kim's own client tracks Dana's identity: it shows as Kim (her topic), never merged into Dana's "you".
    const kimDb = await signedInClient(KIM);
    const spoof = kimDb.channel(`presence:${KIM.id}`, { config: { private: true } });
    expect((await subscribeOutcome(spoof)).status).toBe('SUBSCRIBED');
    await expect(
      spoof.track({ userId: DANA.id, name: 'Dana Demo', avatarUrl: null, route: '/spoofed-as-dana', since: '2000-01-01T00:00:00Z' }),
    ).resolves.toBe('ok');
    await person(dana, KIM.id).locator('[data-testid="person-route"]', { hasText: '/spoofed-as-dana' }).waitFor();
    await expect(person(dana, KIM.id).textContent()).resolves.toContain('Kim Outsider');
    await expect(person(dana, DANA.id).textContent()).resolves.not.toContain('/spoofed-as-dana');
    await expect(dana.locator('[data-testid="person"]', { hasText: 'you' }).count()).resolves.toBe(1);
    await expect(person(dana, DANA.id).textContent()).resolves.toContain('you');

    // Kim closes her tab: her browser's tab leaves Dana's list within seconds (the Node client stays).
    await kim.close();
    await person(dana, KIM.id).locator('[data-testid="person-route"]', { hasText: '/live/people' }).waitFor({ state: 'detached', timeout: 10_000 });
    await expect(person(dana, KIM.id).count()).resolves.toBe(1);

    // Dana removes Kim: Dana's page lets go of her at once, though Kim's client still tracks.
    const removed = await danaDb.from('project_members').delete().eq('project_id', 2).eq('user_id', KIM.id);
    expect(removed.error).toBeNull();
    await person(dana, KIM.id).waitFor({ state: 'detached', timeout: 10_000 });
    await expect(person(dana, SAM.id).count()).resolves.toBe(1);
    await kimDb.removeAllChannels();
    kimDb.realtime.disconnect();
    expect(problems(dana.console)).toEqual([]);
  });

  it('holds exactly one websocket after visiting every remote', async () => {
    const routes = REMOTES.flatMap((name) =>
      name === 'live' ? ['/live', '/live/rooms/1', '/live/people', '/live/activity'] : name === 'data' ? ['/data', '/data/tasks'] : [`/${name}`],
    );
    for (const to of [...routes, '/']) {
      await go(dana, to);
      const remote = to.split('/')[1];
      // Each remote has mounted before the page moves on: left while it still loads (the outlet is
      // there at once), it would never mount, and this test would read a busy machine as a defect.
      if (remote) await dana.locator(`[data-remote-slot="${remote}"] > *`).first().waitFor();
      else await dana.locator('[data-testid="remote-outlet"]').waitFor({ state: 'attached' });
    }
    await go(dana, '/live/rooms/1');
    await dana.locator('[data-testid="room"][data-room="1"][data-status="live"]').waitFor();
    const sockets = await dana.evaluate(() =>
      (window as unknown as { __sockets: WebSocket[] }).__sockets.map((s) => ({
        url: s.url.split('?')[0] ?? s.url,
        state: s.readyState,
      })),
    );
    const open = sockets.filter((s) => s.state === 1); // WebSocket.OPEN
    expect(open).toHaveLength(1);
    expect(open[0]!.url).toMatch(/\/realtime\/v1\/websocket$/);
    expect(sockets.filter((s) => s.url.includes('/realtime/'))).toHaveLength(1); // never a second one, even briefly
    const mounted = await dana.evaluate(() =>
      [...document.querySelectorAll('[data-remote-slot]')].map((slot) => (slot as HTMLElement).dataset.remoteSlot),
    );
    expect(new Set(mounted)).toEqual(new Set(REMOTES)); // each remote really ran on this page
  });

  it('shows "reconnecting" (or offline, the server not answering) while the emulator restarts, recovers by itself, and loses no message sent after', async () => {
    await Promise.all([openRoom(dana, 1), openRoom(sam, 1)]);
    await dana.locator('[data-testid="connection-state"][data-status="connected"]').waitFor();
    const away = '[data-testid="connection-state"][data-status="reconnecting"], [data-testid="connection-state"][data-status="offline"]';
    const restarted = portal.emulator.restart();
    await Promise.all([dana, sam].map((page) => page.locator(away).waitFor()));
    await expect(dana.locator('[data-testid="connection-state"]').textContent()).resolves.toMatch(/Reconnecting|Offline: server unreachable/);
    await restarted;
    await Promise.all([dana, sam].map((page) => page.locator('[data-testid="connection-state"][data-status="connected"]').waitFor()));
    await Promise.all([dana, sam].map((page) => page.locator('[data-testid="room"][data-room="1"][data-status="live"]').waitFor()));

    const after = ['First after the restart', 'Second after the restart', 'Third after the restart'];
    for (const text of after) await say(dana, text);
    for (const text of after) {
      await message(dana, text).locator('[data-testid="delivery"]', { hasText: 'Delivered' }).waitFor();
      await message(sam, text).waitFor();
    }
    await say(sam, 'Back both ways');
    await message(dana, 'Back both ways').waitFor();
    // And kept: a reload reads all of them from the table.
    await sam.reload();
    await sam.locator('[data-testid="room"][data-room="1"][data-status="live"]').waitFor();
    for (const text of [...after, 'Back both ways']) await message(sam, text).waitFor();
  });
});
