// Holds a page's requests on their way to the real server until the test lets them go, so a test
// sees the page while an answer is still pending (a race made deterministic, nothing answered
// in the server's place: a released request goes on to the emulator as it was sent), or holds the
// real answers to its reads on their way back (`holdAnswers`).
import type { Page, Request, Response, Route } from 'playwright-core';

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

export interface HeldAnswers {
  /** Resolves once the first matching answer is held. */
  held: Promise<void>;
  /**
   * Lets every held answer through (later ones pass), and resolves once the page has them all and
   * has rendered what they say (its next two frames); the route is then removed.
   */
  release: () => Promise<void>;
}

/**
 * Holds the emulator's answers to the page's reads (GET) of `url` (what `page.route` takes), or
 * of those `which` accepts: each read is asked of the emulator at once, as sent, and its real
 * answer reaches the page only on `release()` (a slow network). Unlike `holdRequests`, what the
 * answer says is fixed when it is read, not when it is let through. With `after`, only the reads
 * the page starts once it has an answer `after` accepts are held (those of the change under test,
 * not a late one from before it).
 */
export async function holdAnswers(
  page: Page,
  url: Parameters<Page['route']>[0],
  { which = () => true, after }: { which?: (request: Request) => boolean; after?: (response: Response) => boolean } = {},
): Promise<HeldAnswers> {
  let answeredAfter = !after;
  const onResponse = (response: Response) => {
    if (after?.(response)) answeredAfter = true;
  };
  if (after) page.on('response', onResponse);
  let onHeld!: () => void;
  const held = new Promise<void>((resolve) => (onHeld = resolve));
  let letGo!: () => void;
  const released = new Promise<void>((resolve) => (letGo = resolve));
  const answered: Promise<unknown>[] = [];
  const hold = async (route: Route) => {
    if (!answeredAfter || route.request().method() !== 'GET' || !which(route.request())) return route.fallback();
    answered.push(page.waitForEvent('requestfinished', (request) => request === route.request()));
    const response = await route.fetch();
    onHeld();
    await released;
    await route.fulfill({ response });
  };
  await page.route(url, hold);
  return {
    held,
    async release() {
      letGo();
      await Promise.all(answered);
      await page.unroute(url, hold);
      page.off('response', onResponse);
      await nextFrames(page);
    },
  };
}

/** The page's next two frames: what it has read by now is on screen. */
export const nextFrames = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/** For `holdAnswers`' `after`: the answer to a `method` request whose path `path` matches. */
export const answerTo =
  (method: string, path: RegExp) =>
  (response: Response): boolean =>
    response.request().method() === method && path.test(new URL(response.url()).pathname);
