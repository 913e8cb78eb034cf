// A fresh browser context and page for every test, closed after it: no test inherits another's
// session, route handlers or half-finished page, so one failure is reported as one failure. And
// what a page shows, for the messages of waits that run out.
import type { Browser, ConsoleEntry, StorageState, TestContext, TestPage } from '../browser.js';

export interface PagePerTest {
  /** The current test's page (after `open`). */
  readonly page: TestPage;
  /** The current test's context, e.g. for a second tab. */
  readonly context: TestContext;
  /** Opens this test's context (seeded with `storageState`, e.g. a session) and its page. */
  open(storageState?: StorageState): Promise<TestPage>;
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
    async open(storageState) {
      const context = await browser().newContext(storageState ? { storageState } : {});
      current = { context, page: await context.newPage() };
      return current.page;
    },
  };
}

/** What the page shows now, for wait messages: its address and its alerts and statuses. */
export async function pageState(page: TestPage): Promise<string> {
  const notes = await page
    .locator('[role="alert"], [role="status"]')
    .allInnerTexts()
    .catch((error: Error) => [`(could not read: ${error.message})`]);
  const shown = notes.map((text) => text.replace(/\s+/g, ' ').trim()).filter(Boolean);
  return `page at ${page.url()} shows ${shown.length ? shown.map((text) => `"${text}"`).join(', ') : 'no alert or status'}`;
}

/** The wait, whose failure also says what the page shows. */
export async function withPageState<T>(page: TestPage, wait: Promise<T>): Promise<T> {
  return wait.catch(async (error: Error) => {
    throw new Error(`${error.message}; ${await pageState(page)}`);
  });
}
