// The document's title follows the page on screen, and a move to another page inside the portal is
// said to a screen reader, as a page load would be. The title is what a tab, the history, a bookmark
// and a screen reader name the page by; with the portal's router owning the URL, it said "Portal"
// on every page.

/** The site's name, the title's last part. */
export const SITE_TITLE = 'Portal';

/** How long a new page's title must hold before it is said: the shell's route header gives way to the remote's own heading a moment after a move. */
export const ANNOUNCE_AFTER_MS = 400;

/**
 * "<page> · <area> · Portal": the page's heading and the area (the remote, or the shell's page) it
 * is in, each left out when missing or the same as the one before it.
 */
export function pageTitle(heading: string | null, area: string | null): string {
  const parts: string[] = [];
  for (const part of [heading, area, SITE_TITLE]) {
    const text = part?.replace(/\s+/g, ' ').trim();
    if (text && text.toLowerCase() !== parts.at(-1)?.toLowerCase()) parts.push(text);
  }
  return parts.join(' · ');
}

/**
 * The heading of the page in `main`: its last level-1 heading outside a hidden part (a remote's
 * own heading comes after the shell's route header, which gives way to it by a style rule, and a
 * remote's hidden area does not count). Read from the DOM alone, no style: it runs beside renders.
 */
export function pageHeading(main: ParentNode): string | null {
  const headings = Array.from(main.querySelectorAll('h1')).filter((heading) => !heading.closest('[hidden]'));
  return headings.at(-1)?.textContent ?? null;
}

/** Where the person is: the area (a remote's title, or the shell's page), and a page name that stands for the heading where the heading is not one (the home page greets). */
export interface PagePlace {
  area: string | null;
  page?: string;
}

export interface PageTitleWatch {
  /** Where the person is now; `moved` when they moved to another page, whose title is then said once it has held. */
  place(place: PagePlace, moved: boolean): void;
  stop(): void;
}

/**
 * Keeps `document.title` to the page in `main` as it changes (a remote drawing its heading, a
 * page of a remote opened), reading it once per frame at most; after a move, says the new title
 * through `say` once it has held for `ANNOUNCE_AFTER_MS`. The first page is not said: the browser
 * says a page it loads.
 */
export function watchPageTitle(main: HTMLElement, place: PagePlace, say: (title: string) => void, doc: Document = main.ownerDocument): PageTitleWatch {
  let current = place;
  let frame: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const sayLater = () => {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      say(doc.title);
    }, ANNOUNCE_AFTER_MS);
  };
  const update = () => {
    frame = null;
    const title = pageTitle(current.page ?? pageHeading(main), current.area);
    if (title === doc.title) return;
    doc.title = title;
    // A moved-to page's title is said once it holds: a change meanwhile (the remote's heading
    // replacing the route's) waits with it.
    if (timer !== null) sayLater();
  };
  const schedule = () => {
    frame ??= requestAnimationFrame(update);
  };
  // Only whether something changed is read, never the records: a table's render is many of them.
  const observer = new MutationObserver(schedule);
  observer.observe(main, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['hidden'] });
  update();
  return {
    place(place, moved) {
      current = place;
      if (moved) sayLater();
      schedule();
    },
    stop() {
      observer.disconnect();
      if (frame !== null) cancelAnimationFrame(frame);
      if (timer !== null) clearTimeout(timer);
    },
  };
}
