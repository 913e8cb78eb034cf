// The live remote end to end: real Chromium (one browser context per person), the portal served
// on separate origins, a real emulator with the demo schema and seed. Dana owns "Launch website"
// (project 1) and "Home renovation" (project 2); Sam is an editor on project 1 only. Every page
// counts the websockets it opens (WebSocket wrapped by an init script before any code runs).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestEmulator, type TestEmulator } from '../emulator/test/harness.js';
import { subscribeOutcome } from '../emulator/src/realtime/spec-support.js';
import { startLocalPortal, type LocalPortal } from '../deploy/src/index.js';
import { launchBrowser, problems, type Browser, type TestPage } from './browser.js';
import { buildAppsInto } from './portal-harness.js';

jest.setTimeout(180_000);

const REPO = path.resolve(__dirname, '..');
const DANA = { email: 'demo@example.com', password: 'demo-password-1', id: 'd0000000-0000-4000-8000-000000000001' };
const SAM = { email: 'sam@example.com', password: 'demo-password-2', id: 'd0000000-0000-4000-8000-000000000002' };

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

let emulator: TestEmulator;
let portal: LocalPortal;
let workdir: string;
let danaBrowser: Browser;
let samBrowser: Browser;
let dana: TestPage;
let sam: TestPage;

async function signIn(page: TestPage, person: { email: string; password: string }, next: string): Promise<void> {
  await page.goto(`${portal.shellUrl}/account/sign-in?next=${encodeURIComponent(next)}`);
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

function message(page: TestPage, text: string) {
  return page.locator('[data-testid="message"]', { has: page.locator('[data-testid="message-text"]', { hasText: text }) });
}

async function signedInClient(person: { email: string; password: string }): Promise<SupabaseClient> {
  const client = emulator.client();
  const { error } = await client.auth.signInWithPassword(person);
  if (error) throw error;
  return client;
}

beforeAll(async () => {
  mkdirSync(path.join(REPO, '.tmp'), { recursive: true });
  workdir = mkdtempSync(path.join(REPO, '.tmp', 'live-spec-'));
  const build = path.join(workdir, 'build');
  const [started] = await Promise.all([
    startTestEmulator({ copySupabaseDir: path.join(REPO, 'supabase') }),
    buildAppsInto(build, ['shell', 'account', 'data', 'live']),
  ]);
  emulator = started;
  portal = await startLocalPortal({
    envDir: path.join(workdir, 'env'),
    envName: 'test',
    shellDist: path.join(build, 'shell'),
    remoteDists: { account: path.join(build, 'account'), data: path.join(build, 'data'), live: path.join(build, 'live') },
    supabaseUrl: emulator.apiUrl,
  });
  [danaBrowser, samBrowser] = await Promise.all([launchBrowser(), launchBrowser()]);
  await danaBrowser.context.addInitScript(COUNT_SOCKETS);
  await samBrowser.context.addInitScript(COUNT_SOCKETS);
  dana = await danaBrowser.newPage();
  sam = await samBrowser.newPage();
  await Promise.all([signIn(dana, DANA, '/live'), signIn(sam, SAM, '/live')]);
}, 300_000);

afterAll(async () => {
  await danaBrowser?.close();
  await samBrowser?.close();
  await portal?.close();
  await emulator?.stop();
  if (workdir) rmSync(workdir, { recursive: true, force: true });
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

  it('holds exactly one websocket after visiting every remote', async () => {
    for (const to of ['/account', '/data', '/data/tasks', '/live', '/live/rooms/1', '/live/people', '/live/activity', '/']) {
      await go(dana, to);
      await dana.locator('[data-testid="remote-outlet"]').waitFor({ state: 'attached' });
    }
    await go(dana, '/live/rooms/1');
    await dana.locator('[data-testid="room"][data-room="1"][data-status="live"]').waitFor();
    const sockets = await dana.evaluate(() =>
      (window as unknown as { __sockets: WebSocket[] }).__sockets.map((s) => ({ url: s.url.split('?')[0] ?? s.url, state: s.readyState })),
    );
    const open = sockets.filter((s) => s.state === 1); // WebSocket.OPEN
    expect(open).toHaveLength(1);
    expect(open[0]!.url).toMatch(/\/realtime\/v1\/websocket$/);
    expect(sockets.filter((s) => s.url.includes('/realtime/'))).toHaveLength(1); // never a second one, even briefly
  });
});
