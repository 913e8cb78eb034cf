// One built portal and one Chromium for a test file, started before its first test and stopped
// after its last, and for each test a fresh page (pagePerTest) and, when it asks, a new person
// signed in on it: the browser suites that visit many pages as many people share the cost of a
// start, and no test inherits another's session.
import { launchBrowser, type Browser, type TestPage } from '../browser.js';
import { startTestPortal, type TestPortal } from '../portal-harness.js';
import { pagePerTest, type PagePerTest } from './page-per-test.js';
import { newPerson, signedInClient, signedInStorage, type Person } from './people.js';
import type { SupabaseClient } from '@supabase/supabase-js';

/** A new person, their client signed in, and their page with their session. */
export interface SignedInPerson extends Person {
  db: SupabaseClient;
  page: TestPage;
}

export interface PortalPerFile {
  readonly portal: TestPortal;
  readonly browser: Browser;
  readonly tab: PagePerTest;
  /** A new person (their address starts with `label`), signed in, on this test's page (at `viewport` when given). */
  signedIn(label: string, viewport?: { width: number; height: number }): Promise<SignedInPerson>;
}

/** Registers the file's beforeAll and afterAll: a portal with `remotes` and a browser. */
export function portalPerFile(remotes: readonly string[]): PortalPerFile {
  let portal: TestPortal | undefined;
  let browser: Browser | undefined;
  const started = <T>(part: T | undefined): T => {
    if (part === undefined) throw new Error('the portal is not started yet: use it inside a test');
    return part;
  };
  const tab = pagePerTest(() => started(browser));

  beforeAll(async () => {
    [portal, browser] = await Promise.all([startTestPortal({ remotes }), launchBrowser()]);
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  return {
    get portal() {
      return started(portal);
    },
    get browser() {
      return started(browser);
    },
    tab,
    async signedIn(label, viewport) {
      const { emulator, url } = started(portal);
      const person = await newPerson(emulator, label);
      const db = await signedInClient(emulator, person);
      const page = await tab.open(await signedInStorage(url, emulator, db));
      if (viewport) await page.setViewportSize(viewport);
      return { ...person, db, page };
    },
  };
}
