// The portal end to end: built apps served on separate origins, a real emulator, real Chromium.
// Each test opens its own browser context, signed in through the API when it needs a person.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CONTRACT_VERSION } from '@portal/platform/node';
import { launchBrowser, problems, type Browser, type TestPage } from './browser.js';
import { REPO, startTestPortal, type TestPortal } from './portal-harness.js';
import { scriptsBuiltFrom } from './support/build-sources.js';
import { holdRequests } from './support/hold-requests.js';
import { pagePerTest } from './support/page-per-test.js';
import { STEP_MS, waitUntil } from './support/waits.js';
import { newPerson, signedInClient, signedInStorage, type Person } from './support/people.js';

jest.setTimeout(180_000);

const SCREENSHOTS = path.join(REPO, '.tmp', 'screenshots');
const FAKE_INTEGRITY = `sha384-${'A'.repeat(64)}`;

let portal: TestPortal;
let browser: Browser;
let page: TestPage;
const tab = pagePerTest(() => browser);

beforeAll(async () => {
  portal = await startTestPortal({
    extraRemotes: ({ remoteUrls, published }) => {
      const account = published.find((p) => p.remote === 'account')!;
      return {
        // Published in the registry, but its files are gone (an offline or broken deploy).
        ghost: {
          title: 'Ghost',
          route: '/ghost',
          version: '1.0.0',
          manifest: `${remoteUrls.account}/9.9.9/mf-manifest.json`,
          integrity: FAKE_INTEGRITY,
          contract: '^1.0.0',
          auth: 'none',
        },
        // Real files, but the registry's integrity hash does not match the manifest.
        tampered: {
          title: 'Tampered',
          route: '/tampered',
          version: account.version,
          // The runtime caches manifests by URL; a URL of its own keeps this case independent.
          manifest: `${account.manifest}?copy=tampered`,
          integrity: FAKE_INTEGRITY,
          contract: '^1.0.0',
          auth: 'none',
        },
        // Needs a platform contract this shell does not provide.
        future: {
          title: 'Future',
          route: '/future',
          version: account.version,
          manifest: account.manifest,
          integrity: account.integrity,
          contract: '^2.0.0',
          auth: 'none',
        },
      };
    },
  });
  browser = await launchBrowser();
  mkdirSync(SCREENSHOTS, { recursive: true });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const profileEmail = () => page.getByTestId('profile-email');
const remoteSlot = (name: string) => page.locator(`[data-remote-slot="${name}"] [data-portal-remote="${name}"]`);

/** This test's page, signed out. */
async function openSignedOut(at = '/'): Promise<void> {
  page = await tab.open();
  await page.goto(`${portal.url}${at}`);
}

/** A new person, and this test's page signed in as them at `at` (the account page by default). */
async function openSignedIn(at = '/account'): Promise<Person> {
  const person = await newPerson(portal.emulator, 'e2e');
  page = await tab.open(await signedInStorage(portal.url, portal.emulator, await signedInClient(portal.emulator, person)));
  await page.goto(`${portal.url}${at}`);
  if (at === '/account') await expect(profileEmail().textContent()).resolves.toBe(person.email);
  return person;
}

/** The happy path logs no errors, no warnings of note, and no second GoTrueClient. */
function expectCleanConsole(): void {
  expect(problems(page.console)).toEqual([]);
  expect(page.console.filter((e) => /Multiple GoTrueClient/.test(e.text))).toEqual([]);
}

async function fillSignIn(email: string, password: string) {
  await page.locator('form[aria-label="Sign in"] input[name="email"]').fill(email);
  await page.locator('form[aria-label="Sign in"] input[name="password"]').fill(password);
  await page.locator('form[aria-label="Sign in"] button[type="submit"]').click();
}

describe('the portal in a browser', () => {
  it('starts with an offline remote in the registry, and a new person signs up and lands signed in', async () => {
    const person = { email: `e2e-signup-${Date.now()}@example.com`, password: 'correct-horse-42' };
    page = await tab.open();
    await page.goto(portal.url);
    await page.getByRole('heading', { name: 'Welcome to the portal' }).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'home.png') });
    await page.getByRole('link', { name: 'Account', exact: true }).click();
    await page.waitForURL('**/account/sign-in');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL('**/account/sign-up');

    const form = page.locator('form[aria-label="Create an account"]');
    await form.locator('input[name="email"]').fill(person.email);
    await form.locator('input[name="password"]').fill(person.password);
    await form.locator('input[name="confirm"]').fill(person.password);
    await form.locator('button[type="submit"]').click();

    await page.waitForURL('**/account');
    await expect(profileEmail().textContent()).resolves.toBe(person.email);
    // The shell's header hears the same session.
    await page.getByRole('button', { name: `Account menu for ${person.email}` }).waitFor();
    expectCleanConsole();
  });

  it('shares one React, ReactDOM and supabase-js, and the remote’s client is the shell’s (no second GoTrueClient)', async () => {
    await openSignedIn();
    const facts = await page.evaluate(() => {
      type Shared = Record<string, Record<string, { from: string }>>;
      const federation = (globalThis as unknown as { __FEDERATION__: { __INSTANCES__: { name: string; shareScopeMap: { default: Shared } }[] } }).__FEDERATION__;
      const shell = federation.__INSTANCES__.find((i) => i.name === 'portal_shell')!;
      const copies = Object.fromEntries(
        ['react', 'react-dom', 'react-dom/client', '@supabase/supabase-js', '@portal/platform'].map((name) => [
          name,
          Object.values(shell.shareScopeMap.default[name] ?? {}).map((s) => s.from),
        ]),
      );
      const handles = (globalThis as unknown as { __PORTAL_DEBUG__: Record<string, Record<string, unknown>> }).__PORTAL_DEBUG__;
      const same = (key: string) => handles.shell![key] === handles.account![key];
      return { copies, client: same('supabase'), react: same('react'), reactDom: same('reactDom'), platform: same('platform') };
    });
    expect(facts.copies).toEqual({
      react: ['portal_shell'],
      'react-dom': ['portal_shell'],
      'react-dom/client': ['portal_shell'],
      '@supabase/supabase-js': ['portal_shell'],
      '@portal/platform': ['portal_shell'],
    });
    expect(facts).toMatchObject({ client: true, react: true, reactDom: true, platform: true });
    expectCleanConsole();
  });

  it("states at <portal>/portal-shell.json the contract and the singletons' versions it provides, which its environment records", async () => {
    const response = await fetch(`${portal.url}/portal-shell.json`);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const stated = (await response.json()) as { contract: string; packages: Record<string, string>; federation: string };
    const installed = (pkg: string) => (JSON.parse(readFileSync(require.resolve(`${pkg}/package.json`, { paths: [path.join(REPO, 'shell')] }), 'utf8')) as { version: string }).version;
    expect(stated).toEqual({
      contract: CONTRACT_VERSION,
      packages: {
        react: installed('react'),
        'react-dom': installed('react-dom'),
        '@supabase/supabase-js': installed('@supabase/supabase-js'),
        '@portal/platform': CONTRACT_VERSION,
        '@portal/ui': installed('@portal/ui'),
      },
      federation: installed('@module-federation/runtime'),
    });
    expect(portal.portal.env.read()).toMatchObject({ shellContract: CONTRACT_VERSION, shell: stated });
  });

  it('keeps the session across a page reload', async () => {
    const person = await openSignedIn();
    await page.reload();
    await expect(profileEmail().textContent()).resolves.toBe(person.email);
    expectCleanConsole();
  });

  it('mounts and unmounts the remote on route changes without reloading the page', async () => {
    const person = await openSignedIn();
    await page.evaluate(() => ((globalThis as unknown as { __samePage: boolean }).__samePage = true));
    await page.getByRole('link', { name: 'Home' }).click();
    await page.getByRole('heading', { name: `Welcome back, ${person.email}` }).waitFor();
    await expect(remoteSlot('account').count()).resolves.toBe(0);

    await page.getByRole('link', { name: 'Account', exact: true }).click();
    await profileEmail().waitFor();
    await expect(remoteSlot('account').count()).resolves.toBe(1);
    await expect(page.evaluate(() => (globalThis as unknown as { __samePage?: boolean }).__samePage)).resolves.toBe(true);
    expectCleanConsole();
  });

  it('looks like a product in light and dark (screenshots for a person to check)', async () => {
    await openSignedIn();
    const theme = (name: string) => page.getByRole('radiogroup', { name: 'Theme' }).getByRole('radio', { name });
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await theme('Light theme').click();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'account-light.png') });
    const light = await background();
    await theme('Dark theme').click();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'account-dark.png') });
    const dark = await background();
    await theme('System theme').click();
    expect(dark).not.toBe(light);
    expectCleanConsole();
  });

  it('signs out and back in, with the emulator’s messages shown for wrong input', async () => {
    const person = await openSignedIn();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/account/sign-in');
    await page.getByRole('button', { name: 'Sign in' }).first().waitFor();

    await fillSignIn('', '');
    await page.getByText('Enter your email address.').waitFor();
    await page.getByText('Enter your password.').waitFor();

    await fillSignIn(person.email, 'not-the-password-1');
    const alert = page.getByRole('alert').filter({ hasText: 'Could not sign in' });
    await expect(alert.textContent()).resolves.toMatch(/Invalid login credentials/);

    await fillSignIn(person.email, person.password);
    await page.waitForURL('**/account');
    await expect(profileEmail().textContent()).resolves.toBe(person.email);
  });

  it('contains a remote whose manifest is missing in an error card; the rest keeps working', async () => {
    const person = await openSignedIn();
    await page.goto(`${portal.url}/ghost`);
    const card = page.getByTestId('remote-error');
    await card.waitFor();
    await expect(card.textContent()).resolves.toMatch(/Ghost could not be loaded/);
    await page.getByRole('link', { name: 'Account', exact: true }).click();
    await expect(profileEmail().textContent()).resolves.toBe(person.email);
  });

  it('contains a remote whose code throws, offers a retry, and keeps the portal working', async () => {
    const person = await openSignedIn('/');
    await page.getByRole('link', { name: 'Crashy', exact: true }).click();
    const card = page.getByTestId('remote-error');
    await card.waitFor();
    await expect(card.textContent()).resolves.toMatch(/Crashy stopped working.*on purpose/);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'error-card.png') });
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByTestId('remote-error').waitFor();
    await page.getByRole('link', { name: 'Home' }).click();
    await page.getByRole('heading', { name: `Welcome back, ${person.email}` }).waitFor();
  });

  it('refuses a remote whose manifest does not match the registry’s integrity hash', async () => {
    await openSignedOut();
    await page.getByRole('link', { name: 'Tampered', exact: true }).click();
    await expect(page.getByTestId('remote-error').textContent()).resolves.toMatch(/does not match the integrity hash/);
  });

  it('refuses a remote that needs a newer platform contract', async () => {
    await openSignedOut();
    await page.getByRole('link', { name: 'Future', exact: true }).click();
    await expect(page.getByTestId('remote-error').textContent()).resolves.toMatch(/needs platform \^2\.0\.0/);
  });

  it('shows a 404 for unknown routes and a sign-in gate for routes that need a session', async () => {
    await openSignedIn('/no/such/page');
    await page.getByTestId('not-found').waitFor();

    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Welcome to the portal' }).waitFor();
    await page.getByRole('link', { name: 'Crashy', exact: true }).click();
    const gate = page.getByTestId('sign-in-gate');
    await expect(gate.textContent()).resolves.toMatch(/Sign in to open Crashy/);
    await gate.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/account\/sign-in\?next=%2Fcrashy/);
  });

  it('checks sign-up input, and shows the emulator’s message for an address already taken', async () => {
    const person = await newPerson(portal.emulator, 'e2e-taken');
    await openSignedOut('/account/sign-up');
    const form = page.locator('form[aria-label="Create an account"]');
    await form.locator('input[name="email"]').fill('not-an-address');
    await form.locator('input[name="password"]').fill('short');
    await form.locator('input[name="confirm"]').fill('shorter');
    await form.locator('button[type="submit"]').click();
    await page.getByText('Enter an email address like name@example.com.').waitFor();
    await page.getByText('Use at least 8 characters.').waitFor();
    await page.getByText('The two passwords differ.').waitFor();

    await form.locator('input[name="email"]').fill(person.email);
    await form.locator('input[name="password"]').fill(person.password);
    await form.locator('input[name="confirm"]').fill(person.password);
    await form.locator('button[type="submit"]').click();
    const emailField = form.locator('.pui-field', { has: page.locator('input[name="email"]') });
    await expect(emailField.getByText(/already registered/i).textContent()).resolves.toMatch(/already registered/i);
  });

  it('recovers a remote with "Try again" once its origin answers again', async () => {
    const fresh = await tab.open();
    const origin = `${portal.portal.remoteUrls.account}/**`;
    await fresh.route(origin, (route) => route.abort('connectionrefused'));
    await fresh.goto(`${portal.url}/account/sign-in`);
    const card = fresh.getByTestId('remote-error');
    await expect(card.textContent()).resolves.toMatch(/Account could not be loaded/);
    await expect(fresh.getByRole('link', { name: 'Home', exact: true }).count()).resolves.toBe(1);

    await fresh.unroute(origin);
    await card.getByRole('button', { name: 'Try again' }).click();
    await fresh.locator('form[aria-label="Sign in"]').waitFor();
  });

  it('keeps the shell usable when the registry cannot be fetched, and retries it', async () => {
    const fresh = await tab.open();
    await fresh.route('**/registry.json', (route) => route.fulfill({ status: 503, body: 'down for maintenance' }));
    await fresh.goto(`${portal.url}/status`);
    const error = fresh.getByTestId('registry-error');
    await expect(error.textContent()).resolves.toMatch(/answered 503/);
    await fresh.getByRole('heading', { name: 'Status' }).waitFor();

    await fresh.unroute('**/registry.json');
    await error.getByRole('button', { name: 'Try again' }).click();
    await fresh.getByRole('link', { name: 'Account', exact: true }).waitFor();
    await expect(fresh.getByTestId('registry-error').count()).resolves.toBe(0);
  });

  it('asks for config.json and the registry before any of its scripts has arrived', async () => {
    const fresh = await tab.open();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Every script file of the shell, the main script included, waits until both requests were seen:
    // the code that asks is in the page.
    await fresh.route(`${portal.url}/*.js`, async (route) => {
      await held;
      await route.continue();
    });
    const asked: string[] = [];
    fresh.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === '/config.json' || pathname.endsWith('/registry.json')) asked.push(pathname);
    });
    const loaded = fresh.goto(portal.url);
    try {
      await waitUntil('config.json and the registry asked for before any script file arrived', () => asked.length >= 2, { state: () => asked.join(', ') || 'nothing' });
    } finally {
      release();
    }
    await loaded;
    await fresh.getByRole('heading', { name: 'Welcome to the portal' }).waitFor();
    await fresh.getByRole('link', { name: 'Account', exact: true }).waitFor();
    // Each was asked for once: the bootstrap took the early answers.
    expect(asked.sort()).toEqual(['/config.json', '/registry.json']);
    // And with the main script in the cache, the page's first script still runs before it takes its answers.
    await fresh.unroute(`${portal.url}/*.js`);
    for (let load = 0; load < 3; load++) {
      asked.length = 0;
      await fresh.reload();
      await fresh.getByRole('link', { name: 'Account', exact: true }).waitFor();
      await fresh.waitForLoadState('networkidle');
      expect(asked.sort()).toEqual(['/config.json', '/registry.json']);
    }
    expect(problems(fresh.console)).toEqual([]);
  });

  it('asks a returning visitor\'s registry beside config.json rather than after it, and follows config.json when it names another', async () => {
    const fresh = await tab.open();
    await fresh.goto(portal.url);
    await fresh.getByRole('link', { name: 'Account', exact: true }).waitFor();
    const registryUrl = await fresh.evaluate(() => localStorage.getItem('portal:registry-url'));
    expect(registryUrl).toMatch(/\/registry\.json$/);

    const asked: string[] = [];
    let registryAsked: () => void = () => undefined;
    const registryAskedOrLater = Promise.race([new Promise<void>((resolve) => (registryAsked = resolve)), new Promise<void>((resolve) => setTimeout(resolve, 3_000))]);
    fresh.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === '/config.json') asked.push(pathname);
      if (pathname.endsWith('/registry.json')) {
        asked.push(request.url());
        registryAsked();
      }
    });
    // config.json is answered only once the registry was asked for (at most 3 s): asked for after
    // config.json's answer, the registry never would be.
    let registryAskedBeforeConfig = false;
    await fresh.route(`${portal.url}/config.json`, async (route) => {
      await registryAskedOrLater;
      registryAskedBeforeConfig = asked.includes(registryUrl!);
      await route.continue();
    });
    await fresh.reload();
    await fresh.getByRole('link', { name: 'Account', exact: true }).waitFor();
    expect(registryAskedBeforeConfig).toBe(true);
    expect(asked.sort()).toEqual(['/config.json', registryUrl].sort());
    await fresh.unroute(`${portal.url}/config.json`);

    // Remembered from elsewhere (config.json changed since): the registry config.json names is the one read.
    await fresh.evaluate((url) => localStorage.setItem('portal:registry-url', url), `${portal.url}/moved/registry.json`);
    asked.length = 0;
    await fresh.reload();
    await fresh.getByRole('link', { name: 'Account', exact: true }).waitFor();
    await waitUntil('the registry config.json names asked for', () => asked.includes(registryUrl!), { state: () => asked.join(', ') });
    await expect(fresh.getByTestId('registry-error').count()).resolves.toBe(0);
    await expect(fresh.evaluate(() => localStorage.getItem('portal:registry-url'))).resolves.toBe(registryUrl);
    // Only the guess's own 404, which the browser logs.
    expect(problems(fresh.console).filter((problem) => !problem.url.endsWith('/moved/registry.json'))).toEqual([]);
  });

  it('asks for a remote\'s entry, the code of its first page and the design-system groups it renders at once on a first visit, reading no manifest first', async () => {
    const fresh = await tab.open();
    const accountUrl = portal.portal.remoteUrls.account!;
    // The shell's file of the form controls' group, which the sign-in page renders and the home page does not.
    const groupFiles = scriptsBuiltFrom(portal.shellDist, /shared\/ui\/src\/forms\//);
    expect(groupFiles).not.toEqual([]);
    const asked: string[] = [];
    fresh.on('request', (request) => {
      if (request.url().startsWith(accountUrl) || request.url().startsWith(portal.url)) asked.push(new URL(request.url()).pathname.split('/').pop() ?? '');
    });
    const allAsked = () => asked.some((file) => file.startsWith('__federation_expose_app.')) && groupFiles.every((file) => asked.includes(file));
    // The entry is answered only once the page's code and the groups were asked for as well: fetched
    // one after the other (manifest, entry, code and groups), they would never be asked for while the entry waits.
    let askedBesideEntry = true;
    await fresh.route(`${accountUrl}/**/remoteEntry.js`, async (route) => {
      askedBesideEntry = await waitUntil('the first page\'s code and groups asked for while the entry is on its way', allAsked, { state: () => asked.join(', ') }).catch(() => false);
      await route.continue();
    });
    await fresh.goto(`${portal.url}/account`);
    await fresh.locator('form[aria-label="Sign in"]').waitFor();
    expect(askedBesideEntry).toBe(true);
    // The registry said where the files are; the early request was the one the remote's loader used.
    expect(asked.filter((file) => file === 'mf-manifest.json')).toEqual([]);
    expect(asked.filter((file) => file.startsWith('__federation_expose_app.'))).toHaveLength(1);
    for (const file of groupFiles) expect(asked.filter((asked) => asked === file)).toHaveLength(1);
    expect(problems(fresh.console)).toEqual([]);
  });

  it('downloads neither the signed-in pages nor the dialog group for the sign-in form; signing in asks for the pages once and shows the profile', async () => {
    const person = await newPerson(portal.emulator, 'e2e-split');
    page = await tab.open();
    const accountUrl = portal.portal.remoteUrls.account!;
    // The account remote's chunk of the profile and security pages, and the shell's dialog group (only their cards open dialogs).
    const signedInPages = scriptsBuiltFrom(portal.remoteDists.account!, /\/src\/security\/SecurityPage\.tsx$/);
    const dialogGroup = scriptsBuiltFrom(portal.shellDist, /shared\/ui\/src\/overlays\//);
    expect(signedInPages).toHaveLength(1);
    expect(signedInPages[0]).not.toMatch(/^__federation_expose_app\./);
    expect(dialogGroup).toHaveLength(1);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(accountUrl) || request.url().startsWith(portal.url)) asked.push(new URL(request.url()).pathname.split('/').pop() ?? '');
    });
    await page.goto(`${portal.url}/account/sign-in`);
    await page.locator('form[aria-label="Sign in"]').waitFor();
    await page.waitForLoadState('networkidle');
    expect(asked.filter((file) => file === signedInPages[0] || file === dialogGroup[0])).toEqual([]);

    await fillSignIn(person.email, person.password);
    await page.waitForURL('**/account');
    await expect(profileEmail().textContent()).resolves.toBe(person.email);
    expect(asked.filter((file) => file === signedInPages[0])).toHaveLength(1);
    // The security page's dialogs come with its cards.
    await page.getByRole('navigation', { name: 'Account sections' }).getByRole('link', { name: 'Security' }).click();
    await page.getByRole('heading', { name: 'Where you are signed in' }).waitFor();
    expect(asked.filter((file) => file === dialogGroup[0])).toHaveLength(1);
    expectCleanConsole();
  });

  it('shows the account area\'s error card when the profile\'s code does not download, and the profile after "Try again"', async () => {
    const person = await newPerson(portal.emulator, 'e2e-split-fail');
    const [signedInPages] = scriptsBuiltFrom(portal.remoteDists.account!, /\/src\/security\/SecurityPage\.tsx$/);
    page = await tab.open(await signedInStorage(portal.url, portal.emulator, await signedInClient(portal.emulator, person)));
    let refused = 0;
    await page.route(`**/${signedInPages}`, async (route) => {
      refused += 1;
      await route.abort('connectionreset');
    });
    await page.goto(`${portal.url}/account`);
    const card = page.getByTestId('remote-error');
    await expect(card.textContent()).resolves.toMatch(/Account/);
    expect(refused).toBeGreaterThan(0);

    await page.unroute(`**/${signedInPages}`);
    await card.getByRole('button', { name: 'Try again' }).click();
    await expect(profileEmail().textContent()).resolves.toBe(person.email);
    await expect(page.getByTestId('remote-error').count()).resolves.toBe(0);

    // The same in a page where the area's code stays loaded: away and back asks for the pages again.
    await page.goto(`${portal.url}/`);
    await page.route(`**/${signedInPages}`, (route) => route.abort('connectionreset'));
    await page.getByRole('link', { name: 'Account', exact: true }).hover();
    await page.getByRole('link', { name: 'Account', exact: true }).click();
    await page.getByTestId('remote-error').waitFor();
    await page.unroute(`**/${signedInPages}`);
    await page.getByRole('link', { name: 'Home' }).click();
    await page.getByRole('heading', { name: `Welcome back, ${person.email}` }).waitFor();
    await page.getByRole('link', { name: 'Account', exact: true }).click();
    await expect(profileEmail().textContent()).resolves.toBe(person.email);
  });

  it('asks for the opened release\'s files and groups while the federation runtime is still on its way, each once and with the registry\'s hash', async () => {
    const fresh = await tab.open();
    const accountUrl = portal.portal.remoteUrls.account!;
    const runtimeFiles = scriptsBuiltFrom(portal.shellDist, /src\/federation\/federation-runtime\.ts$/);
    expect(runtimeFiles).toHaveLength(1);
    const groupFiles = scriptsBuiltFrom(portal.shellDist, /shared\/ui\/src\/forms\//);
    const asked: string[] = [];
    fresh.on('request', (request) => {
      if (request.url().startsWith(accountUrl) || request.url().startsWith(portal.url)) asked.push(new URL(request.url()).pathname.split('/').pop() ?? '');
    });
    const releaseAsked = () =>
      asked.includes('remoteEntry.js') && asked.some((file) => file.startsWith('__federation_expose_app.')) && groupFiles.every((file) => asked.includes(file));
    // The shell's part of the runtime is answered only once the release's entry, the code of its
    // first page and its groups were asked for: asked for by the runtime, they never would be.
    let runtimeAnswered: (askedBefore: boolean) => void = () => undefined;
    const askedBeforeRuntime = new Promise<boolean>((resolve) => (runtimeAnswered = resolve));
    await fresh.route(`${portal.url}/${runtimeFiles[0]}`, async (route) => {
      runtimeAnswered(await waitUntil('the release\'s files asked for before the runtime is answered', releaseAsked, { timeoutMs: 10_000, state: () => asked.join(', ') }).catch(() => false));
      await route.continue();
    });
    await fresh.goto(`${portal.url}/account/sign-in`);
    expect(await askedBeforeRuntime).toBe(true);
    await fresh.locator('form[aria-label="Sign in"]').waitFor();
    // The preload links carry the registry's hashes in CORS mode, so the runtime's scripts took
    // their answers: each file was asked for once.
    const registry = (await (await fetch(`${portal.url}/registry.json`)).json()) as { remotes: Record<string, { files: { entry: string; integrity: Record<string, string> } }> };
    const { files } = registry.remotes.account!;
    const links = await fresh.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="script"]')].map((link) => ({ file: link.href.split('/').pop(), integrity: link.integrity, crossOrigin: link.crossOrigin })),
    );
    expect(links).toContainEqual({ file: 'remoteEntry.js', integrity: files.integrity[files.entry], crossOrigin: 'anonymous' });
    for (const file of ['remoteEntry.js', ...groupFiles]) expect(asked.filter((one) => one === file)).toHaveLength(1);
    expect(asked.filter((file) => file.startsWith('__federation_expose_app.'))).toHaveLength(1);
    expect(problems(fresh.console)).toEqual([]);
  });

  it('opens the connection to the opened remote\'s origin before it asks for the remote\'s files', async () => {
    const fresh = await tab.open();
    const accountOrigin = new URL(portal.portal.remoteUrls.account!).origin;
    const preconnects = () => fresh.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="preconnect"]')].map((link) => `${link.href} ${link.crossOrigin}`));
    // A registry entry without `files` (an older deploy's): the shell cannot ask for the release
    // ahead, and the manifest is the first request to the remote's origin.
    await fresh.route(`${portal.url}/registry.json`, async (route) => {
      const response = await route.fetch();
      const registry = (await response.json()) as { remotes: Record<string, Record<string, unknown>> };
      const { files: _files, ...withoutFiles } = registry.remotes.account!;
      registry.remotes.account = withoutFiles;
      await route.fulfill({ response, json: registry });
    });
    let atFirstRequest: string[] | null = null;
    await fresh.route(`${accountOrigin}/**`, async (route) => {
      atFirstRequest ??= await preconnects();
      await route.continue();
    });
    await fresh.goto(`${portal.url}/account`);
    await fresh.locator('form[aria-label="Sign in"]').waitFor();
    // One connection, made in CORS mode as the release's scripts are fetched; none to the shell's own origin.
    expect(atFirstRequest).toEqual([`${accountOrigin}/ anonymous`]);
    expect(problems(fresh.console)).toEqual([]);
  });

  it('draws the route\'s header from the registry before the remote\'s code arrives, and hands it to the remote\'s own in the frame that draws it', async () => {
    const person = await newPerson(portal.emulator, 'header');
    const fresh = await tab.open(await signedInStorage(portal.url, portal.emulator, await signedInClient(portal.emulator, person)));
    const registry = (await (await fetch(`${portal.url}/registry.json`)).json()) as { remotes: Record<string, { title: string; description: string }> };
    const { title, description } = registry.remotes.account!;
    const entry = await holdRequests(fresh, `${portal.portal.remoteUrls.account!}/**/remoteEntry.js`);
    // After every task that changed the page, before it is painted: the level-1 headings on screen,
    // and whether the shell's progress bar still shows beside a remote that has drawn.
    await fresh.addInitScript({
      content: `(() => {
        const seen = (globalThis.__headerFrames = []);
        new MutationObserver(() => {
          const headings = [...document.querySelectorAll('h1')].filter((h) => h.checkVisibility()).map((h) => h.textContent);
          const drawn = document.querySelector('[data-portal-remote] > *') !== null;
          const loading = [...document.querySelectorAll('.portal-route-loading')].some((bar) => bar.checkVisibility());
          seen.push({ headings, drawnBesideLoading: drawn && loading });
        }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      })();`,
    });
    // Not to the load event: the held entry's preload holds that event too.
    await fresh.goto(`${portal.url}/account`, { waitUntil: 'commit' });
    await entry.asked;
    const heading = fresh.getByRole('heading', { level: 1 });
    await expect(heading.textContent()).resolves.toBe(title);
    await expect(fresh.locator('.portal-route-header .pui-page-header__description').textContent()).resolves.toBe(description);
    entry.release();
    await expect(fresh.getByTestId('profile-email').textContent()).resolves.toBe(person.email);
    await expect(heading.textContent()).resolves.toBe('Your account');
    const frames = await fresh.evaluate(() => (globalThis as unknown as { __headerFrames: Array<{ headings: string[]; drawnBesideLoading: boolean }> }).__headerFrames);
    expect(frames.filter((frame) => frame.headings.length > 1)).toEqual([]);
    expect(frames.filter((frame) => frame.drawnBesideLoading)).toEqual([]);
    expect(frames.some((frame) => frame.headings[0] === title)).toBe(true);
    expect(problems(fresh.console)).toEqual([]);
  });

  it('paints the route\'s header before it asks for or runs any code that runs remotes (federation runtime, single-spa, the remote\'s own), and asks the API nothing before its first paint', async () => {
    const person = await newPerson(portal.emulator, 'header-first');
    const fresh = await tab.open(await signedInStorage(portal.url, portal.emulator, await signedInClient(portal.emulator, person)));
    const accountOrigin = new URL(portal.portal.remoteUrls.account!).origin;
    // In order, as the page does them: the route's header put on the page, the animation frames
    // after it (each one draws), each script element added (what runs code). And when the browser
    // reported the header's paint (its Largest Contentful Paint).
    await fresh.addInitScript({
      content: `(() => {
        const events = (globalThis.__startOrder = []);
        let header = false;
        const frame = () => { events.push('frame'); if (events.filter((e) => e === 'frame').length < 3) requestAnimationFrame(frame); };
        globalThis.__headerPaintedAt = null;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            const header = document.querySelector('[data-route-header]');
            if (globalThis.__headerPaintedAt === null && header && entry.element && header.contains(entry.element)) globalThis.__headerPaintedAt = entry.startTime;
          }
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        new MutationObserver((records) => {
          for (const record of records) for (const node of record.addedNodes) {
            if (node.tagName === 'SCRIPT' && node.src) events.push('script ' + node.src);
          }
          if (!header && document.querySelector('[data-route-header]')) {
            header = true;
            events.push('header');
            requestAnimationFrame(frame);
          }
        }).observe(document, { subtree: true, childList: true });
        // Each request to the API's tables, with the time it was asked for.
        const fetch = globalThis.fetch;
        globalThis.__apiCalls = [];
        globalThis.fetch = (input, init) => {
          const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
          if (url.includes('/rest/v1/')) globalThis.__apiCalls.push({ path: new URL(url).pathname, at: performance.now() });
          return fetch(input, init);
        };
      })();`,
    });
    await fresh.goto(`${portal.url}/account`);
    await expect(fresh.getByTestId('profile-email').textContent()).resolves.toBe(person.email);
    const events = await fresh.evaluate(() => (globalThis as unknown as { __startOrder: string[] }).__startOrder);
    const runsRemotes = (event: string) => /^script .*\/(federation-runtime|single-spa)\.[^/]*\.js$/.test(event) || event.startsWith(`script ${accountOrigin}/`);
    const header = events.indexOf('header');
    const frameAfterHeader = events.indexOf('frame');
    const firstRemoteCode = events.findIndex(runsRemotes);
    expect(header).toBeGreaterThanOrEqual(0);
    expect(firstRemoteCode).toBeGreaterThan(0);
    // The header was on the page, and a frame drawn after it, before the first of them was added.
    expect(events.slice(0, firstRemoteCode)).toEqual(expect.arrayContaining(['header', 'frame']));
    expect(frameAfterHeader).toBeGreaterThan(header);
    // Nor was any of their files asked for before the header's paint: beside the main script they
    // would share a slow link with it, which the header waits for.
    const { headerPaintedAt, remoteFiles } = await fresh.evaluate(
      (origin) => ({
        headerPaintedAt: (globalThis as unknown as { __headerPaintedAt: number | null }).__headerPaintedAt,
        remoteFiles: performance
          .getEntriesByType('resource')
          .filter(({ name }) => /\/(federation-runtime|single-spa)\.[^/]*\.js$/.test(name) || name.startsWith(`${origin}/`))
          .map(({ name, startTime }) => ({ file: name.split('/').pop(), startTime })),
      }),
      accountOrigin,
    );
    expect(headerPaintedAt).not.toBeNull();
    expect(remoteFiles.map(({ file }) => file)).toEqual(expect.arrayContaining(['remoteEntry.js', expect.stringMatching(/^federation-runtime\./), expect.stringMatching(/^single-spa\./)]));
    expect(remoteFiles.filter(({ startTime }) => startTime < headerPaintedAt!)).toEqual([]);
    // The shell's profile read (its account button, presence) waits for the page's first paint to be
    // on screen: no request to the API was asked for before the first contentful paint's time.
    const { apiCalls, firstPaint } = await fresh.evaluate(() => ({
      apiCalls: (globalThis as unknown as { __apiCalls: Array<{ path: string; at: number }> }).__apiCalls,
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    }));
    expect(firstPaint).not.toBeNull();
    expect(apiCalls.length).toBeGreaterThan(0);
    expect(apiCalls.filter((call) => call.at < firstPaint!)).toEqual([]);
    expect(problems(fresh.console)).toEqual([]);
  });

  it('asks for the remote of the route it opens on while single-spa is still on its way', async () => {
    const fresh = await tab.open();
    const accountUrl = portal.portal.remoteUrls.account!;
    let entryAsked = false;
    fresh.on('request', (request) => {
      if (request.url().startsWith(accountUrl) && request.url().endsWith('/remoteEntry.js')) entryAsked = true;
    });
    // single-spa's chunk (the one shell script that dispatches its before-routing event) is answered
    // only once the remote's entry was asked for: loaded after single-spa, it would never be.
    let askedWhileRouterLoads = false;
    let routerHeld = false;
    await fresh.route(`${portal.url}/*.js`, async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes('before-routing-event')) {
        routerHeld = true;
        askedWhileRouterLoads = await waitUntil('the account remote\'s entry asked for while single-spa loads', () => entryAsked, { timeoutMs: 10_000 }).catch(() => false);
      }
      await route.fulfill({ response, body });
    });
    await fresh.goto(`${portal.url}/account/sign-in`);
    await fresh.locator('form[aria-label="Sign in"]').waitFor();
    expect(routerHeld).toBe(true);
    expect(askedWhileRouterLoads).toBe(true);
    expect(problems(fresh.console)).toEqual([]);
  });

  it('runs a remote\'s code on navigation intent, so following the link only mounts it', async () => {
    const fresh = await tab.open();
    await fresh.goto(`${portal.url}/status`);
    await fresh.getByRole('heading', { name: 'Status' }).waitFor();
    await fresh.getByRole('link', { name: 'Account', exact: true }).hover();
    await fresh.waitForFunction(() => document.querySelector('[data-testid="state-account"]')?.textContent === 'preloaded', undefined, { timeout: STEP_MS });
    // The remote's entry ran and its module's chunk was executed (pushed into its chunk-loading
    // global), not only fetched: the click that follows has nothing left to load.
    const chunksRun = await fresh.evaluate(() => ((globalThis as Record<string, unknown>).rspackChunkaccount as unknown[] | undefined)?.length ?? 0);
    expect(chunksRun).toBeGreaterThan(0);
    const requestsAfterIntent: string[] = [];
    fresh.on('request', (request) => requestsAfterIntent.push(request.url()));
    await fresh.getByRole('link', { name: 'Account', exact: true }).click();
    await fresh.locator('form[aria-label="Sign in"]').waitFor();
    expect(requestsAfterIntent.filter((url) => url.startsWith(portal.portal.remoteUrls.account!) && url.endsWith('.js'))).toEqual([]);
    expect(problems(fresh.console)).toEqual([]);
  });

  it('draws the status page\'s header with the chrome, and asks for the page\'s own code once that is painted', async () => {
    const fresh = await tab.open();
    const pageFiles = scriptsBuiltFrom(portal.shellDist, /src\/chrome\/StatusPage\.tsx$/);
    expect(pageFiles).toHaveLength(1);
    const code = await holdRequests(fresh, `${portal.url}/${pageFiles[0]}`);
    await fresh.goto(`${portal.url}/status`, { waitUntil: 'commit' });
    await code.asked;
    // The header is on screen while the page's code is held: the page's largest text is painted
    // with the chrome, not after another round trip (issue #40).
    await fresh.getByRole('heading', { level: 1, name: 'Status' }).waitFor();
    await expect(fresh.getByRole('progressbar', { name: 'Loading the status page' }).count()).resolves.toBe(1);
    code.release();
    await fresh.getByRole('heading', { level: 2, name: 'Portal', exact: true }).waitFor();
    await expect(fresh.getByRole('heading', { level: 1 }).count()).resolves.toBe(1);
    // And the page's code was asked for once that first paint was on screen, not beside the main
    // script, which the header waits for.
    const { firstPaint, asked } = await fresh.evaluate((file) => ({
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      asked: performance.getEntriesByType('resource').find(({ name }) => name.endsWith(`/${file}`))?.startTime ?? null,
    }), pageFiles[0]!);
    expect(firstPaint).not.toBeNull();
    expect(asked).toBeGreaterThan(firstPaint!);
    expect(problems(fresh.console)).toEqual([]);
  });

  it('preloads a remote on navigation intent and lists every remote on the status page', async () => {
    const fresh = await tab.open();
    await fresh.goto(`${portal.url}/status`);
    await fresh.getByRole('heading', { name: 'Status' }).waitFor();
    // No remote has run yet, so neither has the federation runtime that holds the share scope.
    await fresh.getByText('No remote has run on this page yet: the shell provides its shared libraries when the first one loads.').waitFor();
    const entry = fresh.waitForRequest((request) => request.url().startsWith(portal.portal.remoteUrls.account!) && request.url().endsWith('/remoteEntry.js'));
    await fresh.getByRole('link', { name: 'Account', exact: true }).hover();
    await entry;
    await fresh.getByRole('link', { name: 'Account', exact: true }).click();
    await fresh.locator('form[aria-label="Sign in"]').waitFor();
    await fresh.getByRole('link', { name: 'Status' }).click();
    const row = fresh.locator('tr', { hasText: 'Account' }).first();
    await expect(row.textContent()).resolves.toMatch(/1\.0\.0\+[0-9a-f]{8}/);
    await expect(fresh.getByTestId('state-account').textContent()).resolves.toBe('unmounted');
    await expect(row.textContent()).resolves.toMatch(/\d+ ms/);
    await expect(row.textContent()).resolves.toContain(portal.portal.remoteUrls.account!);
    await expect(fresh.getByTestId('state-ghost').textContent()).resolves.toBe('registered');
    await expect(fresh.getByTestId('state-future').textContent()).resolves.toBe('blocked');
    // The sections below the remotes come a frame after them.
    await fresh.getByText('Shared libraries — one copy of each').waitFor();
    await expect(fresh.getByText('Shared libraries — one copy of each').count()).resolves.toBe(1);
    await expect(fresh.locator('tr', { hasText: '@portal/platform' }).first().textContent()).resolves.toContain('portal_shell');
    await fresh.screenshot({ path: path.join(SCREENSHOTS, 'status.png'), fullPage: true });
    expect(problems(fresh.console)).toEqual([]);
  });
});
