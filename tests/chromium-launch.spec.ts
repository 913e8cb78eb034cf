// The browser the tests and benchmarks launch: a new context must not bring browser UI of its own
// (the omnibox's popup, a WebUI renderer per window), and our flags must not undo Playwright's.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, disabledFeaturesOf, HEADLESS_SHELL, launchBrowser, type Browser } from './browser.js';

describe('the Chromium the tests launch', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser({ args: ['--enable-automation'] });
  });

  afterAll(async () => {
    await browser.close();
  });

  it('opens a context with its page and no browser UI beside it', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.setContent('<p>hello</p>');
      const cdp = await context.context.browser()!.newBrowserCDPSession();
      // The popup is created with the window, a moment after it. Its absence cannot be awaited as
      // an event, so look after as long as it took to appear without the flags (well under 500 ms);
      // the command line's features are checked in the next test.
      await page.waitForTimeout(500);
      const { targetInfos } = await cdp.send('Target.getTargets');
      const kinds = targetInfos.map((target) => `${target.type} ${target.url}`);
      expect(kinds.filter((kind) => kind.startsWith('browser_ui'))).toEqual([]);
      expect(kinds.filter((kind) => kind.startsWith('page'))).not.toHaveLength(0);
    } finally {
      await context.close();
    }
  });

  it('starts no spare renderer beside a page: one page, one renderer process', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto('data:text/html,<p>hello</p>');
      // The spare is started once the window's first navigation is under way; give it the time it
      // took with the feature on (well under 500 ms), as for the popup above.
      await page.waitForTimeout(500);
      const cdp = await context.context.browser()!.newBrowserCDPSession();
      const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
      const { targetInfos } = await cdp.send('Target.getTargets');
      // A renderer for each open page (this one is the only one), and none waiting beside them.
      expect(targetInfos.filter((target) => target.type === 'page')).toHaveLength(1);
      expect(processInfo.filter((process) => process.type === 'renderer')).toHaveLength(1);
    } finally {
      await context.close();
    }
  });

  it("turns off Playwright's features as well as its own", async () => {
    const plain = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--enable-automation'] });
    let playwrights: string[];
    try {
      playwrights = await disabledFeaturesOf(plain);
    } finally {
      await plain.close();
    }
    expect(playwrights).toContain('PaintHolding');
    const ours = await disabledFeaturesOf(browser.context.browser()!);
    expect(ours).toEqual(expect.arrayContaining([...playwrights, 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'SpareRendererForSitePerProcess']));
  });

  it('is the headless shell on a machine that has it, the one the browser suites open', async () => {
    // npm test installs it as root, and .ci/run does; elsewhere the suites fall back to Chromium.
    const installed = existsSync(HEADLESS_SHELL);
    const { product } = await (await browser.context.browser()!.newBrowserCDPSession()).send('Browser.getVersion');
    const { arguments: args } = await (await browser.context.browser()!.newBrowserCDPSession()).send('Browser.getBrowserCommandLine');
    // The shell names itself HeadlessChrome; Chromium, headless too, names itself Chrome.
    expect({ product: product.split('/')[0], shell: args[0]!.endsWith('chromium-headless-shell') }).toEqual({ product: installed ? 'HeadlessChrome' : 'Chrome', shell: installed });
  });
});

describe("Playwright's list of features", () => {
  it('is read from a browser once a test run, then from the run folder by every test file', async () => {
    const saved = process.env.PORTAL_TEST_BUILD_DIR;
    const runDir = mkdtempSync(path.join(tmpdir(), 'portal-run-'));
    process.env.PORTAL_TEST_BUILD_DIR = runDir;
    // A test file's own modules, as each file starts with.
    const fresh = () => {
      let modules!: { browser: typeof import('./browser.js'); playwright: typeof import('playwright-core') };
      jest.isolateModules(() => {
        modules = { browser: jest.requireActual('./browser.js'), playwright: jest.requireActual('playwright-core') };
      });
      return modules;
    };
    try {
      const first = fresh();
      const probes = jest.spyOn(first.playwright.chromium, 'launch');
      const flags = await first.browser.chromiumFlags();
      expect(probes).toHaveBeenCalledTimes(1);
      expect(readdirSync(runDir)).toEqual([expect.stringMatching(/^playwright-disabled-features-[0-9a-f]{12}\.json$/)]);

      const second = fresh();
      const noProbe = jest.spyOn(second.playwright.chromium, 'launch');
      await expect(second.browser.chromiumFlags()).resolves.toEqual(flags);
      expect(noProbe).not.toHaveBeenCalled();
      expect(flags.find((flag) => flag.startsWith('--disable-features='))).toMatch(/PaintHolding.*WebUIOmniboxPopup/);
    } finally {
      if (saved === undefined) delete process.env.PORTAL_TEST_BUILD_DIR;
      else process.env.PORTAL_TEST_BUILD_DIR = saved;
      rmSync(runDir, { recursive: true, force: true });
    }
  });
});

describe('the Chromium the tests use', () => {
  it('is the one CHROMIUM_PATH names, the variable npm test checks and passes on', () => {
    const saved = process.env.CHROMIUM_PATH;
    process.env.CHROMIUM_PATH = '/opt/elsewhere/chromium';
    try {
      jest.isolateModules(() => {
        expect((jest.requireActual('./browser.js') as typeof import('./browser.js')).CHROMIUM).toBe('/opt/elsewhere/chromium');
      });
    } finally {
      if (saved === undefined) delete process.env.CHROMIUM_PATH;
      else process.env.CHROMIUM_PATH = saved;
    }
  });

  it('launches the headless shell where it is installed, else that Chromium', () => {
    const saved = process.env.CHROMIUM_HEADLESS_SHELL_PATH;
    const testChromium = (shell: string) => {
      process.env.CHROMIUM_HEADLESS_SHELL_PATH = shell;
      let modules!: typeof import('./browser.js');
      jest.isolateModules(() => {
        modules = jest.requireActual('./browser.js');
      });
      return modules;
    };
    try {
      // Any file that is there stands for an installed shell.
      expect(testChromium(process.execPath).TEST_CHROMIUM).toBe(process.execPath);
      const without = testChromium('/opt/nowhere/chromium-headless-shell');
      expect(without.TEST_CHROMIUM).toBe(without.CHROMIUM);
    } finally {
      if (saved === undefined) delete process.env.CHROMIUM_HEADLESS_SHELL_PATH;
      else process.env.CHROMIUM_HEADLESS_SHELL_PATH = saved;
    }
  });
});
