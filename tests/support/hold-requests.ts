// Holds a page's requests on their way to the real server until the test lets them go, so a test
// sees the page while an answer is still pending (a race made deterministic, nothing answered
// in the server's place: a released request goes on to the emulator as it was sent).
import type { Page, Request } from 'playwright-core';

export interface HeldRequests {
  /** Resolves once the first matching request is held. */
  asked: Promise<void>;
  /** Lets every held request (and every later one) go on. */
  release: () => void;
}

/**
 * Holds the page's requests to `url` (what `page.route` takes) from now on, or only those `which`
 * accepts (the others fall back to the page's other routes); with `once`, only the first of them.
 * Remove the route with `page.unroute(url)` where later requests must pass untouched.
 */
export async function holdRequests(
  page: Page,
  url: Parameters<Page['route']>[0],
  { which, once = false }: { which?: (request: Request) => boolean; once?: boolean } = {},
): Promise<HeldRequests> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let onAsked!: () => void;
  const asked = new Promise<void>((resolve) => (onAsked = resolve));
  let heldOne = false;
  await page.route(url, async (route) => {
    if (which && !which(route.request())) return route.fallback();
    if (!once || !heldOne) {
      heldOne = true;
      onAsked();
      await released;
    }
    await route.continue();
  });
  return { asked, release };
}
