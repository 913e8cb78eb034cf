// A fresh browser context and page for every test, closed after it: no test inherits another's
// session, route handlers or half-finished page, so one failure is reported as one failure. And
// what a page shows, for the messages of waits that run out.
import type { Browser, ConsoleEntry, ContextOptions, StorageState, TestContext, TestPage } from '../browser.js';

export interface PagePerTest {
  /** The current test's page (after `open`). */
  readonly page: TestPage;
  /** The current test's context, e.g. for a second tab. */
  readonly context: TestContext;
  /** Opens this test's context (seeded with `storageState`, e.g. a session) and its page. */
  open(storageState?: StorageState, options?: Omit<ContextOptions, 'storageState'>): Promise<TestPage>;
}

/**
 * Registers an afterEach that closes the test's context. With `unexpectedConsole`, the test
 * also fails on the console entries that function picks out of its page's log.
 */
export function pagePerTest(
  browser: () => Browser,
  { unexpectedConsole }: { unexpectedConsole?: (entries: ConsoleEntry[]) => ConsoleEntry[] } = {},
): PagePerTest {
  let current: { context: TestContext; page: TestPage } | null = null;
  const opened = () => {
    if (!current) throw new Error('no page yet: call open() at the start of the test');
    return current;
  };
  afterEach(async () => {
    if (!current) return;
    const { context, page } = current;
    current = null;
    const unexpected = unexpectedConsole ? unexpectedConsole(page.console) : [];
    await context.close();
    expect(unexpected).toEqual([]);
  });
  return {
    get page() {
      return opened().page;
    },
    get context() {
      return opened().context;
    },
    async open(storageState, options = {}) {
      const context = await browser().newContext({ ...options, ...(storageState ? { storageState } : {}) });
      current = { context, page: await context.newPage() };
      return current.page;
    },
  };
}

/** What the page shows now, for wait messages: its address, its alerts and statuses, and what is still busy. */
export async function pageState(page: TestPage): Promise<string> {
  const texts = (selector: string) =>
    page
      .locator(selector)
      .allInnerTexts()
      .catch((error: Error) => [`(could not read: ${error.message})`]);
  const tidy = (notes: string[]) => notes.map((text) => text.replace(/\s+/g, ' ').trim()).filter(Boolean);
  const quoted = (notes: string[]) => notes.map((text) => `"${text}"`).join(', ');
  const shown = tidy(await texts('[role="alert"], [role="status"]'));
  // A button waiting on its action (aria-busy): an action that never ended reads differently from one never started.
  const busy = tidy(await texts('[aria-busy="true"]'));
  return `page at ${page.url()} shows ${shown.length ? quoted(shown) : 'no alert or status'}${busy.length ? `; busy: ${quoted(busy)}` : ''}`;
}

/** The wait, whose failure also says what the page shows. */
export async function withPageState<T>(page: TestPage, wait: Promise<T>): Promise<T> {
  return wait.catch(async (error: Error) => {
    throw new Error(`${error.message}; ${await pageState(page)}`);
  });
}
