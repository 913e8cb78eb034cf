// Launches Debian's Chromium through playwright-core (Playwright cannot download its own browser
// here; docs/known-traps.md#debians-chromium-driven-by-playwright-core) and records what the page
// says on its console.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';

export const CHROMIUM = process.env.PORTAL_CHROMIUM ?? '/usr/bin/chromium';

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

export interface ConsoleEntry {
  type: string;
  text: string;
  url: string;
}

export interface Browser {
  context: BrowserContext;
  /** Opens a page that records console messages and page errors into `console`. */
  newPage(): Promise<Page & { console: ConsoleEntry[] }>;
  close(): Promise<void>;
}

export async function launchBrowser(options: { colorScheme?: 'light' | 'dark' } = {}): Promise<Browser> {
  const profile = mkdtempSync(path.join(tmpdir(), 'portal-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    viewport: { width: 1280, height: 800 },
    colorScheme: options.colorScheme ?? 'light',
  });
  return {
    context,
    async newPage() {
      const page = (await context.newPage()) as Page & { console: ConsoleEntry[] };
      page.console = [];
      page.on('console', (message: ConsoleMessage) => {
        page.console.push({ type: message.type(), text: message.text(), url: message.location().url });
      });
      page.on('pageerror', (error) => page.console.push({ type: 'pageerror', text: `${error.name}: ${error.message}`, url: '' }));
      return page;
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Console errors and warnings worth failing a happy-path test on. */
export function problems(entries: ConsoleEntry[]): ConsoleEntry[] {
  return entries.filter((e) => e.type === 'error' || e.type === 'pageerror' || (e.type === 'warning' && /GoTrueClient|Federation|single-spa|React/i.test(e.text)));
}
