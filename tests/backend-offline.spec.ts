// The backend going away, end to end: real Chromium on the portal, the emulator stopped in the
// middle of a session and started again on the same port and data. The header says the page is
// offline because the server does not answer (not only that the socket dropped), remotes that
// call the backend meanwhile fail without unhandled rejections, and everything comes back by
// itself, with no new console error once it has.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { startTestEmulator, type TestEmulator } from '../emulator/test/harness.js';
import { startLocalPortal, type LocalPortal } from '../deploy/src/index.js';
import { launchBrowser, problems, type Browser, type TestPage } from './browser.js';
import { buildAppsInto } from './portal-harness.js';
import { newPerson, signedInClient, signedInStorage } from './support/people.js';
import { STEP_MS } from './support/waits.js';

jest.setTimeout(240_000);

const REPO = path.resolve(__dirname, '..');
const DANA = { email: 'demo@example.com', password: 'demo-password-1', id: 'd0000000-0000-4000-8000-000000000001' };
const REMOTES = ['account', 'data', 'live'] as const;

/** Every promise rejection nobody handled, as the page saw it (Playwright reports only thrown errors). */
const RECORD_REJECTIONS = `
  window.__rejections = [];
  window.addEventListener('unhandledrejection', (event) => {
    const reason = event.reason;
    window.__rejections.push(String((reason && reason.stack) || reason));
  });
`;

let emulator: TestEmulator;
let portal: LocalPortal;
let workdir: string;
let browser: Browser;

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

/** The data remote has loaded the rows of the view on screen. */
async function rowsShown(page: TestPage): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.querySelector<HTMLElement>('.data-page[data-view]');
    return root !== null && root.dataset.state === 'ready' && root.dataset.loadedView === root.dataset.view;
  });
  await page.locator('.data-rows tr[data-row-key]').first().waitFor();
}

function rejections(page: TestPage): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __rejections: string[] }).__rejections);
}

beforeAll(async () => {
  mkdirSync(path.join(REPO, '.tmp'), { recursive: true });
  workdir = mkdtempSync(path.join(REPO, '.tmp', 'backend-offline-'));
  const build = path.join(workdir, 'build');
  const [started] = await Promise.all([startTestEmulator({ copySupabaseDir: path.join(REPO, 'supabase') }), buildAppsInto(build, ['shell', ...REMOTES])]);
  emulator = started;
  portal = await startLocalPortal({
    envDir: path.join(workdir, 'env'),
    envName: 'test',
    shellDist: path.join(build, 'shell'),
    remoteDists: Object.fromEntries(REMOTES.map((remote) => [remote, path.join(build, remote)])),
    supabaseUrl: emulator.apiUrl,
  });
  browser = await launchBrowser();
  await browser.context.addInitScript(RECORD_REJECTIONS);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await portal?.close();
  await emulator?.stop();
  if (workdir) rmSync(workdir, { recursive: true, force: true });
});

it('shows the server unreachable while the emulator is stopped, recovers by itself, and leaves no rejection or console error', async () => {
  const page = await browser.newPage();
  await page.goto(`${portal.shellUrl}/account/sign-in?next=${encodeURIComponent('/data/tasks')}`);
  await page.locator('form[aria-label="Sign in"] input[name="email"]').fill(DANA.email);
  await page.locator('form[aria-label="Sign in"] input[name="password"]').fill(DANA.password);
  await page.locator('form[aria-label="Sign in"] button[type="submit"]').click();
  await page.waitForURL('**/data/tasks');
  await rowsShown(page);
  await go(page, '/live/people');
  const me = page.locator(`[data-testid="person"][data-user="${DANA.id}"]`);
  await me.waitFor();
  const state = page.locator('[data-testid="connection-state"]');
  await page.locator('[data-testid="connection-state"][data-status="connected"]').waitFor();

  await emulator.restart({
    whileStopped: async () => {
      await page.locator('[data-testid="connection-state"][data-status="offline"][data-reason="backend"]').waitFor({ timeout: STEP_MS });
      await expect(state.textContent()).resolves.toMatch(/^Offline: server unreachable, retrying/);
      // A remote calling the backend now fails in its own words, and nothing is left unhandled.
      await go(page, '/data/tasks');
      await page.locator('[data-testid="remote-outlet"] [role="alert"]').first().waitFor({ timeout: STEP_MS });
      await go(page, '/live/people');
    },
  });

  await page.locator('[data-testid="connection-state"][data-status="connected"]').waitFor({ timeout: STEP_MS });
  const recoveredAt = page.console.length;
  await me.waitFor();
  await go(page, '/data/tasks');
  await rowsShown(page);
  await go(page, '/live/people');
  await me.waitFor();
  await page.locator('[data-testid="connection-state"][data-status="connected"]').waitFor();

  expect(page.console.filter((entry) => entry.type === 'pageerror')).toEqual([]);
  await expect(rejections(page)).resolves.toEqual([]);
  expect(problems(page.console.slice(recoveredAt))).toEqual([]);
});

it('data remote: says in words that the server did not answer, keeps an edit, and saves it by itself once the server is back (issue #39, item 1)', async () => {
  const person = await newPerson(emulator, 'outage-editor');
  const db = await signedInClient(emulator, person);
  const { data: project, error } = await db.from('projects').insert({ name: 'Outage project' }).select('id').single();
  if (error) throw error;
  const { data: task } = await db.from('tasks').insert({ project_id: project.id, title: 'Before the outage' }).select('id').single();
  const id = (task as { id: number }).id;
  const context = await browser.newContext({ storageState: await signedInStorage(portal.shellUrl, emulator, db) });
  try {
    const page = await context.newPage();
    await page.goto(`${portal.shellUrl}/data/tasks?f=project_id.eq.${project.id}`);
    await rowsShown(page);
    await page.getByRole('button', { name: `Edit title of row ${id}`, exact: true }).click();
    const group = page.getByRole('group', { name: `Edit title of row ${id}`, exact: true });
    await group.getByLabel('New value for title').fill('Saved after the outage');

    await emulator.restart({
      whileStopped: async () => {
        await group.getByRole('button', { name: 'Save' }).click();
        const alert = group.locator('[role="alert"][data-problem="unanswered"]');
        await alert.waitFor({ timeout: STEP_MS });
        const words = (await alert.textContent()) ?? '';
        expect(words).toBe('The server did not answer: it may be stopped, or the network is down. Your value is kept here and saved by itself once the server answers again.');
        // The value is still in the box, and no browser message or stack trace is shown anywhere.
        await expect(group.getByLabel('New value for title').inputValue()).resolves.toBe('Saved after the outage');
        const outlet = (await page.locator('[data-testid="remote-outlet"]').textContent()) ?? '';
        expect(outlet).not.toMatch(/TypeError|Failed to fetch|\.js:\d+/);
      },
    });

    // Nobody presses anything: the save goes out once the server answers, and the editor closes.
    await group.waitFor({ state: 'detached', timeout: STEP_MS });
    const { data: saved } = await emulator.admin().from('tasks').select('title').eq('id', id).single();
    expect(saved).toEqual({ title: 'Saved after the outage' });
    await page.locator(`tr[data-row-key="[${id}]"] [data-column="title"]`, { hasText: 'Saved after the outage' }).waitFor();
  } finally {
    await context.close();
  }
});

