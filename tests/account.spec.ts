// The account remote end to end: every auth flow in Chromium against a real emulator, reading
// mails from its mailbox API and computing TOTP codes here (otpauth), as a person's phone would.
// Each test has its own person and its own browser context, and starts signed in through the API
// unless signing in is what it checks: one failure stays one failure.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Request } from 'playwright-core';
import { launchBrowser, problems, type Browser, type StorageState, type TestPage } from './browser.js';
import { REPO, startTestPortal, type TestPortal } from './portal-harness.js';
import { scriptsBuiltFrom } from './support/build-sources.js';
import { axeViolations } from './support/accessibility.js';
import { answerTo, holdAnswers, holdRequests, nextFrames as nextFramesOf } from './support/hold-requests.js';
import { codeIn, linkIn, mailbox, type Mailbox } from './support/mailbox.js';
import { pagePerTest, pageState, withPageState } from './support/page-per-test.js';
import { signInWithPassword } from './support/sign-in.js';
import { enrolTotp, newPerson, signedInStorage, signedInClient, totpCode, wrongTotpCode, type Person } from './support/people.js';

jest.setTimeout(180_000);

const SCREENSHOTS = path.join(REPO, '.tmp', 'screenshots', 'account');
const NEW_PASSWORD = 'second-pass-43';

let portal: TestPortal;
let inbox: Mailbox;
let browser: Browser;
let page: TestPage;

beforeAll(async () => {
  portal = await startTestPortal({
    // Data (a table to skip the code for) and live (a background and channels that must not start).
    remotes: ['data', 'live'],
    extraRemotes: ({ published }) => {
      const account = published.find((p) => p.remote === 'account')!;
      // A route whose registry entry requires aal2 (served by the account bundle: what matters
      // here is the shell's gate, not the page behind it).
      return {
        vault: { title: 'Vault', route: '/vault', version: account.version, manifest: account.manifest, integrity: account.integrity, contract: '^1.0.0', auth: 'aal2' },
      };
    },
  });
  inbox = mailbox(portal.emulator.mailUrl);
  browser = await launchBrowser();
  mkdirSync(SCREENSHOTS, { recursive: true });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const tab = pagePerTest(() => browser, {
  // Failed requests the flows provoke on purpose (wrong codes, used links) log as network errors.
  unexpectedConsole: (entries) => problems(entries).filter((e) => !/status of (400|401|403|422|429)/.test(e.text)),
});
/** Each test's own page (signed in when given a session's storage). */
async function openPage(storageState?: StorageState): Promise<void> {
  page = await tab.open(storageState);
}

/** The next mail of a kind to `to`, newer than `seen`; on time-out the message shows the page too. */
const nextMail = (to: string, subject: RegExp, seen: Set<string>) => inbox.next(to, subject, seen, { state: () => pageState(page) });

const profileEmail = () => page.getByTestId('profile-email');
const shot = (name: string) => page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });

/** A new person whose browser page is signed in (optionally with an authenticator, at aal2) at `at`. */
async function signedInPerson(label: string, at: string, { withAuthenticator = false } = {}): Promise<{ person: Person; totpSecret: string }> {
  const person = await newPerson(portal.emulator, label);
  const client = await signedInClient(portal.emulator, person);
  const totpSecret = withAuthenticator ? await enrolTotp(client) : '';
  await openPage(await signedInStorage(portal.url, portal.emulator, client));
  await page.goto(`${portal.url}${at}`);
  return { person, totpSecret };
}

/**
 * Links the test provider's identity "Linked Person" from the security page; answers its row once
 * listed. Linking signs the browser in afresh (aal1), so a person with an authenticator (its
 * secret given) enters the code again before the page comes back.
 */
async function linkTestIdentity(person: Person, totpSecret?: string) {
  await page.getByRole('button', { name: 'Link Test provider' }).click();
  await withPageState(page, page.waitForURL(/test-provider\/authorize/));
  // The emulator's stand-in for the provider's sign-in page is a page for everyone too.
  expect(await axeViolations(page)).toEqual([]);
  await page.locator('input#email').fill(`linked-${person.email}`);
  await page.locator('input#name').fill('Linked Person');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  if (totpSecret) {
    await page.waitForURL(/\/account\/verify\?next=%2Faccount%2Fsecurity/);
    await enterCode('Verify with your authenticator app', totpCode(totpSecret));
  }
  await page.waitForURL('**/account/security**');
  const linked = page.locator('[data-testid="identity-list"] [data-provider="test"]');
  await linked.waitFor();
  return linked;
}

async function signOutHere() {
  await page.goto(`${portal.url}/account`);
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.waitForURL('**/account/sign-in');
}

async function enterCode(formLabel: string, code: string) {
  const form = page.locator(`form[aria-label="${formLabel}"]`);
  await form.locator('input[name="code"]').fill(code);
  await form.locator('button[type="submit"]').click();
}

/** Asks for a sign-in mail on the sign-in page; the page must say it was sent before any mail is awaited. */
async function requestSignInMail(email: string) {
  const request = page.locator('form[aria-label="Email me a sign-in link"]');
  await request.locator('input[name="email"]').fill(email);
  await request.locator('button[type="submit"]').click();
  const sent = page.locator('form[aria-label="Enter the code from the mail"]');
  const refused = request.getByRole('alert');
  await Promise.race([sent.waitFor(), refused.waitFor()]);
  if (await refused.isVisible()) throw new Error(`the sign-in mail was refused: ${await pageState(page)}`);
}

/** The `aal` claim of the access token a request carries (null without one). */
function aalOf(request: Request): string | null {
  const token = request.headers()['authorization']?.replace(/^Bearer /, '');
  const payload = token?.split('.')[1];
  return payload ? ((JSON.parse(Buffer.from(payload, 'base64url').toString()) as { aal?: string }).aal ?? null) : null;
}

/**
 * Holds the emulator's answers to the page's reads of the user (GET /auth/v1/user: the security
 * page's lists of authenticators, keys and identities), as `holdAnswers` does: each is asked of the
 * emulator at once and reaches the page only on `release()` (a slow network), which resolves once
 * the page has rendered them. `held` resolves once one is held.
 */
const holdUserReads = (options: Parameters<typeof holdAnswers>[2]) =>
  holdAnswers(page, (url) => url.pathname.endsWith('/auth/v1/user'), options);

/** The page's next two frames: what it has read by now is on screen. */
const nextFrames = () => nextFramesOf(page);

/**
 * Every layout shift of the remote's area in `target` from its next page's start (the browser's own
 * measure, as CLS sums them), each with the elements it moved; the chrome's own are not the
 * area's. Answers a function that reads them.
 */
async function watchAreaShifts(target: TestPage): Promise<() => Promise<string[]>> {
  await target.addInitScript(() => {
    const shifts: string[] = [];
    (globalThis as unknown as { layoutShifts: string[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      type Shift = { value: number; hadRecentInput: boolean; sources: { node?: Node | null }[] };
      const inOutlet = (node?: Node | null): node is Element => node instanceof Element && node.closest('[data-testid="remote-outlet"]') !== null;
      for (const entry of list.getEntries() as unknown as Shift[]) {
        const moved = entry.sources.map((source) => source.node).filter(inOutlet);
        if (!entry.hadRecentInput && moved.length) shifts.push(`${entry.value.toFixed(4)}: ${moved.map((node) => node.className || node.tagName).join(', ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => target.evaluate(() => (globalThis as unknown as { layoutShifts: string[] }).layoutShifts);
}

describe('the account remote', () => {
  it('keeps the signed-in pages still while their code and first reads arrive: the header and tabs come with the remote’s first frame, in place of the shell’s header (issue #40)', async () => {
    const person = await newPerson(portal.emulator, 'acct-still');
    await openPage(await signedInStorage(portal.url, portal.emulator, await signedInClient(portal.emulator, person)));
    // The chunk of the profile and security pages: what the area waits for before it can draw them.
    const [pagesChunk] = scriptsBuiltFrom(portal.remoteDists.account!, /\/src\/security\/SecurityPage\.tsx$/);
    for (const at of ['/account', '/account/security']) {
      const fresh = await tab.context.newPage();
      // The security page on a phone, where a card's description can be the page's largest text.
      if (at === '/account/security') await fresh.setViewportSize({ width: 390, height: 844 });
      const shifts = await watchAreaShifts(fresh);
      const chunk = await holdRequests(fresh, `**/${pagesChunk}`);
      // The security page's reads: its lists (passkeys, authenticators, keys, identities, connected
      // apps) and the project's sign-in settings (the providers an identity can be linked with).
      const reads = await holdRequests(fresh, (url) => /^\/auth\/v1\/(user|passkeys|settings)(\/|$)/.test(url.pathname));
      await fresh.goto(`${portal.url}${at}`);
      await chunk.asked;
      // The remote is on screen, its page's code still on its way.
      await fresh.getByTestId('remote-outlet').getByRole('progressbar', { name: 'Loading your account' }).waitFor();
      await nextFramesOf(fresh);
      await expect(shifts()).resolves.toEqual([]);
      chunk.release();
      if (at === '/account') {
        await fresh.getByTestId('profile-email').waitFor();
        // The picture's uploader (the files remote's parcel, not in this portal) has said it failed, in its place.
        await fresh.getByText('The picture uploader could not be loaded').waitFor();
      } else {
        // The cards' words are drawn, their lists still being read.
        await reads.asked;
        await fresh.getByRole('heading', { name: 'Where you are signed in' }).waitFor();
      }
      await nextFramesOf(fresh);
      await expect(shifts()).resolves.toEqual([]);
      // One header on screen: the page's own.
      await expect(fresh.getByRole('heading', { level: 1 }).allTextContents()).resolves.toEqual([at === '/account' ? 'Your account' : 'Security']);
      // The longest card description, as the loading page drew it with the header (the cards' code
      // and reads still on their way): the cards say it in a block of the same size, so their
      // arrival paints no larger text than the first frame did (the page's LCP).
      const longest = 'A second step at sign-in: a 6-digit code from an app such as 1Password, Google Authenticator or Authy.';
      const first = at === '/account/security' ? await fresh.getByTestId('security-loading').getByText(longest).boundingBox() : null;
      reads.release();
      if (at === '/account/security') {
        // The reads answer: every card's final content is drawn, and nothing in the area has moved
        // (drawn as each read answered, a card grew and moved the ones below it).
        const outlet = fresh.getByTestId('remote-outlet');
        await outlet.getByText('No passkey yet').waitFor();
        await outlet.getByText('No authenticator app yet').waitFor();
        await outlet.getByText('No security key yet').waitFor();
        await outlet.getByTestId('identity-list').waitFor();
        await outlet.getByText('No app uses your account.').waitFor();
        await nextFramesOf(fresh);
        await expect(shifts()).resolves.toEqual([]);
        await expect(outlet.getByRole('heading', { level: 2 }).allTextContents()).resolves.toEqual([
          'Passkeys',
          'Authenticator apps',
          'Security keys and passkeys',
          'Sign-in methods',
          'Connected apps',
          'Where you are signed in',
        ]);
        await expect(fresh.getByTestId('security-loading').count()).resolves.toBe(0);
        const drawn = await outlet.getByText(longest).boundingBox();
        expect({ width: drawn?.width, height: drawn?.height }).toEqual({ width: first?.width, height: first?.height });
      }
      await fresh.close();
    }
  });

  it('reads the person’s record once as Security opens, for its three lists of it (authenticator apps, security keys, sign-in methods) (issue #40)', async () => {
    const person = await newPerson(portal.emulator, 'acct-one-read');
    await openPage(await signedInStorage(portal.url, portal.emulator, await signedInClient(portal.emulator, person)));
    // auth-js reads each list from GET /auth/v1/user: three requests in one task of the page's
    // start, where one answers all three.
    const userReads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'GET' && new URL(request.url()).pathname.endsWith('/auth/v1/user')) userReads.push(request.url());
    });
    await page.goto(`${portal.url}/account/security`);
    const outlet = page.getByTestId('remote-outlet');
    await outlet.getByText('No authenticator app yet').waitFor();
    await outlet.getByText('No security key yet').waitFor();
    await outlet.getByTestId('identity-list').getByText(person.email).waitFor();
    await nextFrames();
    expect(userReads).toHaveLength(1);
  });

  it('keeps /account still while a stored session whose token has expired is refreshed at load: the registry’s header stands in the remote’s first frame (issue #40)', async () => {
    const person = await newPerson(portal.emulator, 'acct-still-refresh');
    const storage = await signedInStorage(portal.url, portal.emulator, await signedInClient(portal.emulator, person), { expired: true });
    await openPage(storage);
    const shifts = await watchAreaShifts(page);
    // The client restores the session only once its refresh answers: the area is mounted before.
    const refresh = await holdRequests(page, (url) => url.pathname === '/auth/v1/token');
    await page.goto(`${portal.url}/account`);
    await refresh.asked;
    await page.getByTestId('remote-outlet').getByRole('progressbar', { name: 'Loading your account' }).waitFor();
    await nextFrames();
    await expect(shifts()).resolves.toEqual([]);
    refresh.release();
    await profileEmail().waitFor();
    await page.getByText('The picture uploader could not be loaded').waitFor();
    await nextFrames();
    await expect(shifts()).resolves.toEqual([]);
    await expect(page.getByRole('heading', { level: 1 }).allTextContents()).resolves.toEqual(['Your account']);
  });

  it('draws the sign-in page in its first frame for a visitor who opens a signed-in page, nothing before it, while the URL follows (issue #40)', async () => {
    await openPage();
    for (const at of ['/account', '/account/security']) {
      const fresh = await tab.context.newPage();
      // Every page heading and progress bar the account's area shows, in order, from its first frame.
      await fresh.addInitScript(() => {
        const seen: string[] = [];
        (globalThis as unknown as { areaShowed: string[] }).areaShowed = seen;
        const note = () => {
          const area = document.querySelector('[data-testid="remote-outlet"] [data-portal-remote="account"]');
          for (const shown of area?.querySelectorAll('h1, [role="progressbar"]') ?? []) {
            const what = shown.tagName === 'H1' ? `h1 ${shown.textContent}` : `progress ${shown.getAttribute('aria-label') ?? document.getElementById(shown.getAttribute('aria-labelledby') ?? '')?.textContent ?? ''}`;
            if (seen.at(-1) !== what && !seen.includes(what)) seen.push(what);
          }
        };
        new MutationObserver(note).observe(document, { childList: true, subtree: true });
      });
      await fresh.goto(`${portal.url}${at}`);
      await fresh.locator('form[aria-label="Sign in"]').waitFor();
      await expect(fresh.evaluate(() => location.pathname + location.search)).resolves.toBe(`/account/sign-in${at === '/account' ? '' : `?next=${encodeURIComponent(at)}`}`);
      await expect(fresh.evaluate(() => (globalThis as unknown as { areaShowed: string[] }).areaShowed)).resolves.toEqual(['h1 Sign in to the portal']);
      await fresh.close();
    }
  });

  it('signs a new person up and shows the sign-in page with every way in', async () => {
    await openPage();
    const email = `acct-signup-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    await page.goto(`${portal.url}/account/sign-up`);
    const form = page.locator('form[aria-label="Create an account"]');
    await form.locator('input[name="email"]').fill(email);
    await form.locator('input[name="password"]').fill('first-pass-42');
    await form.locator('input[name="confirm"]').fill('first-pass-42');
    await form.locator('button[type="submit"]').click();
    await page.waitForURL('**/account');
    await expect(profileEmail().textContent()).resolves.toBe(email);
    // Its times are <time> elements with the exact time for machines, in the words of the page's locale.
    const times = page.getByTestId('profile').locator('time');
    await expect(times.count()).resolves.toBe(3);
    for (const time of await times.all()) {
      const at = (await time.getAttribute('datetime'))!;
      await expect(time.textContent()).resolves.toBe(await page.evaluate((iso) => new Date(iso).toLocaleString(), at));
    }
    await shot('profile');

    await signOutHere();
    await page.getByRole('button', { name: 'Continue with Test provider' }).waitFor();
    await page.getByRole('button', { name: 'Try without an account' }).waitFor();
    await shot('sign-in');
  });

  it('resets a forgotten password through the mailed link, and refuses the link a second time', async () => {
    await openPage();
    const person = await newPerson(portal.emulator, 'acct-reset', 'first-pass-42');
    await page.goto(`${portal.url}/account/sign-in`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL('**/account/forgot-password');
    const form = page.locator('form[aria-label="Reset your password"]');
    await form.locator('input[name="email"]').fill('not-an-address');
    await form.locator('button[type="submit"]').click();
    await page.getByText('Enter an email address like name@example.com.').waitFor();

    const seen = await inbox.seen(person.email);
    await form.locator('input[name="email"]').fill(person.email);
    await form.locator('button[type="submit"]').click();
    await page.getByText(/a link to reset its password is on its way/).waitFor();
    const link = linkIn(await nextMail(person.email, /Reset Your Password/, seen));

    await page.goto(link);
    await page.waitForURL('**/account/reset-password');
    const reset = page.locator('form[aria-label="Choose a new password"]');
    await reset.waitFor();
    await shot('reset-password');
    await reset.locator('input[name="new-password"]').fill('lettersonly');
    await reset.locator('input[name="confirm-password"]').fill('lettersonly');
    await reset.locator('button[type="submit"]').click();
    await page.getByText('Use both letters and digits.').waitFor();
    // The server's rule too: the same password as now is refused with its reason.
    await reset.locator('input[name="new-password"]').fill(person.password);
    await reset.locator('input[name="confirm-password"]').fill(person.password);
    await reset.locator('button[type="submit"]').click();
    await reset.getByText(/different from the old|same|not used here/i).first().waitFor();

    await reset.locator('input[name="new-password"]').fill(NEW_PASSWORD);
    await reset.locator('input[name="confirm-password"]').fill(NEW_PASSWORD);
    await reset.locator('button[type="submit"]').click();
    await page.waitForURL('**/account');

    // A used link: the emulator redirects with otp_expired, and the page says so in words.
    await signOutHere();
    await page.goto(link);
    const problem = page.getByTestId('link-error');
    await problem.waitFor();
    await expect(problem.getAttribute('data-error-code')).resolves.toBe('otp_expired');
    await expect(problem.textContent()).resolves.toMatch(/expired or was already used/);
    await shot('reset-link-used');

    await page.goto(`${portal.url}/account/sign-in`);
    await signInWithPassword(page, person.email, NEW_PASSWORD);
    await page.waitForURL('**/account');
  });

  it('signs in with a magic link back to the route that asked', async () => {
    await openPage();
    const person = await newPerson(portal.emulator, 'acct-magic');
    await page.goto(`${portal.url}/account/sign-in?next=${encodeURIComponent('/account/security')}`);
    const seen = await inbox.seen(person.email);
    await requestSignInMail(person.email);
    await shot('magic-link-sent');
    const magic = await nextMail(person.email, /Magic Link/, seen);
    await page.goto(linkIn(magic));
    await page.waitForURL('**/account/security');
    await page.getByRole('heading', { name: 'Security', exact: true }).waitFor();
  });

  it('shows only the latest attempt’s message: a wrong password, then a magic link sent (issue #39 item 7)', async () => {
    await openPage();
    const person = await newPerson(portal.emulator, 'acct-messages');
    await page.goto(`${portal.url}/account/sign-in`);
    // What the sign-in page announces now (its live regions with something in them).
    const announced = () => page.locator('[data-testid="remote-outlet"]').locator('[role="alert"], [role="status"]').allInnerTexts();

    await signInWithPassword(page, person.email, 'not-the-password-1');
    const refused = page.getByRole('alert').filter({ hasText: 'Could not sign in' });
    await withPageState(page, refused.waitFor());
    await expect(refused.textContent()).resolves.toMatch(/Invalid login credentials/);

    await requestSignInMail(person.email);
    const sent = page.getByRole('status').filter({ hasText: 'Check your inbox' });
    await withPageState(page, sent.waitFor());
    // The refusal of the earlier attempt is gone: it no longer sits above "Check your inbox".
    await expect(refused.count()).resolves.toBe(0);
    const shown = await announced();
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatch(new RegExp(`^Check your inbox\\s+We sent a sign-in link and a 6-digit code to ${person.email.replace(/[.+]/g, '\\$&')}`));

    // And back: a wrong password now is the news, the mail sent is only a reminder beside the code.
    await signInWithPassword(page, person.email, 'not-the-password-2');
    await withPageState(page, refused.waitFor());
    await expect(sent.count()).resolves.toBe(0);
    await page.getByText(`The sign-in link and code sent to ${person.email} still work.`).waitFor();
    const now = await announced();
    expect(now).toHaveLength(1);
    expect(now[0]).toMatch(/^Could not sign in/);
  });

  it('signs in with an emailed code (wrong code first)', async () => {
    await openPage();
    const person = await newPerson(portal.emulator, 'acct-code');
    await page.goto(`${portal.url}/account/sign-in`);
    const seen = await inbox.seen(person.email);
    await requestSignInMail(person.email);
    const mail = await nextMail(person.email, /Magic Link/, seen);
    await enterCode('Enter the code from the mail', '12345');
    await page.getByText('The code is 6 digits, like 123456.').waitFor();
    const wrong = codeIn(mail) === '000000' ? '111111' : '000000';
    await enterCode('Enter the code from the mail', wrong);
    await page.getByText(/expired or is invalid/i).waitFor();
    await enterCode('Enter the code from the mail', codeIn(mail));
    await page.waitForURL('**/account');
    await expect(profileEmail().textContent()).resolves.toBe(person.email);
  });

  it('enrols an authenticator app (QR code as an image, secret, wrong code refused)', async () => {
    await signedInPerson('acct-enrol', '/account/security');
    await page.getByRole('button', { name: 'Add an authenticator app' }).click();
    await page.locator('form[aria-label="Name the authenticator"] input[name="factor-name"]').fill('Test phone');
    await page.locator('form[aria-label="Name the authenticator"] button[type="submit"]').click();
    const qr = page.locator('img.account-qr');
    await qr.waitFor();
    await expect(qr.getAttribute('src')).resolves.toMatch(/^data:image\/svg\+xml/);
    const totpSecret = (await page.getByTestId('totp-secret').getAttribute('data-secret'))!;
    expect(totpSecret).toMatch(/^[A-Z2-7]+=*$/);
    await shot('mfa-enrol');

    await enterCode('Verify the authenticator', wrongTotpCode(totpSecret));
    await page.locator('form[aria-label="Verify the authenticator"]').getByText(/Check the code in your authenticator app/).waitFor();
    await enterCode('Verify the authenticator', totpCode(totpSecret));
    await page.locator('[data-factor-status="verified"]').waitFor();
    await expect(page.locator('[data-factor-status="verified"]').textContent()).resolves.toMatch(/Test phone/);
    await page.goto(`${portal.url}/account`);
    await expect(page.getByTestId('profile-aal').textContent()).resolves.toMatch(/aal2/);
    await shot('security');
  });

  it('says an authenticator was added only once its list shows it', async () => {
    await signedInPerson('acct-enrol-toast', '/account/security');
    await page.getByRole('button', { name: 'Add an authenticator app' }).click();
    await page.locator('form[aria-label="Name the authenticator"] button[type="submit"]').click();
    const secret = page.getByTestId('totp-secret');
    await secret.waitFor();
    // The reads with the verified (aal2) session: the lists read again once the app is verified.
    const reads = await holdUserReads({ which: (request) => aalOf(request) === 'aal2' });
    try {
      await enterCode('Verify the authenticator', totpCode((await secret.getAttribute('data-secret'))!));
      await reads.held;
      await nextFrames();
      await expect(page.getByText('Authenticator added').count()).resolves.toBe(0);
      await expect(page.getByText('No authenticator app yet').count()).resolves.toBe(0);
    } finally {
      await reads.release();
    }
    await page.getByText('Authenticator added').waitFor();
    await expect(page.locator('[data-factor-status="verified"]').count()).resolves.toBe(1);
  });

  it('asks for the second factor after a password sign-in, and a route that needs aal2 opens the code page again', async () => {
    await openPage();
    const person = await newPerson(portal.emulator, 'acct-aal2');
    const totpSecret = await enrolTotp(await signedInClient(portal.emulator, person));
    await page.goto(`${portal.url}/account/sign-in`);
    await signInWithPassword(page, person.email, person.password);
    await page.waitForURL(/\/account\/verify/);
    await page.locator('form[aria-label="Verify with your authenticator app"]').waitFor();
    await shot('mfa-challenge');

    // With only aal1, the registry's aal2 route opens the code page again (as every route does).
    await page.goto(`${portal.url}/vault`);
    await page.waitForURL(/\/account\/verify\?next=%2Fvault/);
    await expect(page.locator('[data-remote-slot="vault"]').count()).resolves.toBe(0);
    await enterCode('Verify with your authenticator app', wrongTotpCode(totpSecret));
    await page.getByText(/Check the code in your authenticator app/).waitFor();
    await enterCode('Verify with your authenticator app', totpCode(totpSecret));
    await page.waitForURL('**/vault');
    await page.getByTestId('remote-outlet').and(page.locator(':not([hidden])')).waitFor();
    await expect(page.getByTestId('sign-in-gate').count()).resolves.toBe(0);
  });

  it('shows only the code page to a password-only session, whatever is opened, with nothing mounted; the code opens the route first asked', async () => {
    await openPage();
    const person = await newPerson(portal.emulator, 'acct-skip');
    const client = await signedInClient(portal.emulator, person);
    const totpSecret = await enrolTotp(client);
    const project = await client.from('projects').insert({ name: `Skip ${person.id}` }).select('id').single();
    const task = await client.from('tasks').insert({ project_id: (project.data as { id: number }).id, title: 'Behind the code' }).select('id').single();
    if (project.error || task.error) throw project.error ?? task.error;
    const taskId = (task.data as { id: number }).id;
    // What the page asks of the backend with an aal1 token, and every channel it joins.
    const asked: string[] = [];
    page.on('request', (request) => {
      if (/\/(rest|storage|functions)\/v1\//.test(request.url()) && aalOf(request) === 'aal1') asked.push(`${request.method()} ${request.url()}`);
    });
    const joins: string[] = [];
    let presenceJoined: (status: string) => void = () => {};
    const presenceReply = new Promise<string>((resolve) => (presenceJoined = resolve));
    page.on('websocket', (socket) => {
      socket.on('framesent', ({ payload }) => {
        const frame = typeof payload === 'string' ? (JSON.parse(payload) as unknown[]) : null;
        if (frame?.[3] === 'phx_join') joins.push(String(frame[2]));
      });
      socket.on('framereceived', ({ payload }) => {
        const frame = typeof payload === 'string' ? (JSON.parse(payload) as unknown[]) : null;
        // The join's reply (join_ref set) on the person's own presence topic.
        if (frame?.[3] === 'phx_reply' && frame[0] !== null && frame[2] === `realtime:presence:${person.id}`) presenceJoined(String((frame[4] as { status?: string }).status));
      });
    });
    const codePage = page.locator('form[aria-label="Verify with your authenticator app"]');
    const nothingMounted = async () => {
      await expect(page.locator('[data-remote-slot]:not([data-remote-slot="account"])').count()).resolves.toBe(0);
      await expect(page.getByTestId('remote-outlet').locator('[data-remote-slot="account"] form').count()).resolves.toBe(1);
    };

    await page.goto(`${portal.url}/account/sign-in`);
    await signInWithPassword(page, person.email, person.password);
    await page.waitForURL(/\/account\/verify/);
    await codePage.waitFor();
    // Skipping the code by the address bar, a link in the navigation, the home and status pages,
    // the account's own pages: the code page each time, the route asked kept for later.
    await page.goto(`${portal.url}/data/tasks`);
    await page.waitForURL(/\/account\/verify\?next=%2Fdata%2Ftasks$/);
    await codePage.waitFor();
    await nothingMounted();
    await page.getByRole('navigation').getByRole('link', { name: 'Live' }).click();
    await page.waitForURL(/\/account\/verify\?next=%2Flive$/);
    await codePage.waitFor();
    for (const [at, next] of [
      ['/', '%2F'],
      ['/status', '%2Fstatus'],
      ['/account/security', '%2Faccount%2Fsecurity'],
      ['/vault', '%2Fvault'],
    ]) {
      await page.goto(`${portal.url}${at}`);
      await page.waitForURL(new RegExp(`/account/verify\\?next=${next}$`));
      await codePage.waitFor();
      await nothingMounted();
    }
    await shot('mfa-skip-refused');
    expect(asked).toEqual([]);
    expect(joins).toEqual([]); // no presence, no background's channels

    // Signing out from the code page stays possible.
    await codePage.getByRole('button', { name: 'Sign out instead' }).click();
    await page.waitForURL('**/account/sign-in');
    await signInWithPassword(page, person.email, person.password);
    await page.waitForURL(/\/account\/verify/);
    await page.goto(`${portal.url}/data/tasks`);
    await page.waitForURL(/\/account\/verify\?next=%2Fdata%2Ftasks$/);
    await enterCode('Verify with your authenticator app', totpCode(totpSecret));
    await page.waitForURL('**/data/tasks');
    await page.locator(`tr[data-row-key="[${taskId}]"]`).waitFor();
    expect(asked).toEqual([]);
    // Presence starts now, on the aal2 token (the private channel refuses an aal1 one).
    await expect(presenceReply).resolves.toBe('ok');
  });

  it('links an identity through the test provider, and unlinks it after a step-up', async () => {
    const { person, totpSecret } = await signedInPerson('acct-link', '/account/security', { withAuthenticator: true });
    const linked = await linkTestIdentity(person, totpSecret);
    await shot('after-link');
    await expect(linked.textContent()).resolves.toMatch(/Linked Person/);

    await linked.getByRole('button', { name: 'Unlink' }).click();
    // Unlinking is destructive, so it asks for the factor first when the session has not used it.
    const verify = page.locator('form[aria-label="Verify with your authenticator app"]');
    const dialog = page.getByRole('alertdialog');
    await Promise.race([verify.waitFor(), dialog.waitFor()]);
    if (await verify.isVisible()) {
      await enterCode('Verify with your authenticator app', totpCode(totpSecret));
      await page.waitForURL('**/account/security');
      await page.locator('[data-testid="identity-list"] [data-provider="test"]').getByRole('button', { name: 'Unlink' }).click();
    }
    await dialog.getByRole('button', { name: 'Unlink' }).click();
    await expect(page.locator('[data-testid="identity-list"] [data-provider="test"]').waitFor({ state: 'detached' })).resolves.toBeUndefined();
    const only = page.locator('[data-testid="identity-list"] [data-provider="email"]');
    await expect(only.getByRole('button', { name: 'Unlink' }).isDisabled()).resolves.toBe(true);
    await only.getByText('Your only way in').waitFor();
  });

  it('says an identity was unlinked only once its list no longer shows it', async () => {
    const { person } = await signedInPerson('acct-unlink-toast', '/account/security');
    const linked = await linkTestIdentity(person);
    await linked.getByRole('button', { name: 'Unlink' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Unlink this identity?' });
    // The list's reads after the unlink reach the page late: the toast waits for them.
    const reads = await holdUserReads({ after: answerTo('DELETE', /\/auth\/v1\/user\/identities\/[^/]+$/) });
    try {
      await dialog.getByRole('button', { name: 'Unlink' }).click();
      await reads.held;
      await nextFrames();
      await expect(page.getByText('Identity unlinked').count()).resolves.toBe(0);
      await expect(linked.count()).resolves.toBe(1);
    } finally {
      await reads.release();
    }
    await page.getByText('Identity unlinked').waitFor();
    await expect(linked.count()).resolves.toBe(0);
  });

  it('removes the authenticator (aal2 session), and sign-in no longer asks for it', async () => {
    const { person, totpSecret } = await signedInPerson('acct-remove', '/account/security', { withAuthenticator: true });
    await page.locator('[data-factor-status="verified"]').getByRole('button', { name: 'Remove' }).click();
    const verify = page.locator('form[aria-label="Verify with your authenticator app"]');
    const dialog = page.getByRole('alertdialog');
    await Promise.race([verify.waitFor(), dialog.waitFor()]);
    if (await verify.isVisible()) {
      await enterCode('Verify with your authenticator app', totpCode(totpSecret));
      await page.waitForURL('**/account/security');
      await page.locator('[data-factor-status="verified"]').getByRole('button', { name: 'Remove' }).click();
    }
    // The list's reads after the removal reach the page late: the toast waits for them.
    let removed = false;
    const reads = await holdUserReads({ which: () => removed });
    try {
      removed = true;
      await dialog.getByRole('button', { name: 'Remove' }).click();
      await reads.held;
      await nextFrames();
      await expect(page.getByText('Authenticator removed').count()).resolves.toBe(0);
    } finally {
      await reads.release();
    }
    await page.getByText('Authenticator removed').waitFor();
    await page.getByText('No authenticator app yet').waitFor();
    await signOutHere();
    await signInWithPassword(page, person.email, person.password);
    await page.waitForURL('**/account');
  });

  it('updates the profile and changes the password, with the server’s rules shown', async () => {
    await signedInPerson('acct-profile', '/account');
    const details = page.locator('form[aria-label="Name and picture"]');
    await details.locator('input[name="avatar-url"]').fill('javascript:alert(1)');
    await details.locator('button[type="submit"]').click();
    await details.getByText(/starting with https:\/\//).waitFor();
    await details.locator('input[name="display-name"]').fill('Ada <b>Lovelace</b>');
    await details.locator('input[name="avatar-url"]').fill('');
    await details.locator('button[type="submit"]').click();
    // Shown as text, never as markup (waits for the save to reach the session).
    await page.getByTestId('profile-name').filter({ hasText: 'Lovelace' }).waitFor();
    await expect(page.getByTestId('profile-name').textContent()).resolves.toBe('Ada <b>Lovelace</b>');
    await page.reload();
    await expect(page.getByTestId('profile-name').textContent()).resolves.toBe('Ada <b>Lovelace</b>');

    const change = page.locator('form[aria-label="Change your password"]');
    await change.locator('input[name="new-password"]').fill('third-pass-44');
    await change.locator('input[name="confirm-password"]').fill('third-pass-45');
    await change.locator('button[type="submit"]').click();
    await change.getByText('The two passwords differ.').waitFor();
    await change.locator('input[name="confirm-password"]').fill('third-pass-44');
    await change.locator('button[type="submit"]').click();
    await page.getByText('Your other devices were signed out.').waitFor();
  });

  it('changes the email address after confirming both links', async () => {
    const { person } = await signedInPerson('acct-email', '/account');
    const newEmail = `new-${person.email}`;
    const oldSeen = await inbox.seen(person.email);
    const newSeen = await inbox.seen(newEmail);
    const form = page.locator('form[aria-label="Change your email address"]');
    await form.locator('input[name="new-email"]').fill(newEmail);
    await form.locator('button[type="submit"]').click();
    await page.getByTestId('email-change-pending').waitFor();
    const toNew = await nextMail(newEmail, /Email Change/, newSeen);
    const toOld = await nextMail(person.email, /Email Change/, oldSeen);
    await page.goto(linkIn(toOld));
    await page.getByText(/proceed to confirm link sent to the other email/i).waitFor();
    await page.goto(linkIn(toNew));
    await page.waitForURL('**/account');
    await page.getByTestId('profile-email').filter({ hasText: newEmail }).waitFor();
  });

  it('asks for the code after an email change link of a person with an authenticator app, nothing mounted until then', async () => {
    const { person, totpSecret } = await signedInPerson('acct-email-mfa', '/account', { withAuthenticator: true });
    const newEmail = `new-${person.email}`;
    const oldSeen = await inbox.seen(person.email);
    const newSeen = await inbox.seen(newEmail);
    const form = page.locator('form[aria-label="Change your email address"]');
    await form.locator('input[name="new-email"]').fill(newEmail);
    await form.locator('button[type="submit"]').click();
    await page.getByTestId('email-change-pending').waitFor();
    const toNew = await nextMail(newEmail, /Email Change/, newSeen);
    const toOld = await nextMail(person.email, /Email Change/, oldSeen);
    await page.goto(linkIn(toOld));
    await page.getByText(/proceed to confirm link sent to the other email/i).waitFor();
    // The last link signs the browser in afresh (aal1): the code page, not the profile.
    await page.goto(linkIn(toNew));
    await page.waitForURL(/\/account\/verify\?next=%2Faccount$/);
    const codePage = page.locator('form[aria-label="Verify with your authenticator app"]');
    await codePage.waitFor();
    await expect(profileEmail().count()).resolves.toBe(0);
    await expect(page.locator('[data-remote-slot]:not([data-remote-slot="account"])').count()).resolves.toBe(0);
    await enterCode('Verify with your authenticator app', totpCode(totpSecret));
    await page.waitForURL('**/account');
    await profileEmail().filter({ hasText: newEmail }).waitFor();
  });

  it('signs out of other devices, and everywhere (every tab hears it)', async () => {
    const { person } = await signedInPerson('acct-devices', '/account/security');
    const elsewhere = await signedInClient(portal.emulator, person);

    await page.getByRole('button', { name: 'Sign out of other devices' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sign out the others' }).click();
    await page.getByText('Every other device and browser is signed out').waitFor();
    const { error: refreshError } = await elsewhere.auth.refreshSession();
    expect(refreshError?.code).toMatch(/refresh_token_not_found|session_not_found|refresh_token_already_used/);

    const other = await tab.context.newPage();
    await other.goto(`${portal.url}/account`);
    await other.getByTestId('profile-email').waitFor();
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.waitForURL('**/account/sign-in');
    // The other tab hears the sign-out through the client's cross-tab channel.
    await other.waitForURL('**/account/sign-in');
    await other.close();
  });

  it('lets a guest try the portal and then keep the account with an email and password', async () => {
    await openPage();
    await page.goto(`${portal.url}/account/sign-in`);
    await page.getByRole('button', { name: 'Try without an account' }).click();
    await page.waitForURL('**/account');
    await page.getByRole('heading', { name: 'You are using the portal as a guest' }).waitFor();
    const guestId = await page.locator('[data-testid="profile"] code').textContent();
    await shot('guest');
    const form = page.locator('form[aria-label="Keep your guest account"]');
    const guestEmail = `guest-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    await form.locator('input[name="email"]').fill(guestEmail);
    await form.locator('input[name="password"]').fill('guest-pass-46');
    await form.locator('input[name="confirm"]').fill('guest-pass-46');
    await form.locator('button[type="submit"]').click();
    await page.getByTestId('profile-email').filter({ hasText: guestEmail }).waitFor();
    await expect(page.locator('[data-testid="profile"] code').textContent()).resolves.toBe(guestId);
    await expect(page.getByTestId('profile-providers').textContent()).resolves.toMatch(/email/);
  });

  it('looks finished in dark mode too', async () => {
    await signedInPerson('acct-dark', '/account/security', { withAuthenticator: true });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.getByRole('heading', { name: 'Security', exact: true }).waitFor();
    await shot('security-dark');
    await page.goto(`${portal.url}/account`);
    await page.getByTestId('profile').waitFor();
    await shot('profile-dark');
  });
});
