// A person whose network drops, end to end: real Chromium, the portal served twice from one
// build (Dana's reaches the emulator directly, Sam's through a TCP proxy whose link the test can
// cut without closing anything, as a dropped Wi-Fi does; Playwright's setOffline would leave the
// open websocket open). Dana's People list must lose Sam within seconds — the emulator closes a
// silent socket after `[realtime] heartbeat_timeout` (10 s by default) — and Sam's own header must
// say so, then both recover by themselves when the link is back. And Sam's activity feed, back
// from the drop, reads what changed meanwhile before it says it is live, and loses none of it
// when that read fails. Each test has its own two people and project.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Route } from 'playwright-core';
import type { LocalPortal } from '../deploy/src/index.js';
import { startBlackholeProxy, type BlackholeProxy } from '../emulator/test/blackhole-proxy.js';
import { launchBrowser, type Browser, type TestPage } from './browser.js';
import { startTestPortal, type TestPortal } from './portal-harness.js';
import { pageState } from './support/page-per-test.js';
import { newPerson, signedInClient, type Person } from './support/people.js';
import { STEP_MS, waitUntil } from './support/waits.js';

jest.setTimeout(240_000);

/** The emulator's default `[realtime] heartbeat_timeout` (the portal's config.toml keeps it). */
const HEARTBEAT_TIMEOUT_MS = 10_000;
/** The page's heartbeat (@portal/platform HEARTBEAT_INTERVAL_MS). */
const PAGE_HEARTBEAT_MS = 5_000;

/** Dana’s portal: its API is the emulator, directly. */
let direct: TestPortal;
let proxy: BlackholeProxy;
/** Sam's: the same build, its API behind the proxy. */
let proxied: LocalPortal;
let browser: Browser;

async function signIn(page: TestPage, shellUrl: string, person: { email: string; password: string }, next: string): Promise<void> {
  await page.goto(`${shellUrl}/account/sign-in?next=${encodeURIComponent(next)}`);
  await page.locator('form[aria-label="Sign in"] input[name="email"]').fill(person.email);
  await page.locator('form[aria-label="Sign in"] input[name="password"]').fill(person.password);
  await page.locator('form[aria-label="Sign in"] button[type="submit"]').click();
  await page.waitForURL(`**${next}`);
}

/**
 * This test's own people: Dana owns a project with `tasks` in it, Sam edits it (so each is in the
 * other's People list and Sam's feed follows its tasks); Dana's client is signed in.
 */
async function danaAndSam(label: string, tasks: string[] = []): Promise<{ dana: Person; sam: Person; danaDb: SupabaseClient; projectId: number }> {
  const [dana, sam] = await Promise.all([newPerson(direct.emulator, `${label}-dana`), newPerson(direct.emulator, `${label}-sam`)]);
  const danaDb = await signedInClient(direct.emulator, dana);
  const project = await danaDb.from('projects').insert({ name: `Drop ${label}` }).select('id').single();
  if (project.error) throw project.error;
  const projectId = project.data.id as number;
  const member = await danaDb.from('project_members').insert({ project_id: projectId, user_id: sam.id, role: 'editor' });
  if (member.error) throw member.error;
  if (tasks.length) {
    const added = await danaDb.from('tasks').insert(tasks.map((title) => ({ project_id: projectId, title })));
    if (added.error) throw added.error;
  }
  return { dana, sam, danaDb, projectId };
}

function connectionState(page: TestPage, status?: string) {
  return page.locator(`[data-testid="connection-state"]${status ? `[data-status="${status}"]` : ''}`);
}

beforeAll(async () => {
  direct = await startTestPortal({ remotes: ['live'] });
  proxy = await startBlackholeProxy(direct.emulator.apiUrl);
  proxied = await direct.serveAgain('proxied', { supabaseUrl: proxy.url });
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await direct?.stop();
  await proxy?.close();
});

it('drops a person whose network went away from the others’ People list within seconds, and brings them back when it returns', async () => {
  const { dana: danaPerson, sam: samPerson } = await danaAndSam('people');
  const danaContext = await browser.newContext();
  const samContext = await browser.newContext();
  try {
    const dana = await danaContext.newPage();
    const sam = await samContext.newPage();
    await Promise.all([signIn(dana, direct.url, danaPerson, '/live/people'), signIn(sam, proxied.shellUrl, samPerson, '/live')]);
    const samHere = dana.locator(`[data-testid="person"][data-user="${samPerson.id}"]`);
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
    await expect(dana.locator(`[data-testid="person"][data-user="${danaPerson.id}"]`).count()).resolves.toBe(1);
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

it('says the activity feed is catching up until what changed while the network was gone is read; a failed catch-up says so, and the next one still covers the whole gap', async () => {
  const { sam: samPerson, danaDb } = await danaAndSam('feed', ['Set up analytics', 'Press release draft']);
  /** Dana marks one of her project's tasks (Sam is an editor there) done; its id. */
  const markDone = async (title: string) => {
    const { data, error } = await danaDb.from('tasks').update({ done: true }).eq('title', title).select('id').single();
    expect(error).toBeNull();
    return data!.id as number;
  };
  const samContext = await browser.newContext();
  try {
    const sam = await samContext.newPage();
    const feed = (status?: string) => sam.locator(`[data-testid="activity-feed"]${status ? `[data-status="${status}"]` : ''}`);
    const item = (id: number) => sam.locator(`[data-testid="activity"][data-table="tasks"][data-row="${id}"]`);
    const failure = feed().getByRole('alert');
    await signIn(sam, proxied.shellUrl, samPerson, '/live/activity');
    await feed('live').waitFor();
    // Every status the feed shows from here on, starting with 'live', so that a change elsewhere in
    // the page while the feed is still live (the new page's title said in the shell's live region)
    // records nothing.
    await sam.evaluate(() => {
      const seen: string[] = [document.querySelector<HTMLElement>('[data-testid="activity-feed"]')?.dataset.status ?? 'gone'];
      (window as unknown as { feedStates: string[] }).feedStates = seen;
      new MutationObserver(() => {
        const status = document.querySelector<HTMLElement>('[data-testid="activity-feed"]')?.dataset.status ?? 'gone';
        if (seen.at(-1) !== status) seen.push(status);
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    // The catch-up's read of tasks. Its first attempt is held, so the page has frames to show
    // what it shows while the read is on its way; then the test lets it through, or fails it and
    // every retry (supabase-js retries a GET that found no network three times, 1 + 2 + 4 s
    // apart) as a network still gone would.
    const isCatchUp = (url: URL) => url.pathname.endsWith('/rest/v1/tasks') && url.searchParams.has('updated_at');
    let failing = false;
    const held: Route[] = [];
    const catchUp = async (route: Route) => {
      if (failing) return route.abort('internetdisconnected');
      held.push(route);
    };
    /** Waits for the next catch-up read, held; then fails it (and its retries) or lets it through. */
    const nextRead = () => {
      const seen = held.length;
      return async (then: 'fail' | 'answer') => {
        const route = await waitUntil('the feed’s catch-up read', () => held[seen], { state: () => pageState(sam) });
        await sam.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        await expect(feed().getAttribute('data-status')).resolves.toBe('catching-up');
        failing = then === 'fail';
        await (failing ? route.abort('internetdisconnected') : route.continue());
      };
    };
    const failed = async () => {
      await failure.filter({ hasText: 'Could not catch up' }).waitFor({ timeout: STEP_MS });
      failing = false;
      await expect(feed().getAttribute('data-status')).resolves.toBe('behind');
    };
    await sam.route(isCatchUp, catchUp);
    const away = async () => {
      proxy.drop();
      await feed('reconnecting').waitFor({ timeout: STEP_MS });
    };
    try {
      // Away once: what changed meanwhile is read when Sam is back, and that read fails.
      await away();
      const first = await markDone('Set up analytics');
      let read = nextRead();
      proxy.restore();
      await read('fail');
      await failed();
      await expect(item(first).count()).resolves.toBe(0);

      // Try again: fails the same way, and says so again.
      read = nextRead();
      await failure.getByRole('button', { name: 'Try again' }).click();
      await read('fail');
      await failed();

      // Away again: this catch-up still starts where the feed was last complete, before the first gap.
      await away();
      const second = await markDone('Press release draft');
      read = nextRead();
      proxy.restore();
      await read('answer');
      await feed('live').waitFor();
      for (const id of [first, second]) await expect(item(id).getByText('while you were away').count()).resolves.toBe(1);
      await expect(failure.count()).resolves.toBe(0);
    } finally {
      proxy.restore();
      failing = false;
      for (const route of held) await route.continue().catch(() => undefined);
      await sam.unroute(isCatchUp, catchUp);
    }
    // Never live while a catch-up was on its way or after one failed: only once the last one answered.
    const states = await sam.evaluate(() => (window as unknown as { feedStates: string[] }).feedStates);
    expect(states[0]).toBe('live');
    expect(states.indexOf('live', 1)).toBe(states.length - 1);
  } finally {
    await samContext.close();
  }
});

it('lists the newest changes of a gap larger than the feed keeps, and says how many more are not listed', async () => {
  const { sam: samPerson, danaDb, projectId } = await danaAndSam('gap', ['Accessibility review']);
  const samContext = await browser.newContext();
  try {
    const sam = await samContext.newPage();
    const feed = (status?: string) => sam.locator(`[data-testid="activity-feed"]${status ? `[data-status="${status}"]` : ''}`);
    await signIn(sam, proxied.shellUrl, samPerson, '/live/activity');
    await feed('live').waitFor();

    proxy.drop();
    await feed('reconnecting').waitFor({ timeout: STEP_MS });
    // While Sam is away: 230 tasks added to a project Sam edits (one statement), then, last, one edited.
    const bulk = await danaDb
      .from('tasks')
      .insert(Array.from({ length: 230 }, (_, i) => ({ project_id: projectId, title: `Gap task ${i + 1}` })))
      .select('id');
    expect(bulk.error).toBeNull();
    const last = await danaDb.from('tasks').update({ priority: 'high' }).eq('title', 'Accessibility review').select('id').single();
    expect(last.error).toBeNull();
    proxy.restore();
    await feed('live').waitFor({ timeout: STEP_MS });

    // The newest change is listed, with the feed's newest 200 of the rest; the others are counted, not lost in silence.
    const newest = sam.locator(`[data-testid="activity"][data-table="tasks"][data-row="${last.data!.id}"]`);
    await expect(newest.getByText('while you were away').count()).resolves.toBe(1);
    await expect(sam.locator('[data-testid="activity"]').count()).resolves.toBe(200);
    await expect(feed().locator('[data-testid="activity-unlisted"]').textContent()).resolves.toMatch(
      /31 more changes made while you were away are not listed below: the feed keeps the newest 200/,
    );
  } finally {
    await samContext.close();
  }
});
