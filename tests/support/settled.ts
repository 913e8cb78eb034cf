// When a portal page has finished loading, as a person would judge it: what it reads is read and
// shown. Used by the suites that look at a whole page once it stands still (accessibility, render
// budget).
import type { TestPage } from '../browser.js';
import { STEP_MS } from './waits.js';

/** The remote on the page is mounted and nothing in the page says it is still loading. */
export async function settled(page: TestPage): Promise<void> {
  await page.waitForFunction(
    () => {
      const main = document.querySelector('main');
      if (!main) return false;
      const outlet = main.querySelector<HTMLElement>('[data-testid="remote-outlet"]');
      const remoteShown = outlet && !outlet.hidden;
      if (remoteShown && !outlet.querySelector('[data-portal-remote]')) return false;
      return !document.querySelector(
        'main [role="progressbar"]:not([aria-valuenow]), main [aria-busy="true"], main .pui-skeleton',
      );
    },
    undefined,
    { timeout: STEP_MS },
  );
}
