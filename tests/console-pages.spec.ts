// The emulator console's pages beyond the request log, in Chromium against the portal's own
// emulator: users (create, confirm, search, sign out everywhere, remove a factor, delete, and
// impersonation opening the portal signed in as that user) and the mailbox link; every page and
// the mailbox with axe, light and dark, and at a phone's 390 px.
import type { SupabaseClient } from '@supabase/supabase-js';
import { SERVICE_ROLE_KEY } from '../emulator/test/harness.js';
import { launchBrowser, problems, type Browser, type TestPage } from './browser.js';
import { startTestPortal, type TestPortal } from './portal-harness.js';
import { axeViolations } from './support/accessibility.js';
import { pagePerTest, pageState } from './support/page-per-test.js';
import { enrolTotp, newPerson, signedInClient } from './support/people.js';
import { STEP_MS, waitUntil } from './support/waits.js';

jest.setTimeout(300_000);

let portal: TestPortal;
let browser: Browser;
let admin: SupabaseClient;

beforeAll(async () => {
  portal = await startTestPortal();
  admin = portal.emulator.admin();
  // The first visit builds the console (rspack, cached by source hash): done once, here.
  const index = await fetch(portal.emulator.consoleUrl);
  if (!index.ok) throw new Error(`the console answered ${index.status}: ${await index.text()}`);
  browser = await launchBrowser();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const tab = pagePerTest(() => browser, { unexpectedConsole: problems });

async function openUsers(page: TestPage): Promise<void> {
  await page.goto(portal.emulator.consoleUrl);
  await page.getByLabel('Service key').fill(SERVICE_ROLE_KEY);
  await page.getByRole('button', { name: 'Open the console' }).click();
  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor({ timeout: STEP_MS });
}

async function search(page: TestPage, email: string) {
  await page.getByLabel('Email contains').fill(email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = page.locator(`[data-user="${email}"]`);
  await row.waitFor({ timeout: STEP_MS });
  // The unfiltered list shown before the search may already hold the row: wait for the answer.
  await waitUntil(
    `the list shows only users whose email contains ${email}`,
    async () => {
      const shown = await page.locator('[data-user]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-user') ?? ''));
      return shown.length > 0 && shown.every((address) => address.includes(email));
    },
    { state: () => pageState(page) },
  );
  return row;
}

async function notice(page: TestPage, text: string): Promise<void> {
  await page.getByRole('status').filter({ hasText: text }).waitFor({ timeout: STEP_MS });
}

describe('the console: users', () => {
  it('creates an unconfirmed user, says what is wrong with the form, confirms and finds them', async () => {
    const page = await tab.open();
    await openUsers(page);
    const form = page.getByRole('form', { name: 'Create a user' });
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill('not-an-address');
    await form.getByLabel(/^Password/).fill('123');
    await form.getByRole('button', { name: 'Create user' }).click();
    await form.getByText('Give an email address such as ana@example.com.').waitFor({ timeout: STEP_MS });
    expect(await form.innerText()).toContain('The password needs at least 6 characters.');

    const email = `console-new-${Date.now()}@example.com`;
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await form.getByLabel(/^Password/).fill('console-pass-1');
    await form.getByLabel('Email confirmed').uncheck();
    await form.getByRole('button', { name: 'Create user' }).click();
    await notice(page, `Created ${email}.`);
    const row = await search(page, email);
    expect(await page.locator('[data-user]').count()).toBe(1);
    expect(await row.innerText()).toContain('unconfirmed');
    const refused = await portal.emulator.client().auth.signInWithPassword({ email, password: 'console-pass-1' });
    expect(refused.error?.code).toBe('email_not_confirmed');

    await row.getByRole('button', { name: `Confirm ${email}` }).click();
    await notice(page, `Confirmed ${email}.`);
    await waitUntil('the row says confirmed', async () => !(await row.innerText()).includes('unconfirmed'), { state: () => pageState(page) });
    const signedIn = await portal.emulator.client().auth.signInWithPassword({ email, password: 'console-pass-1' });
    expect(signedIn.error).toBeNull();
  });

  it('signs a user out of every session', async () => {
    const person = await newPerson(portal.emulator, 'console-out');
    const client = await signedInClient(portal.emulator, person);
    const page = await tab.open();
    await openUsers(page);
    const row = await search(page, person.email);
    await row.getByRole('button', { name: `Sign out ${person.email}` }).click();
    await notice(page, `Signed ${person.email} out of every session.`);
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error?.code).toBe('refresh_token_not_found');
  });

  it('removes an MFA factor', async () => {
    const person = await newPerson(portal.emulator, 'console-mfa');
    await enrolTotp(await signedInClient(portal.emulator, person), 'Work phone');
    const page = await tab.open();
    await openUsers(page);
    const row = await search(page, person.email);
    expect(await row.innerText()).toContain('totp “Work phone” (verified)');
    await row.getByRole('button', { name: `Remove factor Work phone of ${person.email}` }).click();
    await notice(page, `Removed the totp factor of ${person.email}.`);
    const factors = await admin.auth.admin.mfa.listFactors({ userId: person.id });
    expect(factors.data?.factors).toEqual([]);
    await waitUntil('the row shows no factor', async () => !(await row.innerText()).includes('Work phone'), { state: () => pageState(page) });
  });

  it('deletes a user after asking', async () => {
    const person = await newPerson(portal.emulator, 'console-delete');
    const page = await tab.open();
    await openUsers(page);
    const row = await search(page, person.email);
    await row.getByRole('button', { name: `Delete ${person.email}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete user' }).click();
    await notice(page, `Deleted ${person.email}.`);
    await page.getByText(`No user's email contains “${person.email}”.`).waitFor({ timeout: STEP_MS });
    const gone = await admin.auth.admin.getUserById(person.id);
    expect(gone.error?.status).toBe(404);
  });

  it('impersonates a user: the portal opens signed in as them', async () => {
    const person = await newPerson(portal.emulator, 'console-as');
    const page = await tab.open();
    await openUsers(page);
    await page.getByLabel('Portal address').fill(`${portal.url}/account`);
    const row = await search(page, person.email);
    const opened = tab.context.context.waitForEvent('page', { timeout: STEP_MS });
    await row.getByRole('button', { name: `Impersonate ${person.email}` }).click();
    const portalPage = await opened;
    await portalPage.waitForURL(`${portal.url}/account`, { timeout: STEP_MS });
    await portalPage.getByTestId('profile-email').waitFor({ timeout: STEP_MS });
    expect(await portalPage.getByTestId('profile-email').textContent()).toBe(person.email);
    // The console keeps its own session beside the portal's.
    await page.reload();
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor({ timeout: STEP_MS });
  });

  it('refuses a portal address that is not on this machine, and says why', async () => {
    const person = await newPerson(portal.emulator, 'console-far');
    const page = await tab.open();
    await openUsers(page);
    await page.getByLabel('Portal address').fill('http://portal.example.com/');
    const row = await search(page, person.email);
    await row.getByRole('button', { name: `Impersonate ${person.email}` }).click();
    await page.getByRole('alert').filter({ hasText: 'the portal must be served from this machine' }).waitFor({ timeout: STEP_MS });
    // The browser logs the refused call (422): expected here.
    const logged = page.console.findIndex((entry) => entry.text.includes('422'));
    expect(logged).toBeGreaterThanOrEqual(0);
    page.console.splice(logged, 1);
  });
});

describe('the console: mailbox', () => {
  it('links the emulator mailbox, which shows the mail it holds', async () => {
    const person = await newPerson(portal.emulator, 'console-mail');
    const sent = await portal.emulator.client().auth.resetPasswordForEmail(person.email);
    expect(sent.error).toBeNull();
    const page = await tab.open();
    await openUsers(page);
    const link = page.getByRole('link', { name: /Mailbox/ });
    expect(await link.getAttribute('href')).toBe(portal.emulator.mailUrl);
    const opened = tab.context.context.waitForEvent('page', { timeout: STEP_MS });
    await link.click();
    const mailbox = await opened;
    await mailbox.getByRole('heading', { name: 'Mailbox' }).waitFor({ timeout: STEP_MS });
    expect(await mailbox.locator('body').innerText()).toContain(person.email);
  });
});

describe('the console for everyone', () => {
  /** Whether the page is wider than the window (a box inside it may scroll: the tab list, a table). */
  const scrollsSideways = (page: TestPage) => page.evaluate(() => document.documentElement.scrollWidth > innerWidth);

  it('has no axe violation on any page nor on the mailbox, light at 1280 px and dark at 390 px, and no page scrolls sideways', async () => {
    const person = await newPerson(portal.emulator, 'console-axe');
    expect((await portal.emulator.client().auth.resetPasswordForEmail(person.email)).error).toBeNull();
    // A request with a query string: the request log shows it in the row's button.
    expect((await admin.from('tasks').select('id').limit(1)).error).toBeNull();
    const page = await tab.open();
    const found: string[] = [];
    for (const [viewport, colorScheme] of [
      [{ width: 1280, height: 800 }, 'light'],
      [{ width: 390, height: 844 }, 'dark'],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      const at = `${viewport.width} px, ${colorScheme}`;
      await page.goto(portal.emulator.consoleUrl);
      await page.getByLabel('Service key').waitFor({ timeout: STEP_MS });
      found.push(...(await axeViolations(page)).map((violation) => `sign-in, ${at}: ${violation}`));
      if (viewport.width === 1280) await openUsers(page);
      else {
        await page.getByLabel('Service key').fill(SERVICE_ROLE_KEY);
        await page.getByRole('button', { name: 'Open the console' }).click();
      }
      for (const name of ['Requests', 'Users', 'Tables', 'Buckets', 'Vectors', 'Functions', 'Realtime']) {
        await page.getByRole('tab', { name, exact: true }).click();
        await page.getByRole('heading', { name, level: 1 }).waitFor({ timeout: STEP_MS });
        // Each page has read what it shows (no spinner left) before axe looks.
        await waitUntil(`the ${name} page has read what it shows`, async () => (await page.locator('.pui-spinner').count()) === 0, { state: () => pageState(page) });
        found.push(...(await axeViolations(page)).map((violation) => `${name}, ${at}: ${violation}`));
        if (await scrollsSideways(page)) found.push(`${name}, ${at}: the page scrolls sideways`);
      }
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByLabel('Service key').waitFor({ timeout: STEP_MS });

      await page.goto(portal.emulator.mailUrl);
      await page.getByText(person.email).first().waitFor({ timeout: STEP_MS });
      found.push(...(await axeViolations(page)).map((violation) => `mailbox, ${at}: ${violation}`));
      if (await scrollsSideways(page)) found.push(`mailbox, ${at}: the page scrolls sideways`);
    }
    expect(found).toEqual([]);
  });
});

describe('the console: tables', () => {
  it('lists the schemas public first, with RLS, row counts and policies, and pages through rows', async () => {
    const added = await admin.from('tasks').insert(Array.from({ length: 55 }, (_, i) => ({ project_id: 1, title: `console page task ${i + 1}` })));
    expect(added.error).toBeNull();
    const { count } = await admin.from('tasks').select('*', { count: 'exact', head: true });
    const page = await tab.open();
    await openUsers(page);
    await page.getByRole('tab', { name: 'Tables' }).click();
    await page.getByRole('heading', { name: 'Tables', level: 1 }).waitFor({ timeout: STEP_MS });
    expect(await page.getByLabel('Schema').inputValue()).toBe('public');
    const tasks = page.locator('[data-table="public.tasks"]');
    await tasks.waitFor({ timeout: STEP_MS });
    // Four policies of who may do what, and the restrictive one every table has (the second factor).
    expect((await tasks.locator('td').allInnerTexts()).map((text) => text.trim())).toEqual(['tasks', 'on', String(count), '5']);

    await tasks.getByRole('button', { name: 'Open public.tasks' }).click();
    const detail = page.getByRole('region', { name: 'Table public.tasks' });
    await detail.waitFor({ timeout: STEP_MS });
    const policy = detail.locator('[data-policy="tasks: members read"]');
    expect(await policy.innerText()).toMatch(/Command\s*SELECT/);
    expect(await detail.locator('[data-policy]').count()).toBe(5);
    await detail.locator('[data-policy="second factor: aal2 once a factor is verified"]').waitFor({ timeout: STEP_MS });
    const rows = detail.getByRole('table', { name: 'Rows of public.tasks' });
    await rows.getByText('Press release draft').waitFor({ timeout: STEP_MS });
    expect(await rows.locator('tbody tr').count()).toBe(50);
    await detail.getByRole('button', { name: /Next/ }).click();
    await rows.getByText('console page task 55').waitFor({ timeout: STEP_MS });
    expect(await rows.locator('tbody tr').count()).toBe(count! - 50);

    await page.getByLabel('Schema').selectOption('auth');
    const users = page.locator('[data-table="auth.users"]');
    await users.waitFor({ timeout: STEP_MS });
    expect(await users.innerText()).toContain('off');
  });
});
