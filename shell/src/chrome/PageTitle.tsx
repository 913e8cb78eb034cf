// The document's title for the page on screen, and the words a screen reader says after a move to
// another page inside the portal (page-title.ts).
import { useEffect, useRef, type ReactNode } from 'react';
import { watchPageTitle, type PagePlace, type PageTitleWatch } from './page-title.js';

/** Rendered in the main area; `area` and `page` say where the person is (see `PagePlace`), `location` changes with every move. */
export function PageTitle({ area, page, location }: PagePlace & { location: string }): ReactNode {
  const announcer = useRef<HTMLParagraphElement>(null);
  const watch = useRef<PageTitleWatch | null>(null);
  const shown = useRef(location);

  useEffect(() => {
    const main = announcer.current?.closest('main');
    if (!main) return;
    const watching = watchPageTitle(main, { area: null }, (title) => {
      if (announcer.current) announcer.current.textContent = title;
    });
    watch.current = watching;
    return () => {
      watching.stop();
      watch.current = null;
    };
  }, []);

  // Declared after the watch's effect, so it runs after it on mount: the first page's place.
  useEffect(() => {
    const moved = shown.current !== location;
    shown.current = location;
    watch.current?.place(page === undefined ? { area } : { area, page }, moved);
  }, [location, area, page]);

  // The live region is there from the first render, empty, so the first words put in it are said.
  return <p ref={announcer} className="pui-visually-hidden" aria-live="polite" aria-atomic="true" data-testid="page-announcer" />;
}
