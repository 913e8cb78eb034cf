// A security key as the second factor, in Chromium with its virtual authenticator (CDP
// WebAuthn domain): enrolled on the account remote's Security page, then asked for after a
// password sign-in and the session stepped up to aal2 with it; removed from the Security page,
// which first asks for the key when the session is only aal1 (GoTrue refuses to unenrol a
// verified factor from an aal1 session). WebAuthn refuses IP addresses as a relying party: the
// portal is opened on localhost, site_url's host, the relying party by default.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { launchBrowser, problems, type Browser, type TestPage } from './browser.js';
import { REPO, startTestPortal, type TestPortal } from './portal-harness.js';
import { answerTo, holdAnswers, nextFrames } from './support/hold-requests.js';
import { pagePerTest, withPageState } from './support/page-per-test.js';
import { signInWithPassword } from './support/sign-in.js';
import { newPerson, type Person } from './support/people.js';

jest.setTimeout(180_000);

let portal: TestPortal;
let browser: Browser;
let page: TestPage;
let siteUrl: string;

beforeAll(async () => {
  portal = await startTestPortal({ emulator: { configToml: `${readFileSync(path.join(REPO, 'supabase', 'config.toml'), 'utf8')}
[auth.mfa.web_authn]
enroll_enabled = true
verify_enabled = true
` } });
  siteUrl = portal.url;
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const tab = pagePerTest(() => browser, {
  unexpectedConsole: (entries) => problems(entries).filter((e) => !/status of (400|401|403|422)/.test(e.text)),
});

/** A USB security key that verifies its user (auth-js asks for a cross-platform authenticator), in this test's page. */
async function plugInSecurityKey() {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'usb',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/** Signs in with the password and enrols a security key named `name` on the Security page. */
async function signInAndAddKey(person: Person, name: string) {
  await page.goto(`${siteUrl}/account/sign-in`);
  await signInWithPassword(page, person.email, person.password);
  await page.waitForURL(/\/account(\/profile)?$/);
  await page.goto(`${siteUrl}/account/security`);
  await page.getByRole('button', { name: 'Add a security key or passkey' }).click();
  const add = page.locator('form[aria-label="Add a security key"]');
  await add.locator('button[type="submit"]').click();
  await add.getByText('Give the key a name').waitFor();
  await add.locator('input[name="key-name"]').fill(name);
  await add.locator('button[type="submit"]').click();
  await withPageState(page, page.getByTestId('security-key-list').getByText(name).waitFor({ timeout: 30_000 }));
}

/** Signs out, then in again with the password: the key is then asked for as the second step. */
async function signInAgainWithPassword(person: Person) {
  await page.goto(`${siteUrl}/account`);
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.locator('form[aria-label="Sign in"]').waitFor();
  await signInWithPassword(page, person.email, person.password);
  await page.waitForURL(/\/account\/verify/);
}

it('enrols a security key, then asks for it after a password sign-in and reaches aal2 with it', async () => {
  page = await tab.open();
  const { cdp, authenticatorId } = await plugInSecurityKey();
  const person = await newPerson(portal.emulator, 'acct-webauthn');

  await signInAndAddKey(person, 'Desk key');
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.rpId).toBe('localhost');

  // Sign out, and in again with the password: the key is the second step.
  await signInAgainWithPassword(person);
  await page.getByRole('button', { name: 'Use your security key' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/account/verify'));
  await page.goto(`${siteUrl}/account`);
  await expect(page.getByTestId('profile-aal').textContent()).resolves.toMatch(/aal2/);
  const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(after.credentials[0]!.signCount).toBeGreaterThan(credentials[0]!.signCount);
});

it('says a security key was removed only once its list no longer shows it', async () => {
  page = await tab.open();
  await plugInSecurityKey();
  const person = await newPerson(portal.emulator, 'acct-webauthn-remove-toast');
  // Adding the key made the session aal2: it may be removed at once.
  await signInAndAddKey(person, 'Spare key');
  const key = page.getByTestId('security-key-list').getByText('Spare key');
  await page.getByTestId('security-key-list').getByRole('button', { name: 'Remove Spare key' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Remove this security key?' });
  // The list's reads after the removal (GET /auth/v1/user: the factors) reach the page late.
  const reads = await holdAnswers(page, (url) => url.pathname.endsWith('/auth/v1/user'), {
    after: answerTo('DELETE', /\/auth\/v1\/factors\/[^/]+$/),
  });
  try {
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await reads.held;
    await nextFrames(page);
    await expect(page.getByText('Security key removed').count()).resolves.toBe(0);
    await expect(key.count()).resolves.toBe(1);
  } finally {
    await reads.release();
  }
  await withPageState(page, page.getByText('Security key removed').waitFor());
  await expect(key.count()).resolves.toBe(0);
  await page.getByText('No security key yet').waitFor();
});

it('removes a security key only from an aal2 session: the Security page of an aal1 one asks for the key first', async () => {
  page = await tab.open();
  await plugInSecurityKey();
  const person = await newPerson(portal.emulator, 'acct-webauthn-remove');
  await signInAndAddKey(person, 'Old key');

  // Back with only the password (aal1), straight to the Security page without the second step:
  // the key is asked for first (a second factor is a rule of the session), then the page opens.
  await signInAgainWithPassword(person);
  await page.goto(`${siteUrl}/account/security`);
  await withPageState(page, page.waitForURL(/\/account\/verify\?next=%2Faccount%2Fsecurity$/));
  await expect(page.getByTestId('security-key-list').count()).resolves.toBe(0);
  await page.getByRole('button', { name: 'Use your security key' }).click();
  await withPageState(page, page.waitForURL(/\/account\/security$/));

  await page.getByTestId('security-key-list').getByRole('button', { name: 'Remove Old key' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Remove this security key?' });
  await expect(dialog.textContent()).resolves.toContain('Old key will no longer be asked for at sign-in.');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await withPageState(page, page.getByText('No security key yet').waitFor());
  const { data, error } = await portal.emulator.admin().auth.admin.mfa.listFactors({ userId: person.id });
  expect(error).toBeNull();
  expect(data!.factors).toEqual([]);

  // The next password sign-in needs no second step.
  await page.goto(`${siteUrl}/account`);
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.locator('form[aria-label="Sign in"]').waitFor();
  await signInWithPassword(page, person.email, person.password);
  await withPageState(page, page.waitForURL(/\/account(\/profile)?$/));
});
