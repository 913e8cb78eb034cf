// What a visitor's browser runs before any remote: the home page, signed out, and a route that
// needs a session (its sign-in gate), in Chromium. Each script it loads is read back through its
// source map, so the test names the packages the page carries (bytes are
// bench/portal-vs-monolith.ts's business; this keeps libraries these pages do not need off them).
import { launchBrowser, problems, type Browser } from './browser.js';
import { startTestPortal, type TestPortal } from './portal-harness.js';
import { pagePerTest } from './support/page-per-test.js';
import { newPerson } from './support/people.js';
import { signInWithPassword } from './support/sign-in.js';

jest.setTimeout(180_000);

let portal: TestPortal;
let browser: Browser;
const tab = pagePerTest(() => browser);

beforeAll(async () => {
  portal = await startTestPortal();
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** The modules the scripts at `urls` were built from, per their source maps. */
async function sourcesOf(urls: readonly string[]): Promise<Set<string>> {
  const sources = new Set<string>();
  for (const url of urls) {
    const response = await fetch(`${url}.map`);
    if (!response.ok) continue;
    for (const source of ((await response.json()) as { sources: string[] }).sources) sources.add(source);
  }
  return sources;
}

/** The npm packages (by name) that the scripts at `urls` were built from. */
async function packagesOf(urls: readonly string[]): Promise<Set<string>> {
  const packages = new Set<string>();
  for (const source of await sourcesOf(urls)) {
    const name = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source)?.[1];
    if (name) packages.add(name);
  }
  return packages;
}

/**
 * Whether a script request is the page's own worker that loads the locale's data
 * (shell/src/start-up/locale-warm-up.ts): a blob the page's first script makes, no file of any
 * origin's. Every page starts it once; the tests below count the files.
 */
const isLocaleWarmUp = (url: string) => url.startsWith(`blob:${portal.url}/`);

describe('the home page before any remote', () => {
  it('loads no schema library, no second semver, no single-spa, no federation runtime and no remote’s code, and still shows the registry’s remotes', async () => {
    const page = await tab.open();
    const scripts: string[] = [];
    const warmUps: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') (isLocaleWarmUp(request.url()) ? warmUps : scripts).push(request.url());
    });
    await page.goto(`${portal.url}/`);
    await page.getByRole('heading', { name: 'Welcome to the portal' }).waitFor();
    // The registry was read and checked: its remotes are in the navigation.
    await page.locator('nav a[href="/account"]').waitFor();
    await page.waitForLoadState('networkidle');

    expect(warmUps).toHaveLength(1);
    expect(scripts.every((url) => url.startsWith(`${portal.url}/`))).toBe(true);
    const packages = await packagesOf(scripts);
    // The floor every page needs: React, ReactDOM and supabase-js.
    expect([...packages]).toEqual(expect.arrayContaining(['react', 'react-dom', '@supabase/supabase-js']));
    // The registry is checked for its shape at start (deploy applied the full schema when it
    // published it), contracts are compared with the federation runtime's semver ranges alone,
    // and single-spa and the federation runtime load with the first remote.
    expect([...packages].filter((name) => ['zod', 'semver', 'single-spa'].includes(name))).toEqual([]);
    const federation = [...(await sourcesOf(scripts))].filter((source) => source.includes('/@module-federation/'));
    expect(federation.filter((source) => !source.includes('/@module-federation/runtime-core/dist/utils/semver/'))).toEqual([]);
    expect(problems(page.console)).toEqual([]);
  });

  it('runs its start from the scripts the page names: nothing is asked for once they have run', async () => {
    const html = await (await fetch(`${portal.url}/`)).text();
    const named = [...html.matchAll(/<script\b[^>]*\bsrc="?([^"\s>]+)/g)].map(([, src]) => src!);
    expect(named.length).toBeGreaterThan(0);
    // The first script only asks for config.json and the registry: it is written into the page, so
    // it runs as the parser reaches it, before the deferred main script.
    const tags = [...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);
    const loading = tags.filter((tag) => /\bsrc=/.test(tag)).map((tag) => (/\basync\b/.test(tag) ? 'async' : /\bdefer\b/.test(tag) ? 'defer' : 'classic'));
    expect(loading).toEqual(['defer']);
    // The one element without a file is the first script, before the main script's element.
    expect(tags.filter((tag) => !/\bsrc=/.test(tag))).toEqual(['<script>']);
    expect(html.indexOf('<script>')).toBeLessThan(html.indexOf('<script defer'));
    const page = await tab.open();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script' && !isLocaleWarmUp(request.url())) asked.push(new URL(request.url()).pathname);
    });
    await page.goto(`${portal.url}/`);
    await page.getByRole('heading', { name: 'Welcome to the portal' }).waitFor();
    await page.locator('nav a[href="/account"]').waitFor();
    await page.waitForLoadState('networkidle');
    // Behind an asynchronous boundary (a federated shell) the start's code would be asked for only after these had run.
    expect(asked.sort()).toEqual([...named].sort());
    expect(problems(page.console)).toEqual([]);
  });

  it('asks for the main script at high priority: nothing is drawn until it has run', async () => {
    const page = await tab.open();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const priorities = new Map<string, string>();
    cdp.on('Network.requestWillBeSent', ({ request }) => priorities.set(new URL(request.url).pathname, request.initialPriority));
    await page.goto(`${portal.url}/`);
    await page.getByRole('heading', { name: 'Welcome to the portal' }).waitFor();
    const main = [...priorities.keys()].find((pathname) => /^\/main\.[0-9a-f]+\.js$/.test(pathname));
    expect(main).toBeDefined();
    // Deferred, Chromium asks for it at Low, below config.json and the registry (High); Lighthouse's
    // simulation then counts the first paint as drawn before it ran (shell/rspack.config.ts).
    expect(priorities.get(main!)).toBe('High');
    await cdp.detach();
  });

  it('loads the federation runtime with the first remote: a link\'s intent fetches it, once, and the remote runs with the shell\'s singletons', async () => {
    const page = await tab.open();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script' && request.url().startsWith(`${portal.url}/`)) scripts.push(request.url());
    });
    await page.goto(`${portal.url}/`);
    await page.locator('nav a[href="/account"]').waitFor();
    await page.waitForLoadState('networkidle');
    const runtimeScripts = async (urls: readonly string[]) => {
      const found: string[] = [];
      for (const url of urls) if ([...(await sourcesOf([url]))].some((source) => source.includes('/@module-federation/runtime-core/dist/core.js'))) found.push(url);
      return found;
    };
    expect(await runtimeScripts(scripts)).toEqual([]);
    const before = scripts.length;
    await page.getByRole('link', { name: 'Account', exact: true }).hover();
    await page.getByRole('link', { name: 'Account', exact: true }).click();
    await page.locator('form[aria-label="Sign in"]').waitFor();
    expect(await runtimeScripts(scripts.slice(before))).toHaveLength(1);
    // The remote runs with the shell's React and platform, found in the runtime's share scope.
    const providers = await page.evaluate(() => {
      type Shared = Record<string, Record<string, { from: string; useIn?: string[] }>>;
      const federation = (globalThis as unknown as { __FEDERATION__: { __INSTANCES__: { name: string; shareScopeMap: { default: Shared } }[] } }).__FEDERATION__;
      const shell = federation.__INSTANCES__.find((instance) => instance.name === 'portal_shell')!;
      return Object.fromEntries(
        ['react', 'react-dom', '@supabase/supabase-js', '@portal/platform'].map((name) => [name, Object.values(shell.shareScopeMap.default[name] ?? {}).map(({ from, useIn }) => ({ from, useIn: useIn ?? [] }))]),
      );
    });
    for (const copies of Object.values(providers)) expect(copies.map(({ from }) => from)).toEqual(['portal_shell']);
    expect(providers['@portal/platform']?.[0]?.useIn).toContain('account');
    expect(problems(page.console)).toEqual([]);
  });
});

describe('a route that needs a session, opened by a visitor without one', () => {
  it('shows the sign-in gate without downloading the federation runtime, single-spa or the remote’s code; a sign-in in another tab then runs the remote', async () => {
    const page = await tab.open();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script' && !isLocaleWarmUp(request.url())) scripts.push(request.url());
    });
    await page.goto(`${portal.url}/crashy`);
    await expect(page.getByTestId('sign-in-gate').textContent()).resolves.toMatch(/Sign in to open Crashy/);
    await page.waitForLoadState('networkidle');
    // The shell's own scripts only (a remote's are on its own origin), and among them neither
    // single-spa nor the federation runtime: the main script knew that no session could be restored
    // here (no session cookie, no sign-in under way).
    expect(scripts.filter((url) => !url.startsWith(`${portal.url}/`))).toEqual([]);
    expect([...(await packagesOf(scripts))].filter((name) => name === 'single-spa')).toEqual([]);
    const federation = [...(await sourcesOf(scripts))].filter((source) => source.includes('/@module-federation/'));
    expect(federation.filter((source) => !source.includes('/@module-federation/runtime-core/dist/utils/semver/'))).toEqual([]);
    expect(problems(page.console)).toEqual([]);

    // Signed in in another tab of the same browser: this tab hears it and runs the remote.
    const person = await newPerson(portal.emulator, 'gate-other-tab');
    const other = await tab.context.newPage();
    await other.goto(`${portal.url}/account/sign-in`);
    await signInWithPassword(other, person.email, person.password);
    const card = page.getByTestId('remote-error');
    await card.waitFor();
    await expect(card.textContent()).resolves.toMatch(/Crashy stopped working.*on purpose/);
    expect(scripts.filter((url) => url.startsWith(`${portal.portal.remoteUrls.crashy}/`)).length).toBeGreaterThan(0);
  });
});
