// Launches Debian's Chromium through playwright-core (Playwright cannot download its own browser
// here; docs/known-traps.md#debians-chromium-driven-by-playwright-core) and records what the page
// says on its console.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser as PlaywrightBrowser, type BrowserContext, type BrowserContextOptions, type ConsoleMessage, type Page } from 'playwright-core';

/** Debian's Chromium, or the one `CHROMIUM_PATH` names (`npm test` checks it is there and passes it on). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's headless shell of the same Chromium (`chromium-headless-shell`), or the one `CHROMIUM_HEADLESS_SHELL_PATH` names. */
export const HEADLESS_SHELL = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

/**
 * What the browser tests launch: the headless shell when it is installed, as Playwright launches
 * its own for headless runs; else Chromium. It is the same Blink and V8 without the browser's UI:
 * its browser process spent half the CPU Chromium's did, six browser suites ran about a tenth
 * faster on two cores, a whole run 2–3% (docs/known-traps.md, "The tests' browser is the headless
 * shell"). The benchmarks keep Chromium, the browser people use.
 */
export const TEST_CHROMIUM = existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM;

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Features turned off on top of Playwright's own list. Chromium loads the omnibox's popup, a WebUI
 * page in a renderer of its own, into every new window, headless too, and every browser context
 * is a new window: about half a second of CPU per context, spent while its first page loads
 * (docs/known-traps.md, "Every context loads the omnibox's popup").
 */
const DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * Turned off in the tests' browsers only. Chromium starts a spare renderer beside each new window,
 * for the window's next navigation to another site; a test's context is a new window whose page
 * seldom goes to a second site, so the spare was started and thrown away with the context (one
 * renderer process per context). The benchmarks keep it, as a browser people use has it and
 * their cold loads are timed (docs/known-traps.md, "A spare renderer per context").
 */
const TEST_DISABLED_FEATURES = ['SpareRendererForSitePerProcess'];

let playwrightFeatures: Promise<string[]> | undefined;

/**
 * The features a running browser has turned off: its last `--disable-features`, the one Chromium
 * reads. Chromium returns its command line only when launched with `--enable-automation`.
 */
export async function disabledFeaturesOf(browser: PlaywrightBrowser): Promise<string[]> {
  const { arguments: args } = await (await browser.newBrowserCDPSession()).send('Browser.getBrowserCommandLine');
  const list = args.findLast((arg) => arg.startsWith('--disable-features='));
  return list ? list.slice('--disable-features='.length).split(',').filter(Boolean) : [];
}

/**
 * The features Playwright itself turns off. Chromium honours only the last `--disable-features`
 * on its command line, so ours must carry Playwright's list too; it is read from a browser
 * Playwright launched. In a test run (PORTAL_TEST_BUILD_DIR, set by jest's global setup) the list
 * is read once and kept in the run's folder: every test file starts with its modules anew, and a
 * probe browser each was about 0.4 s of CPU a browser suite.
 */
function playwrightDisabledFeatures(): Promise<string[]> {
  playwrightFeatures ??= (async () => {
    const runDir = process.env.PORTAL_TEST_BUILD_DIR;
    const kept = runDir ? path.join(runDir, `playwright-disabled-features-${createHash('sha256').update(CHROMIUM).digest('hex').slice(0, 12)}.json`) : null;
    if (kept && existsSync(kept)) return JSON.parse(readFileSync(kept, 'utf8')) as string[];
    const probe = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...FLAGS, '--enable-automation'] });
    let features: string[];
    try {
      features = await disabledFeaturesOf(probe);
    } finally {
      await probe.close();
    }
    if (kept) {
      // Whole or not at all, for a test file reading it at the same moment.
      mkdirSync(path.dirname(kept), { recursive: true });
      const partial = `${kept}.${process.pid}`;
      writeFileSync(partial, JSON.stringify(features));
      renameSync(partial, kept);
    }
    return features;
  })();
  return playwrightFeatures;
}

/**
 * The command line for Debian's Chromium in tests and benchmarks, with `extra` flags after ours;
 * `forTests` also turns off what only a test's browser can do without.
 */
export async function chromiumFlags(extra: readonly string[] = [], { forTests = false } = {}): Promise<string[]> {
  const disabled = [...new Set([...(await playwrightDisabledFeatures()), ...DISABLED_FEATURES, ...(forTests ? TEST_DISABLED_FEATURES : [])])];
  return [...FLAGS, `--disable-features=${disabled.join(',')}`, ...extra];
}

export interface ConsoleEntry {
  type: string;
  text: string;
  url: string;
}

/** Cookies and local storage a context starts with (e.g. a session a test made through the API). */
export type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

/** A page that records console messages and page errors into `console`. */
export type TestPage = Page & { console: ConsoleEntry[] };

/** One browser profile: its own cookies and storage, nothing shared with other contexts. */
export interface TestContext {
  context: BrowserContext;
  newPage(): Promise<TestPage>;
  close(): Promise<void>;
}

/** What a test may choose of a new context: a session, and the person's locale and time zone. */
export interface ContextOptions {
  storageState?: StorageState;
  locale?: string;
  timezoneId?: string;
}

export interface Browser extends TestContext {
  /**
   * A fresh context beside the default one, e.g. one per test so no test inherits a session.
   */
  newContext(options?: ContextOptions): Promise<TestContext>;
}

/**
 * `PORTAL_TEST_CPU_SLOWDOWN=N` runs every test page's scripts N times slower (Chromium's CPU
 * throttling), as on a busy CI machine: a test that reads the page between two steps the page takes
 * on its own fails here first. Off unless set.
 */
const CPU_SLOWDOWN = Number(process.env.PORTAL_TEST_CPU_SLOWDOWN ?? '1');

async function testContext(context: BrowserContext): Promise<TestContext> {
  return {
    context,
    async newPage() {
      const page = (await context.newPage()) as TestPage;
      if (CPU_SLOWDOWN > 1) {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      }
      page.console = [];
      page.on('console', (message: ConsoleMessage) => {
        page.console.push({ type: message.type(), text: message.text(), url: message.location().url });
      });
      page.on('pageerror', (error) => page.console.push({ type: 'pageerror', text: `${error.name}: ${error.message}`, url: '' }));
      return page;
    },
    close: () => context.close(),
  };
}

/**
 * `args` adds Chromium flags, e.g. `--host-resolver-rules=MAP *.portal.test 127.0.0.1` to open the
 * portal under several host names of one site.
 */
export async function launchBrowser(options: { colorScheme?: 'light' | 'dark'; args?: readonly string[] } = {}): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, headless: true, args: await chromiumFlags(options.args, { forTests: true }) });
  const newContext = async ({ storageState, locale, timezoneId }: ContextOptions = {}) =>
    testContext(
      await browser.newContext({
        viewport: { width: 1280, height: 800 },
        colorScheme: options.colorScheme ?? 'light',
        ...(storageState ? { storageState } : {}),
        ...(locale ? { locale } : {}),
        ...(timezoneId ? { timezoneId } : {}),
      }),
    );
  const first = await newContext();
  return {
    ...first,
    newContext,
    async close() {
      await browser.close();
    },
  };
}

/**
 * A browser whose profile lives in `userDataDir`: closing it and launching again on the same
 * folder is a browser restart (persistent cookies kept, session cookies gone).
 */
export async function launchPersistentBrowser(userDataDir: string): Promise<TestContext> {
  return testContext(await chromium.launchPersistentContext(userDataDir, { executablePath: TEST_CHROMIUM, headless: true, args: await chromiumFlags([], { forTests: true }), viewport: { width: 1280, height: 800 } }));
}

/** Console errors and warnings worth failing a happy-path test on. */
export function problems(entries: ConsoleEntry[]): ConsoleEntry[] {
  return entries.filter((e) => e.type === 'error' || e.type === 'pageerror' || (e.type === 'warning' && /GoTrueClient|Federation|single-spa|React/i.test(e.text)));
}
