// The backend going away, end to end: real Chromium on the portal, the emulator stopped in the
// middle of a session and started again on the same port and data. The header says the page is
// offline because the server does not answer (not only that the socket dropped), remotes that
// call the backend meanwhile fail without unhandled rejections and say so in words, and
// everything comes back by itself, with no new console error once it has. The emulator runs the
// project's own supabase/ folder unchanged, so the portal here runs on another port than the
// project's site_url names, as a second `npm start -- --port` would: its mails must name it.
import { launchBrowser, problems, type Browser, type TestPage } from './browser.js';
import { startTestPortal, type TestPortal } from './portal-harness.js';
import { linkIn, mailbox } from './support/mailbox.js';
import { withPageState } from './support/page-per-test.js';
import { newPerson, signedInClient, signedInStorage } from './support/people.js';
import { signInWithPassword } from './support/sign-in.js';
import { STEP_MS } from './support/waits.js';

jest.setTimeout(240_000);

/** Every promise rejection nobody handled, as the page saw it (Playwright reports only thrown errors). */
const RECORD_REJECTIONS = `
  window.__rejections = [];
  window.addEventListener('unhandledrejection', (event) => {
    const reason = event.reason;
    window.__rejections.push(String((reason && reason.stack) || reason));
  });
`;

let portal: TestPortal;
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
  // The project's config.toml as it is: its site_url names another port than this portal's.
  portal = await startTestPortal({ remotes: ['data', 'live', 'functions'], keepSiteUrl: true });
  browser = await launchBrowser();
  await browser.context.addInitScript(RECORD_REJECTIONS);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

it('shows the server unreachable while the emulator is stopped, recovers by itself, and leaves no rejection or console error', async () => {
  // A person of this test's own, with a project and a task to see in the data remote.
  const person = await newPerson(portal.emulator, 'outage-reader');
  const db = await signedInClient(portal.emulator, person);
  const project = await db.from('projects').insert({ name: 'Read through the outage' }).select('id').single();
  if (project.error) throw project.error;
  const task = await db.from('tasks').insert({ project_id: project.data.id, title: 'Seen before and after' });
  if (task.error) throw task.error;
  const page = await browser.newPage();
  await page.goto(`${portal.url}/account/sign-in?next=${encodeURIComponent('/data/tasks')}`);
  await signInWithPassword(page, person.email, person.password);
  await page.waitForURL('**/data/tasks');
  await rowsShown(page);
  await go(page, '/live/people');
  const me = page.locator(`[data-testid="person"][data-user="${person.id}"]`);
  await me.waitFor();
  const state = page.locator('[data-testid="connection-state"]');
  await page.locator('[data-testid="connection-state"][data-status="connected"]').waitFor();

  await portal.emulator.restart({
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
  const person = await newPerson(portal.emulator, 'outage-editor');
  const db = await signedInClient(portal.emulator, person);
  const { data: project, error } = await db.from('projects').insert({ name: 'Outage project' }).select('id').single();
  if (error) throw error;
  const { data: task } = await db.from('tasks').insert({ project_id: project.id, title: 'Before the outage' }).select('id').single();
  const id = (task as { id: number }).id;
  const context = await browser.newContext({ storageState: await signedInStorage(portal.url, portal.emulator, db) });
  try {
    const page = await context.newPage();
    await page.goto(`${portal.url}/data/tasks?f=project_id.eq.${project.id}`);
    await rowsShown(page);
    // The cell's button is named by its value, then what it does.
    await page.getByRole('button', { name: `Before the outage, edit title of row ${id}`, exact: true }).click();
    const group = page.getByRole('group', { name: `Edit title of row ${id}`, exact: true });
    await group.getByLabel('New value for title').fill('Saved after the outage');

    await portal.emulator.restart({
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
    const { data: saved } = await portal.emulator.admin().from('tasks').select('title').eq('id', id).single();
    expect(saved).toEqual({ title: 'Saved after the outage' });
    await page.locator(`tr[data-row-key="[${id}]"] [data-column="title"]`, { hasText: 'Saved after the outage' }).waitFor();
  } finally {
    await context.close();
  }
});

/** What a person reads when the server does not answer (@portal/ui/words). */
const UNANSWERED = 'The server did not answer: it may be stopped, or the network is down.';
/** The browser's and the bundle's own words, which a person must never read. */
const RAW = /TypeError|Failed to (fetch|send)|main\.[0-9a-f]+\.js|RUNTIME-\d/;

it('says in words on the sign-in page, the account’s lists, a function call and the user menu that the server does not answer, and each recovers by itself (issue #39 item 1)', async () => {
  const person = await newPerson(portal.emulator, 'offline-words');
  const signedIn = await browser.newContext({ storageState: await signedInStorage(portal.url, portal.emulator, await signedInClient(portal.emulator, person)) });
  const signedOut = await browser.newContext();
  try {
    const security = await signedIn.newPage();
    await security.goto(`${portal.url}/account/security`);
    await security.getByText('No authenticator app yet').waitFor({ timeout: STEP_MS });
    const functions = await signedIn.newPage();
    await functions.goto(`${portal.url}/functions/hello`);
    await functions.locator('.fn-page[data-function="hello"]').waitFor({ timeout: STEP_MS });
    const signIn = await signedOut.newPage();
    await signIn.goto(`${portal.url}/account/sign-in`);
    await signIn.getByRole('button', { name: 'Try without an account' }).waitFor({ timeout: STEP_MS });

    const offline = (page: TestPage) => page.locator('[data-testid="connection-state"][data-status="offline"]').waitFor({ timeout: STEP_MS });
    const readsReadAgain = 'This page tries again by itself as soon as the server answers.';
    await portal.emulator.restart({
      whileStopped: async () => {
        // Signing in: what happened and what happens next, not the browser's "Failed to fetch".
        // Opened afresh, the page cannot learn the project's other ways in yet.
        await signIn.reload();
        await signIn.locator('form[aria-label="Sign in"]').waitFor({ timeout: STEP_MS });
        await signInWithPassword(signIn, person.email, person.password);
        const refused = signIn.getByRole('alert').filter({ hasText: 'Could not sign in' });
        await withPageState(signIn, refused.waitFor({ timeout: STEP_MS }));
        const said = (await refused.textContent()) ?? '';
        expect(said).toContain(`${UNANSWERED} Try again once it answers: this message changes when it does.`);
        expect(said).not.toMatch(RAW);
        await offline(signIn);
        await expect(signIn.getByRole('button', { name: 'Try without an account' }).count()).resolves.toBe(0);

        // The security page's lists: said, and read again by themselves later.
        await security.reload();
        const unread = security.getByRole('alert').filter({ hasText: 'Could not read your authenticators' });
        await withPageState(security, unread.waitFor({ timeout: STEP_MS }));
        await expect(unread.textContent()).resolves.toContain(`${UNANSWERED} ${readsReadAgain}`);
        await offline(security);
        for (const text of await security.getByRole('alert').allTextContents()) expect(text).not.toMatch(RAW);

        // Signing out from the user menu: the person is told they are still signed in.
        await security.getByRole('button', { name: `Account menu for ${person.email}` }).click();
        await security.getByRole('menuitem', { name: 'Sign out' }).click();
        await withPageState(security, security.getByText(`You are still signed in. ${UNANSWERED} Sign out again once it answers.`).waitFor({ timeout: STEP_MS }));

        // A function call that got no answer.
        await functions.getByRole('button', { name: 'Send', exact: true }).click();
        const noAnswer = functions.locator('section.fn-result[data-kind="fetch-error"] [data-kind="fetch-error"]');
        await withPageState(functions, noAnswer.waitFor({ timeout: STEP_MS }));
        const told = (await noAnswer.textContent()) ?? '';
        expect(told).toContain(`${UNANSWERED} Send it again once the server answers: this message says when it does.`);
        expect(told).not.toMatch(RAW);
        await offline(functions);
      },
    });

    // Back, without a click: the sign-in page says so and offers its other ways in again,
    await withPageState(signIn, signIn.getByRole('status').filter({ hasText: 'The server answers again' }).waitFor({ timeout: STEP_MS }));
    await expect(signIn.getByRole('alert').filter({ hasText: 'Could not sign in' }).count()).resolves.toBe(0);
    await signIn.getByRole('button', { name: 'Try without an account' }).waitFor({ timeout: STEP_MS });
    // and signing in works;
    await signInWithPassword(signIn, person.email, person.password);
    await signIn.waitForURL('**/account', { timeout: STEP_MS });
    // the security page's lists are read again;
    await withPageState(security, security.getByText('No authenticator app yet').waitFor({ timeout: STEP_MS }));
    // Each card reads its own list again on the same signal, each answer in its own time: the
    // authenticators' being back says nothing of the others' (counted at once, two were still
    // on their way once), so every card's alert is awaited gone.
    await withPageState(security, security.getByRole('alert').filter({ hasText: 'Could not read' }).first().waitFor({ state: 'detached', timeout: STEP_MS }));
    // the function's answer says the server is back, and sending works.
    await withPageState(functions, functions.locator('[data-kind="fetch-error"][data-server="answering"]').waitFor({ timeout: STEP_MS }));
    await expect(functions.locator('[data-kind="fetch-error"][data-server="answering"]').textContent()).resolves.toContain('The server answers again: send the request again.');
    await functions.getByRole('button', { name: 'Send', exact: true }).click();
    await functions.locator('section.fn-result[data-state="done"][data-status="200"]').waitFor({ timeout: STEP_MS });
    for (const page of [security, functions, signIn]) {
      expect(page.console.filter((entry) => entry.type === 'pageerror')).toEqual([]);
    }
  } finally {
    await signedIn.close();
    await signedOut.close();
  }
});

it('says in words on its card that a remote’s files did not arrive while the browser is offline, and loads it by itself once the network is back (issue #39 item 1)', async () => {
  const person = await newPerson(portal.emulator, 'offline-card');
  const context = await browser.newContext({ storageState: await signedInStorage(portal.url, portal.emulator, await signedInClient(portal.emulator, person)) });
  try {
    const page = await context.newPage();
    await page.goto(`${portal.url}/account`);
    await page.getByTestId('profile-email').waitFor({ timeout: STEP_MS });
    // The network goes (a phone in a tunnel): the functions area, not loaded yet, is opened.
    await context.context.setOffline(true);
    await go(page, '/functions');
    const card = page.locator('[data-testid="remote-error"][data-remote="functions"]');
    await withPageState(page, card.waitFor({ timeout: STEP_MS }));
    const said = (await card.textContent()) ?? '';
    expect(said).toContain('Its files did not arrive: the server that hosts them did not answer (it may be stopped, or the network is down).');
    expect(said).not.toMatch(RAW);
    // Back: the card goes and the area is there, without "Try again".
    await context.context.setOffline(false);
    await withPageState(page, page.locator('.fn-app .fn-list').waitFor({ timeout: STEP_MS }));
    await expect(card.count()).resolves.toBe(0);
  } finally {
    await context.close();
  }
});


it('names the portal’s own site in the footer of a sign-in mail, not the project’s site_url (issue #39 item 7)', async () => {
  // The project's config.toml says site_url = http://localhost:3000; this portal runs elsewhere.
  expect(new URL(portal.url).port).not.toBe('3000');
  const person = await newPerson(portal.emulator, 'offline-footer');
  const inbox = mailbox(portal.emulator.mailUrl);
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${portal.url}/account/sign-in`);
    const seen = await inbox.seen(person.email);
    const request = page.locator('form[aria-label="Email me a sign-in link"]');
    await request.locator('input[name="email"]').fill(person.email);
    await request.locator('button[type="submit"]').click();
    await withPageState(page, page.getByRole('status').filter({ hasText: 'Check your inbox' }).waitFor({ timeout: STEP_MS }));
    const mail = await inbox.next(person.email, /Magic Link/, seen);
    expect(mail.Text.trim().split('\n').at(-1)).toBe(`Sent by ${new URL(portal.url).origin}`);
    expect(mail.HTML).toContain(`Sent by ${new URL(portal.url).origin}`);
    expect(mail.Text).not.toContain('localhost:3000');
    expect(mail.Text).not.toContain('127.0.0.1:3000');
    // The link in it leads back to this portal too.
    expect(new URL(linkIn(mail)).searchParams.get('redirect_to')).toMatch(new RegExp(`^${new URL(portal.url).origin.replace(/[.:/]/g, '\\$&')}/`));
  } finally {
    await context.close();
  }
});
