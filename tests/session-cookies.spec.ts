// The session in a browser: kept in cookies as @supabase/ssr's createBrowserClient keeps it, read
// by the shell's static server (GET /session, deploy/src/session-check.ts), refreshed once per
// token lifetime however many remotes call the backend, shared by tabs, and ended everywhere by a
// sign-out or a revocation on the server. The emulator issues 150 s access tokens here: supabase-js
// refreshes when fewer than 120 s are left at its 30 s tick, so a refresh comes within ~60 s, and
// the next one at least 30 s after it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { combineChunks, stringFromBase64URL } from '@supabase/ssr';
import type { Request, Response } from 'playwright-core';
import { launchBrowser, launchPersistentBrowser, type Browser, type TestPage } from './browser.js';
import { REPO, startTestPortal, type TestPortal } from './portal-harness.js';
import { pagePerTest, pageState } from './support/page-per-test.js';
import { newPerson, sessionCookieName, signedInClient, signedInStorage, type Person } from './support/people.js';
import { STEP_MS, waitUntil } from './support/waits.js';

jest.setTimeout(300_000);

const JWT_EXPIRY_S = 150;
const REMOTES = ['account', 'data', 'files', 'search', 'functions', 'live'] as const;
/** @supabase/ssr's defaults: 400 days, path /, SameSite=Lax, chunks of at most 3180 characters. */
const MAX_AGE_S = 400 * 24 * 60 * 60;
const MAX_CHUNK = 3180;

let portal: TestPortal;
let browser: Browser;
let cookieName: string;
const tab = pagePerTest(() => browser);

beforeAll(async () => {
  const configToml = readFileSync(path.join(REPO, 'supabase', 'config.toml'), 'utf8').replace(/^jwt_expiry = \d+$/m, `jwt_expiry = ${JWT_EXPIRY_S}`);
  if (!configToml.includes(`jwt_expiry = ${JWT_EXPIRY_S}`)) throw new Error('supabase/config.toml has no jwt_expiry line to shorten');
  portal = await startTestPortal({ remotes: REMOTES.filter((name) => name !== 'account'), emulator: { configToml } });
  cookieName = sessionCookieName(portal.emulator.apiUrl);
  browser = await launchBrowser();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

async function signInThroughTheForm(page: TestPage, person: Person, at = portal.url): Promise<void> {
  await page.goto(`${at}/account/sign-in`);
  const form = page.locator('form[aria-label="Sign in"]');
  await form.locator('input[name="email"]').fill(person.email);
  await form.locator('input[name="password"]').fill(person.password);
  await form.locator('button[type="submit"]').click();
  await page.waitForURL('**/account');
  await expect(page.getByTestId('profile-email').textContent()).resolves.toBe(person.email);
}

async function signOutFromTheMenu(page: TestPage): Promise<void> {
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
}

/** The session cookies of the portal's site (the whole value and each chunk). */
async function sessionCookies(page: TestPage) {
  const cookies = (await page.context().cookies(portal.url)).filter((c) => c.name === cookieName || c.name.startsWith(`${cookieName}.`));
  const value = await combineChunks(cookieName, (name) => cookies.find((c) => c.name === name)?.value);
  return { cookies, value };
}

/** The refresh token of the session the browser keeps in its cookies. */
async function storedRefreshToken(page: TestPage): Promise<string> {
  const { value } = await sessionCookies(page);
  return (JSON.parse(stringFromBase64URL(value!.replace(/^base64-/, ''))) as { refresh_token: string }).refresh_token;
}

const mounted = (page: TestPage, name: string) => page.locator(`[data-remote-slot="${name}"] [data-portal-remote="${name}"]`);

/** Who the shell's static server says is signed in, asked from the page (its cookies go along). */
function askTheServer(page: TestPage): Promise<{ status: number; body: Record<string, unknown> }> {
  return page.evaluate(async () => {
    const response = await fetch('/session');
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  });
}

/** A page signed in as a new person (cookies as the portal's client writes them), at `at`. */
async function openSignedIn(label: string, at: string): Promise<{ page: TestPage; person: Person }> {
  const person = await newPerson(portal.emulator, label);
  const page = await tab.open(await signedInStorage(portal.url, portal.emulator, await signedInClient(portal.emulator, person)));
  await page.goto(`${portal.url}${at}`);
  return { page, person };
}

/** The tab's session as its client holds it now. */
async function clientSession(page: TestPage) {
  // After a reload the shell registers its handle only once its bootstrap has run, after `load`.
  await page.waitForFunction(() => Boolean((globalThis as { __PORTAL_DEBUG__?: { shell?: unknown } }).__PORTAL_DEBUG__?.shell), undefined, { timeout: STEP_MS });
  return page.evaluate(async () => {
    const handles = (globalThis as unknown as { __PORTAL_DEBUG__: Record<string, { supabase: { auth: { getSession(): Promise<{ data: { session: { user: { id: string } } | null } }> } } }> }).__PORTAL_DEBUG__;
    const { data } = await handles.shell!.supabase.auth.getSession();
    return data.session ? data.session.user.id : null;
  });
}

describe('the session in cookies', () => {
  it('is set after sign-in with @supabase/ssr’s attributes, chunked, read by the server, and cleared on sign-out', async () => {
    const person = await newPerson(portal.emulator, 'cookie');
    const page = await tab.open();
    await signInThroughTheForm(page, person);

    const { cookies, value } = await sessionCookies(page);
    expect(cookies.length).toBeGreaterThan(0);
    const expiresAround = Date.now() / 1000 + MAX_AGE_S;
    for (const cookie of cookies) {
      expect(cookie).toMatchObject({ domain: new URL(portal.url).hostname, path: '/', sameSite: 'Lax', httpOnly: false });
      expect(Math.abs(cookie.expires - expiresAround)).toBeLessThan(600);
      expect(cookie.value.length).toBeLessThanOrEqual(MAX_CHUNK);
    }
    // One cookie while the value fits in a chunk, else `.0`, `.1`… as the library splits it.
    const names = value!.length > MAX_CHUNK ? cookies.map((_, i) => `${cookieName}.${i}`) : [cookieName];
    expect(cookies.map((c) => c.name).sort()).toEqual(names.sort());
    const session = JSON.parse(stringFromBase64URL(value!.replace(/^base64-/, ''))) as { user: { email: string } };
    expect(session.user.email).toBe(person.email);
    // Nothing of the session is left in localStorage.
    await expect(page.evaluate((key) => Object.keys(localStorage).filter((k) => k.startsWith(key)), cookieName)).resolves.toEqual([]);

    await expect(askTheServer(page)).resolves.toEqual({ status: 200, body: { id: person.id, email: person.email } });

    await signOutFromTheMenu(page);
    await page.getByRole('heading', { name: 'Welcome to the portal' }).waitFor();
    await expect(sessionCookies(page).then((c) => c.cookies)).resolves.toEqual([]);
    await expect(askTheServer(page)).resolves.toMatchObject({ status: 401 });
  });

  it('is out of reach of every document the Supabase API serves: the API is another site, and refuses the portal’s name', async () => {
    // What an uploader would share: a signed URL of an HTML file whose script reads the cookies.
    const admin = portal.emulator.admin();
    const bucket = `apart-${Date.now().toString(36)}`;
    expect((await admin.storage.createBucket(bucket)).error).toBeNull();
    const stored = '<!doctype html><title>stored</title><script>document.title = document.cookie</script>';
    expect((await admin.storage.from(bucket).upload('page.html', new Blob([stored], { type: 'text/html' }))).error).toBeNull();
    const { data: signed, error } = await admin.storage.from(bucket).createSignedUrl('page.html', 600);
    expect(error).toBeNull();

    const person = await newPerson(portal.emulator, 'apart');
    const page = await tab.open();
    await signInThroughTheForm(page, person);
    expect((await sessionCookies(page)).cookies.length).toBeGreaterThan(0);

    // The browser sends and shows a page on the API's origin none of the portal's cookies (a
    // document there — the emulator's own answer, or a stored file its storage serves — sees the
    // cookies of the API's site, which ports do not separate).
    const api = new URL(portal.emulator.apiUrl);
    expect((await page.context().cookies(api.origin)).map((c) => c.name).filter((name) => name.startsWith(cookieName))).toEqual([]);
    await page.goto(`${api.origin}/auth/v1/health`);
    expect(await page.evaluate(() => document.cookie)).not.toContain(cookieName);

    // The same file asked for under the portal's name (a link rewritten to it) is not served.
    const onPortalsName = new URL(signed!.signedUrl);
    onPortalsName.hostname = new URL(portal.url).hostname;
    const answer = await page.goto(onPortalsName.href);
    expect(answer?.status()).toBe(403);
    await expect(page.title()).resolves.not.toContain(cookieName);
    expect(await answer!.text()).not.toContain('<script>');
  });

  it('is shared by the portal’s subdomains when config.json names a cookie domain', async () => {
    // Two host names of one site, both the shell's static server on loopback.
    const port = new URL(portal.url).port;
    const [app, other] = ['app', 'files'].map((host) => `http://${host}.portal.test:${port}`) as [string, string];
    const site = await launchBrowser({ args: ['--host-resolver-rules=MAP *.portal.test 127.0.0.1', `--unsafely-treat-insecure-origin-as-secure=${app},${other}`] });
    try {
      // The environment's own config.json with a cookie domain (the rule maps names for the browser only).
      const config = (await (await fetch(`${portal.url}/config.json`)).json()) as object;
      await site.context.route(`${app}/config.json`, (route) => route.fulfill({ json: { ...config, cookieDomain: 'portal.test' } }));
      const person = await newPerson(portal.emulator, 'domain');
      const page = await site.newPage();
      await signInThroughTheForm(page, person, app);
      const cookies = (await site.context.cookies(app)).filter((c) => c.name === cookieName || c.name.startsWith(`${cookieName}.`));
      expect(cookies.length).toBeGreaterThan(0);
      for (const cookie of cookies) expect(cookie).toMatchObject({ domain: '.portal.test', path: '/', sameSite: 'Lax' });

      // A server on another subdomain of the site reads the same person.
      await page.goto(`${other}/status`);
      await expect(askTheServer(page)).resolves.toEqual({ status: 200, body: { id: person.id, email: person.email } });
    } finally {
      await site.close();
    }
  });

  it('survives a browser restart', async () => {
    const person = await newPerson(portal.emulator, 'restart');
    const profile = mkdtempSync(path.join(REPO, '.tmp', 'profile-'));
    try {
      const first = await launchPersistentBrowser(profile);
      await signInThroughTheForm(await first.newPage(), person);
      await first.close();

      const again = await launchPersistentBrowser(profile);
      try {
        const page = await again.newPage();
        await page.goto(`${portal.url}/account`);
        await expect(page.getByTestId('profile-email').textContent()).resolves.toBe(person.email);
        await expect(askTheServer(page)).resolves.toEqual({ status: 200, body: { id: person.id, email: person.email } });
      } finally {
        await again.close();
      }
    } finally {
      rmSync(profile, { recursive: true, force: true });
    }
  });
});

describe('refreshing under load', () => {
  it('refreshes once for the page while every remote calls the backend every second, and no request gets a 401', async () => {
    const { page } = await openSignedIn('load', '/account');
    const refreshes: string[] = [];
    const unauthorized: string[] = [];
    page.on('request', (request: Request) => {
      if (request.url().includes('/auth/v1/token') && request.url().includes('grant_type=refresh_token')) refreshes.push(new Date().toISOString());
    });
    page.on('response', (response: Response) => {
      if (response.status() === 401) unauthorized.push(`${response.request().method()} ${response.url()}`);
    });
    // Every remote mounted once (its module loaded, its debug handle registered), ending on live.
    for (const name of REMOTES) {
      await page.getByRole('link', { name: name[0]!.toUpperCase() + name.slice(1), exact: true }).click();
      await mounted(page, name).waitFor();
    }
    // Each remote calls the backend through the client it was handed, once a second.
    await page.evaluate((remotes) => {
      type Client = { from(t: string): { select(c: string): { limit(n: number): Promise<{ error: unknown }> } }; auth: { getUser(): Promise<{ error: unknown }> } };
      const handles = (globalThis as unknown as { __PORTAL_DEBUG__: Record<string, { supabase: Client; platform: () => { supabase: Client } }> }).__PORTAL_DEBUG__;
      const state: { ok: number; failed: string[] } = { ok: 0, failed: [] };
      (globalThis as unknown as { __calls: typeof state }).__calls = state;
      for (const name of remotes) {
        // The search remote registers no debug handle; it is handed the same portal client.
        const client = handles[name]?.supabase ?? handles.shell!.platform().supabase;
        setInterval(() => {
          const call = name === 'account' ? client.auth.getUser() : client.from('projects').select('id').limit(1);
          void call.then(({ error }) => {
            if (error) state.failed.push(`${name}: ${JSON.stringify(error)}`);
            else state.ok += 1;
          });
        }, 1000);
      }
    }, [...REMOTES]);

    await waitUntil('the page’s first refresh', () => refreshes.length > 0, { timeoutMs: (JWT_EXPIRY_S - 60 + 60) * 1000, intervalMs: 500, state: () => pageState(page) });
    const answeredBefore = await page.evaluate(() => (globalThis as unknown as { __calls: { ok: number } }).__calls.ok);
    // Everyone keeps calling for a while with the new token; no second refresh is due yet.
    await page.waitForTimeout(20_000);
    const calls = await page.evaluate(() => (globalThis as unknown as { __calls: { ok: number; failed: string[] } }).__calls);
    console.log(`refreshes: ${refreshes.length}, backend calls answered: ${answeredBefore} before it, ${calls.ok - answeredBefore} after, failed: ${calls.failed.length}, 401s: ${unauthorized.length}`);
    expect(refreshes).toHaveLength(1);
    expect(unauthorized).toEqual([]);
    expect(calls.failed).toEqual([]);
    // Each remote called on both sides of the refresh (once a second, so 20 in the 20 s after it).
    expect(answeredBefore).toBeGreaterThan(0);
    expect(calls.ok - answeredBefore).toBeGreaterThan(REMOTES.length * 10);
    await mounted(page, 'live').waitFor();
  });
});

describe('tabs and revocation', () => {
  it('keeps two tabs signed in when both refresh at the same moment', async () => {
    const { page: first, person } = await openSignedIn('two-tabs', '/data');
    const second = await tab.context.newPage();
    await second.goto(`${portal.url}/files`);
    await mounted(first, 'data').waitFor();
    await mounted(second, 'files').waitFor();
    const refreshFailures: string[] = [];
    for (const page of [first, second]) {
      page.on('response', (response: Response) => {
        if (response.url().includes('/auth/v1/token') && response.status() !== 200) refreshFailures.push(`${response.status()} ${response.url()}`);
      });
    }
    const refresh = (page: TestPage) =>
      page.evaluate(async () => {
        const handles = (globalThis as unknown as { __PORTAL_DEBUG__: Record<string, { supabase: { auth: { refreshSession(): Promise<{ error: { name: string; message: string } | null }> } } }> }).__PORTAL_DEBUG__;
        const { error } = await handles.shell!.supabase.auth.refreshSession();
        return error ? `${error.name}: ${error.message}` : null;
      });
    const before = await storedRefreshToken(first);
    const results = await Promise.all([refresh(first), refresh(second)]);
    // auth-js takes no lock between tabs: both send the same refresh token, the auth server gives
    // both the same new one (it answers the active token's parent with it), and a tab that finds
    // the other's copy stored first keeps it and reports AuthRefreshDiscardedError (a no-op by
    // auth-js's own account). What must not happen is a refused refresh or a lost session.
    expect(results.filter((result) => result !== null && !result.startsWith('AuthRefreshDiscardedError:'))).toEqual([]);
    expect(refreshFailures).toEqual([]);
    // The tabs share one cookie jar: what they hold now is a new session, not the one they started with.
    expect(await storedRefreshToken(first)).not.toBe(before);
    for (const page of [first, second]) {
      await expect(clientSession(page)).resolves.toBe(person.id);
      await page.reload();
      await expect(clientSession(page)).resolves.toBe(person.id);
      await expect(askTheServer(page)).resolves.toMatchObject({ status: 200, body: { id: person.id } });
    }
    await mounted(first, 'data').waitFor();
    await mounted(second, 'files').waitFor();
  });

  it('clears every remote in every tab when one tab signs out, and sends the other tab to sign in', async () => {
    const { page: first } = await openSignedIn('sign-out-tabs', '/data');
    const second = await tab.context.newPage();
    await second.goto(`${portal.url}/live`);
    await mounted(first, 'data').waitFor();
    await mounted(second, 'live').waitFor();

    await signOutFromTheMenu(first);
    await first.getByRole('heading', { name: 'Welcome to the portal' }).waitFor();
    await second.waitForURL(/\/account\/sign-in\?next=%2Flive$/);
    for (const page of [first, second]) {
      await expect(page.locator('[data-portal-remote="data"], [data-portal-remote="live"]').count()).resolves.toBe(0);
      await expect(clientSession(page)).resolves.toBeNull();
    }
    await expect(sessionCookies(second).then((c) => c.cookies)).resolves.toEqual([]);
  });

  it('notices a session revoked on the server (admin sign-out, password changed elsewhere) at the next refresh and sends the person to sign in from where they were', async () => {
    const revoked = await openSignedIn('revoked-admin', '/data?table=projects');
    const byAdmin = revoked.page;
    const elsewhere = await newPerson(portal.emulator, 'revoked-password');
    const other = await browser.newContext({ storageState: await signedInStorage(portal.url, portal.emulator, await signedInClient(portal.emulator, elsewhere)) });
    try {
      const byPassword = await other.newPage();
      await byPassword.goto(`${portal.url}/files`);
      await mounted(byAdmin, 'data').waitFor();
      await mounted(byPassword, 'files').waitFor();

      // An administrator signs the first person out everywhere; the second changes their password
      // on another device (every other session ends).
      const { data } = await (await signedInClient(portal.emulator, revoked.person)).auth.getSession();
      const { error: adminError } = await portal.emulator.admin().auth.admin.signOut(data.session!.access_token, 'global');
      expect(adminError).toBeNull();
      const device = await signedInClient(portal.emulator, elsewhere);
      const { error: passwordError } = await device.auth.updateUser({ password: 'a-new-password-7' });
      expect(passwordError).toBeNull();

      // Within one refresh (the next tick with fewer than 120 s left: at most ~60 s here).
      const within = { timeout: (JWT_EXPIRY_S - 90 + 30) * 1000 };
      await byAdmin.waitForURL(/\/account\/sign-in\?next=%2Fdata%3Ftable%3Dprojects$/, within);
      await byPassword.waitForURL(/\/account\/sign-in\?next=%2Ffiles$/, within);
      for (const page of [byAdmin, byPassword]) {
        await page.locator('form[aria-label="Sign in"]').waitFor();
        await expect(page.locator('[data-portal-remote="data"], [data-portal-remote="files"]').count()).resolves.toBe(0);
        await expect(clientSession(page)).resolves.toBeNull();
      }
    } finally {
      await other.close();
    }
  });
});
