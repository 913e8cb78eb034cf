// What a visitor's browser runs before any remote: the home page, signed out, in Chromium. Each
// script it loads is read back through its source map, so the test names the packages the page
// carries (bytes are bench/portal-vs-monolith.ts's business; this keeps libraries the home page
// does not need off it).
import { launchBrowser, problems, type Browser } from './browser.js';
import { startTestPortal, type TestPortal } from './portal-harness.js';
import { pagePerTest } from './support/page-per-test.js';
import { waitUntil } from './support/waits.js';

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

/** The npm packages (by name) that the scripts at `urls` were built from, per their source maps. */
async function packagesOf(urls: readonly string[]): Promise<Set<string>> {
  const packages = new Set<string>();
  for (const url of urls) {
    const response = await fetch(`${url}.map`);
    if (!response.ok) continue;
    const { sources } = (await response.json()) as { sources: string[] };
    for (const source of sources) {
      const name = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source)?.[1];
      if (name) packages.add(name);
    }
  }
  return packages;
}

describe('the home page before any remote', () => {
  it('loads no schema library, no second semver, no single-spa and no remote’s code, and still shows the registry’s remotes', async () => {
    const page = await tab.open();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(`${portal.url}/`);
    await page.getByRole('heading', { name: 'Welcome to the portal' }).waitFor();
    // The registry was read and checked: its remotes are in the navigation.
    await page.locator('nav a[href="/account"]').waitFor();
    await page.waitForLoadState('networkidle');

    expect(scripts.every((url) => url.startsWith(`${portal.url}/`))).toBe(true);
    const packages = await packagesOf(scripts);
    // The floor every page needs: React, ReactDOM, supabase-js and the federation runtime.
    expect([...packages]).toEqual(expect.arrayContaining(['react', 'react-dom', '@supabase/supabase-js', '@module-federation/runtime-core']));
    // The registry is checked for its shape at start (deploy applied the full schema when it
    // published it), contracts are compared with the federation runtime's semver, and single-spa
    // loads with the first remote's route.
    expect([...packages].filter((name) => ['zod', 'semver', 'single-spa'].includes(name))).toEqual([]);
    expect(problems(page.console)).toEqual([]);
  });

  it('asks for the scripts its start runs beside the entry, from hints in the page, each once', async () => {
    const html = await (await fetch(`${portal.url}/`)).text();
    const hinted = [...html.matchAll(/<link\b[^>]*>/g)]
      .map(([tag]) => tag)
      .filter((tag) => /\brel="?preload"?[\s>]/.test(tag))
      .map((tag) => /\bhref="?([^"\s>]+)/.exec(tag)?.[1] ?? '');
    expect(hinted.length).toBeGreaterThan(0);
    const page = await tab.open();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') asked.push(new URL(request.url()).pathname);
    });
    // The entry is answered only once every hinted script was asked for: without the hints they
    // would be asked for only after the entry had run.
    let askedBesideEntry = false;
    await page.route(/\/main\.[0-9a-f]+\.js$/, async (route) => {
      askedBesideEntry = await waitUntil('every hinted script asked for while the entry is on its way', () => hinted.every((href) => asked.includes(href)), {
        timeoutMs: 10_000,
        state: () => `asked for: ${asked.join(', ')}`,
      }).catch(() => false);
      await route.continue();
    });
    await page.goto(`${portal.url}/`);
    await page.getByRole('heading', { name: 'Welcome to the portal' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(askedBesideEntry).toBe(true);
    // Exactly what the start runs, each once: the hint's answer is the one the page runs, and no
    // hint is for a script the page does not need.
    expect(asked.filter((pathname) => !/\/main\.[0-9a-f]+\.js$/.test(pathname)).sort()).toEqual([...hinted].sort());
    expect(problems(page.console)).toEqual([]);
  });
});
