// A person whose network drops, end to end: real Chromium, the portal served twice from one
// build (Dana's reaches the emulator directly, Sam's through a TCP proxy whose link the test can
// cut without closing anything, as a dropped Wi-Fi does; Playwright's setOffline would leave the
// open websocket open). Dana's People list must lose Sam within seconds — the emulator closes a
// silent socket after `[realtime] heartbeat_timeout` (10 s by default) — and Sam's own header must
// say so, then both recover by themselves when the link is back.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { startBlackholeProxy, type BlackholeProxy } from '../emulator/test/blackhole-proxy.js';
import { startTestEmulator, type TestEmulator } from '../emulator/test/harness.js';
import { startLocalPortal, type LocalPortal } from '../deploy/src/index.js';
import { launchBrowser, type Browser, type TestPage } from './browser.js';
import { buildAppsInto } from './portal-harness.js';
import { pageState } from './support/page-per-test.js';
import { STEP_MS, waitUntil } from './support/waits.js';

jest.setTimeout(240_000);

const REPO = path.resolve(__dirname, '..');
const DANA = { email: 'demo@example.com', password: 'demo-password-1', id: 'd0000000-0000-4000-8000-000000000001' };
const SAM = { email: 'sam@example.com', password: 'demo-password-2', id: 'd0000000-0000-4000-8000-000000000002' };
const REMOTES = ['account', 'live'] as const;
/** The emulator's default `[realtime] heartbeat_timeout` (the portal's config.toml keeps it). */
const HEARTBEAT_TIMEOUT_MS = 10_000;
/** The page's heartbeat (@portal/platform HEARTBEAT_INTERVAL_MS). */
const PAGE_HEARTBEAT_MS = 5_000;

let emulator: TestEmulator;
let proxy: BlackholeProxy;
let direct: LocalPortal;
let proxied: LocalPortal;
let workdir: string;
let browser: Browser;

async function signIn(page: TestPage, shellUrl: string, person: { email: string; password: string }, next: string): Promise<void> {
  await page.goto(`${shellUrl}/account/sign-in?next=${encodeURIComponent(next)}`);
  await page.locator('form[aria-label="Sign in"] input[name="email"]').fill(person.email);
  await page.locator('form[aria-label="Sign in"] input[name="password"]').fill(person.password);
  await page.locator('form[aria-label="Sign in"] button[type="submit"]').click();
  await page.waitForURL(`**${next}`);
}

function connectionState(page: TestPage, status?: string) {
  return page.locator(`[data-testid="connection-state"]${status ? `[data-status="${status}"]` : ''}`);
}

beforeAll(async () => {
  mkdirSync(path.join(REPO, '.tmp'), { recursive: true });
  workdir = mkdtempSync(path.join(REPO, '.tmp', 'network-drop-'));
  const build = path.join(workdir, 'build');
  const [started] = await Promise.all([startTestEmulator({ copySupabaseDir: path.join(REPO, 'supabase') }), buildAppsInto(build, ['shell', ...REMOTES])]);
  emulator = started;
  proxy = await startBlackholeProxy(emulator.apiUrl);
  const serve = (name: string, supabaseUrl: string) =>
    startLocalPortal({
      envDir: path.join(workdir, name),
      envName: 'test',
      shellDist: path.join(build, 'shell'),
      remoteDists: Object.fromEntries(REMOTES.map((remote) => [remote, path.join(build, remote)])),
      supabaseUrl,
    });
  [direct, proxied] = await Promise.all([serve('direct', emulator.apiUrl), serve('proxied', proxy.url)]);
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await direct?.close();
  await proxied?.close();
  await proxy?.close();
  await emulator?.stop();
  if (workdir) rmSync(workdir, { recursive: true, force: true });
});

it('drops a person whose network went away from the others’ People list within seconds, and brings them back when it returns', async () => {
  const danaContext = await browser.newContext();
  const samContext = await browser.newContext();
  try {
    const dana = await danaContext.newPage();
    const sam = await samContext.newPage();
    await Promise.all([signIn(dana, direct.shellUrl, DANA, '/live/people'), signIn(sam, proxied.shellUrl, SAM, '/live')]);
    const samHere = dana.locator(`[data-testid="person"][data-user="${SAM.id}"]`);
    await samHere.waitFor();
    await connectionState(sam, 'connected').waitFor();

    proxy.drop();
    const droppedAt = Date.now();
    // The server hears nothing from Sam (no heartbeat, no close, no pong): gone after its window.
    await samHere.waitFor({ state: 'detached', timeout: STEP_MS });
    const goneAfterMs = Date.now() - droppedAt;
    // Sam's page misses a heartbeat reply and says it is not live any more.
    await waitUntil(
      'Sam’s header leaving "connected"',
      async () => ((await connectionState(sam).getAttribute('data-status')) !== 'connected' ? true : null),
      { state: () => pageState(sam) },
    );
    const noticedAfterMs = Date.now() - droppedAt;
    console.log(`network dropped: gone from Dana's People after ${goneAfterMs} ms; Sam's header changed after ${noticedAfterMs} ms`);
    // Sam's last heartbeat was at most one beat before the drop; then the window and one check.
    expect(goneAfterMs).toBeLessThan(PAGE_HEARTBEAT_MS + HEARTBEAT_TIMEOUT_MS + 3_000);
    // One beat to send the next heartbeat, one to wait for its reply, then teardown.
    expect(noticedAfterMs).toBeLessThan(2 * PAGE_HEARTBEAT_MS + 3_000);
    await expect(dana.locator(`[data-testid="person"][data-user="${DANA.id}"]`).count()).resolves.toBe(1);
    await connectionState(dana, 'connected').waitFor();

    proxy.restore();
    await connectionState(sam, 'connected').waitFor({ timeout: STEP_MS });
    await samHere.waitFor({ timeout: STEP_MS });
    await samHere.locator('[data-testid="person-route"]', { hasText: '/live' }).waitFor();
  } finally {
    await danaContext.close();
    await samContext.close();
  }
});
