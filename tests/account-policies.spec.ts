// The account remote's failure paths under stricter project settings than the portal's own:
// sign-up with email confirmations on (check your inbox, resend, the link back in), a password
// the server refuses with its reasons, a superseded emailed code, and the hourly mail budget
// (rate limit) reaching the person in words. One portal and one emulator; the emulator is
// restarted with a tiny mail budget for the last part (its limits are read at start).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser, problems, type Browser, type ConsoleEntry } from './browser.js';
import { REPO, startTestPortal, type TestPortal } from './portal-harness.js';
import { codeIn, linkIn, mailbox } from './support/mailbox.js';
import { pageState } from './support/page-per-test.js';

jest.setTimeout(180_000);

/** The portal's own config.toml with some settings replaced (each must exist there). */
function portalConfig(replacements: Record<string, string>): string {
  let toml = readFileSync(path.join(REPO, 'supabase', 'config.toml'), 'utf8');
  for (const [key, value] of Object.entries(replacements)) {
    const line = new RegExp(`^${key} = .*$`, 'm');
    if (!line.test(toml)) throw new Error(`supabase/config.toml has no "${key} = " line to replace`);
    toml = toml.replace(line, `${key} = ${value}`);
  }
  return toml;
}

// Stricter than the rules the remote mirrors in its own checks (8+, letters and digits), so a
// password can pass the form and still be refused by the server, with its reasons.
const STRICT = {
  enable_confirmations: 'true',
  minimum_password_length: '12',
  password_requirements: '"lower_upper_letters_digits"',
  max_frequency: '"0s"',
};

const stamp = Date.now();
const person = { email: `policy-${stamp}@example.com`, password: 'Confirmed-pass-42' };

let portal: TestPortal;
let browser: Browser;
let page: Page & { console: ConsoleEntry[] };

beforeAll(async () => {
  portal = await startTestPortal({ emulator: { configToml: portalConfig(STRICT) } });
  browser = await launchBrowser();
  page = await browser.newPage();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** The mails to `to` so far, newest first. */
const mailsTo = (to: string) => mailbox(portal.emulator.mailUrl).list(to);
/** The next mail of a kind to `to`, newer than `seen`; on time-out the message shows the page too. */
const nextMail = (to: string, subject: RegExp, seen: Set<string>) => mailbox(portal.emulator.mailUrl).next(to, subject, seen, { state: () => pageState(page) });
const LONG = { timeout: 60_000 };

async function signOutHere() {
  await page.goto(`${portal.url}/account`);
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.waitForURL('**/account/sign-in', LONG);
}

describe('the account remote under stricter project settings', () => {
  it('shows the server’s reasons for a password that passes the form but not the project’s rules', async () => {
    await page.goto(`${portal.url}/account/sign-up?next=${encodeURIComponent('/account/security')}`);
    const form = page.locator('form[aria-label="Create an account"]');
    await form.locator('input[name="email"]').fill(person.email);
    await form.locator('input[name="password"]').fill('lowercase12');
    await form.locator('input[name="confirm"]').fill('lowercase12');
    await form.locator('button[type="submit"]').click();
    const reasons = form.getByText(/The server refused this password/);
    await reasons.waitFor(LONG);
    const text = (await reasons.textContent())!;
    expect(text).toMatch(/at least 12 characters/);
    expect(text).toMatch(/ABCDEFGHIJKLMNOPQRSTUVWXYZ/);
    expect(text).toMatch(/too short; it lacks a kind of character the project requires/);
    expect(text).not.toMatch(/letters and digits/); // the project's rule here is not that one
    await expect(mailsTo(person.email)).resolves.toEqual([]);
  });

  it('asks a new person to check their inbox, resends, and the link brings them back signed in', async () => {
    const form = page.locator('form[aria-label="Create an account"]');
    await form.locator('input[name="password"]').fill(person.password);
    await form.locator('input[name="confirm"]').fill(person.password);
    await form.locator('button[type="submit"]').click();
    const inbox = page.getByTestId('check-inbox');
    await inbox.getByText('Check your inbox').waitFor(LONG);
    await expect(inbox.textContent()).resolves.toContain(person.email);
    const first = await nextMail(person.email, /Confirm Your Signup/i, new Set());

    await inbox.getByRole('button', { name: 'Send the mail again' }).click();
    await inbox.getByText(`Sent again to ${person.email}.`).waitFor(LONG);
    const second = await nextMail(person.email, /Confirm Your Signup/i, new Set([first.ID]));
    await expect(mailsTo(person.email)).resolves.toHaveLength(2);

    // Not confirmed yet: signing in with the password says what to do.
    await page.goto(`${portal.url}/account/sign-in`);
    const signIn = page.locator('form[aria-label="Sign in"]');
    await signIn.locator('input[name="email"]').fill(person.email);
    await signIn.locator('input[name="password"]').fill(person.password);
    await signIn.locator('button[type="submit"]').click();
    await signIn.getByText(/Open the link in the confirmation mail first/).waitFor(LONG);

    // The newest link confirms the address and comes back to the route sign-up started from.
    await page.goto(linkIn(second));
    await page.waitForURL('**/account/security', LONG);
    await page.getByRole('heading', { name: 'Security', exact: true }).waitFor(LONG);
    await page.goto(`${portal.url}/account`);
    await page.getByTestId('profile-email').filter({ hasText: person.email }).waitFor(LONG);
    await signOutHere();
  });

  it('refuses an emailed code that a newer mail replaced, in words, and takes the newest', async () => {
    const request = page.locator('form[aria-label="Email me a sign-in link"]');
    const seen = await mailbox(portal.emulator.mailUrl).seen(person.email);
    await request.locator('input[name="email"]').fill(person.email);
    await request.locator('button[type="submit"]').click();
    const form = page.locator('form[aria-label="Enter the code from the mail"]');
    await form.waitFor(LONG);
    const older = await nextMail(person.email, /Magic Link/, seen);

    await form.getByRole('button', { name: 'Send another' }).click();
    await form.getByText('Sent again. The newest code is the one that works.').waitFor(LONG);
    const newer = await nextMail(person.email, /Magic Link/, new Set([...seen, older.ID]));
    if (codeIn(older) !== codeIn(newer)) {
      await form.locator('input[name="code"]').fill(codeIn(older));
      await form.locator('button[type="submit"]').click();
      await form.getByText(/expired or is invalid\. Ask for a new code/i).waitFor(LONG);
    }
    await form.locator('input[name="code"]').fill(codeIn(newer));
    await form.locator('button[type="submit"]').click();
    await page.waitForURL('**/account', LONG);
    await page.getByTestId('profile-email').filter({ hasText: person.email }).waitFor(LONG);
    await signOutHere();
  });

  it('tells the person when the hourly mail budget is used up, and keeps working', async () => {
    // The emulator reads its limits at start: two mails an hour from now on.
    writeFileSync(path.join(portal.emulator.workdir, 'supabase', 'config.toml'), portalConfig({ ...STRICT, email_sent: '2' }));
    await portal.emulator.restart();

    // What the page logged while the emulator was away (its socket reconnecting) is not this
    // test's business: from the fresh load on, only the refusals may appear.
    await page.goto(`${portal.url}/account/sign-in`);
    const loggedBefore = page.console.length;
    const request = page.locator('form[aria-label="Email me a sign-in link"]');
    await request.locator('input[name="email"]').fill(person.email);
    await request.locator('button[type="submit"]').click();
    const form = page.locator('form[aria-label="Enter the code from the mail"]');
    await form.waitFor(LONG);
    await form.getByRole('button', { name: 'Send another' }).click();
    await form.getByText('Sent again. The newest code is the one that works.').waitFor(LONG);
    await form.getByRole('button', { name: 'Send another' }).click();
    const refusal = form.getByRole('alert').filter({ hasText: /rate limit/i });
    await refusal.waitFor(LONG);
    await expect(refusal.textContent()).resolves.toMatch(/Too many attempts for now: wait a little and try again/);

    // A recovery mail draws on the same budget, and says so too.
    await page.goto(`${portal.url}/account/forgot-password`);
    const reset = page.locator('form[aria-label="Reset your password"]');
    await reset.locator('input[name="email"]').fill(person.email);
    await reset.locator('button[type="submit"]').click();
    await reset.getByRole('alert').filter({ hasText: /Too many attempts for now/ }).waitFor(LONG);

    // Nothing broke: password sign-in still works, and the page logged only the refusals.
    await page.goto(`${portal.url}/account/sign-in`);
    const signIn = page.locator('form[aria-label="Sign in"]');
    await signIn.locator('input[name="email"]').fill(person.email);
    await signIn.locator('input[name="password"]').fill(person.password);
    await signIn.locator('button[type="submit"]').click();
    await page.waitForURL('**/account', LONG);
    await page.getByTestId('profile-email').filter({ hasText: person.email }).waitFor(LONG);
    const unexpected = problems(page.console.slice(loggedBefore)).filter((e) => !/status of (400|401|403|422|429)/.test(e.text));
    expect(unexpected).toEqual([]);
  });
});
