// Another person signing in while a remote is on screen, without a sign-out in between: the
// session is shared by the tabs of a browser (cookies, and auth-js tells the other tabs), so a
// sign-in in a second tab gives this tab SIGNED_IN for a different user. The remote on screen must
// not go on showing the previous person's screen: the shell mounts it afresh for the new person.
// A token refresh of the same person must leave it alone (what they typed stays).
import type { SupabaseClient } from '@supabase/supabase-js';
import { launchBrowser, problems, type Browser, type TestPage } from './browser.js';
import { startTestPortal, type TestPortal } from './portal-harness.js';
import { pagePerTest } from './support/page-per-test.js';
import { newPerson, signedInClient, signedInStorage, type Person } from './support/people.js';

jest.setTimeout(180_000);

const WAIT = { timeout: 30_000 };

let portal: TestPortal;
let browser: Browser;
const tab = pagePerTest(() => browser, { unexpectedConsole: (entries) => problems(entries) });

beforeAll(async () => {
  portal = await startTestPortal({ remotes: ['data'] });
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** A new person whose profile carries `displayName`, and a client signed in as them. */
async function personNamed(label: string, displayName: string): Promise<Person & { db: SupabaseClient }> {
  const person = await newPerson(portal.emulator, label);
  const { error } = await portal.emulator.admin().auth.admin.updateUserById(person.id, { user_metadata: { display_name: displayName } });
  if (error) throw error;
  return { ...person, db: await signedInClient(portal.emulator, person) };
}

type PageAuth = { signInWithPassword(credentials: { email: string; password: string }): Promise<{ error: { message: string } | null }> };

/** In a second page of the same browser context (another tab), `person` signs in with the portal's own client. */
async function signInInAnotherTab(person: Person): Promise<void> {
  const other = await tab.context.newPage();
  await other.goto(`${portal.url}/`);
  await other.waitForFunction(() => Boolean((globalThis as { __PORTAL_DEBUG__?: { shell?: unknown } }).__PORTAL_DEBUG__?.shell), undefined, WAIT);
  const error = await other.evaluate(async ({ email, password }) => {
    const { shell } = (globalThis as unknown as { __PORTAL_DEBUG__: { shell: { supabase: { auth: PageAuth } } } }).__PORTAL_DEBUG__;
    const { error } = await shell.supabase.auth.signInWithPassword({ email, password });
    return error?.message ?? null;
  }, { email: person.email, password: person.password });
  expect(error).toBeNull();
}

/**
 * Refreshes the page's session (the same person) with the portal's own client. The refresh token
 * is rotated (an access token minted in the same second as the previous one may read the same).
 */
async function refreshInPage(page: TestPage): Promise<void> {
  const tokens = await page.evaluate(async () => {
    type Auth = { getSession(): Promise<{ data: { session: { refresh_token: string } | null } }>; refreshSession(): Promise<{ error: { message: string } | null }> };
    const { auth } = (globalThis as unknown as { __PORTAL_DEBUG__: { shell: { supabase: { auth: Auth } } } }).__PORTAL_DEBUG__.shell.supabase;
    const before = (await auth.getSession()).data.session?.refresh_token ?? null;
    const { error } = await auth.refreshSession();
    const after = (await auth.getSession()).data.session?.refresh_token ?? null;
    return { before, after, error: error?.message ?? null };
  });
  expect(tokens.error).toBeNull();
  // The shell's session store took the refresh (so the remotes re-rendered with the new session).
  const event = await page.evaluate(() => {
    type Platform = () => { session: { getSnapshot(): { event: string | null; session: { refresh_token: string } | null } } };
    const snapshot = (globalThis as unknown as { __PORTAL_DEBUG__: { shell: { platform: Platform } } }).__PORTAL_DEBUG__.shell.platform().session.getSnapshot();
    return { event: snapshot.event, refreshToken: snapshot.session?.refresh_token ?? null };
  });
  expect(event).toEqual({ event: 'TOKEN_REFRESHED', refreshToken: tokens.after });
  expect(tokens.before).not.toBeNull();
  expect(tokens.after).not.toBeNull();
  expect(tokens.after).not.toBe(tokens.before);
}

/** Marks the element the remote rendered into its slot: a mount afresh replaces it, a re-render keeps it. */
async function markRemoteRoot(page: TestPage, remote: string): Promise<void> {
  const marked = await page.evaluate((name) => {
    const root = document.querySelector(`[data-remote-slot="${name}"] > div`);
    root?.setAttribute('data-test-mark', 'before');
    return root !== null;
  }, remote);
  expect(marked).toBe(true);
}

async function remoteRootMarked(page: TestPage, remote: string): Promise<boolean> {
  return page.evaluate((name) => document.querySelector(`[data-remote-slot="${name}"] > div[data-test-mark="before"]`) !== null, remote);
}

/** The account menu in the header names `email`: the shell has taken the session change. */
async function headerShows(page: TestPage, email: string): Promise<void> {
  await page.getByRole('button', { name: `Account menu for ${email}` }).waitFor(WAIT);
}

describe('another person signing in (another tab) while a remote is on screen', () => {
  it('the account remote shows the new person their own profile, not the previous person’s form', async () => {
    const alice = await personNamed('alice', 'Alice Ahead');
    const bob = await personNamed('bob', 'Bob Behind');
    const page = await tab.open(await signedInStorage(portal.url, portal.emulator, alice.db));
    await page.goto(`${portal.url}/account`);
    await page.getByTestId('profile-email').filter({ hasText: alice.email }).waitFor(WAIT);
    expect(await page.locator('input[name="display-name"]').inputValue()).toBe('Alice Ahead');

    await signInInAnotherTab(bob);

    // The first moment the profile on screen names Bob, what else does the page show?
    const shown = await page.waitForFunction(
      (email) => {
        const profile = document.querySelector<HTMLElement>('[data-testid="profile-email"]');
        if (!profile || profile.textContent !== email || !profile.checkVisibility()) return null;
        return {
          displayName: document.querySelector<HTMLInputElement>('input[name="display-name"]')?.value ?? null,
          text: document.body.innerText,
        };
      },
      bob.email,
      WAIT,
    );
    const { displayName, text } = (await shown.jsonValue())!;
    expect(displayName).toBe('Bob Behind');
    expect(text).not.toContain(alice.email);
    await headerShows(page, bob.email);
  });

  it('a remote that needs a session is mounted afresh for the new person, and not on a token refresh', async () => {
    const alice = await personNamed('alice', 'Alice Ahead');
    const bob = await personNamed('bob', 'Bob Behind');
    const page = await tab.open(await signedInStorage(portal.url, portal.emulator, alice.db));
    await page.goto(`${portal.url}/data/profiles`);
    const ready = '[data-remote-slot="data"] .data-page[data-view][data-state="ready"]';
    await page.locator(ready).waitFor(WAIT);
    await markRemoteRoot(page, 'data');

    // The same person's token refreshed: the remote stays as it is.
    await refreshInPage(page);
    await page.locator(ready).waitFor(WAIT);
    expect(await remoteRootMarked(page, 'data')).toBe(true);

    await signInInAnotherTab(bob);
    await headerShows(page, bob.email);
    await page.locator(ready).waitFor(WAIT);
    expect(await remoteRootMarked(page, 'data')).toBe(false);
    expect(await page.locator('[data-remote-slot="data"]').innerText()).not.toContain('Alice Ahead');
  });

  it('a token refresh of the same person keeps the remote mounted: what they typed stays', async () => {
    const alice = await personNamed('alice', 'Alice Ahead');
    const page = await tab.open(await signedInStorage(portal.url, portal.emulator, alice.db));
    await page.goto(`${portal.url}/account`);
    await page.getByTestId('profile-email').filter({ hasText: alice.email }).waitFor(WAIT);
    await markRemoteRoot(page, 'account');
    await page.locator('input[name="display-name"]').fill('Typed, not saved');

    await refreshInPage(page);
    await headerShows(page, alice.email);
    expect(await page.locator('input[name="display-name"]').inputValue()).toBe('Typed, not saved');
    expect(await remoteRootMarked(page, 'account')).toBe(true);
  });
});
