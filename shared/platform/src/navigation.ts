import { useSyncExternalStore } from 'react';

/**
 * Moves to a path inside the portal without reloading the page. single-spa patches
 * `history.pushState` and fires a `popstate` itself; without it (a dev host, a test) we fire one,
 * so every router listening to `popstate` hears each navigation exactly once.
 */
export function pushPath(to: string, { replace = false }: { replace?: boolean } = {}): void {
  let heard = false;
  const hear = () => {
    heard = true;
  };
  window.addEventListener('popstate', hear);
  try {
    if (replace) window.history.replaceState(window.history.state, '', to);
    else window.history.pushState(window.history.state, '', to);
  } finally {
    window.removeEventListener('popstate', hear);
  }
  if (!heard) window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
}

export interface PortalLocation {
  pathname: string;
  search: string;
  hash: string;
}

let cachedHref = '';
let cachedLocation: PortalLocation = { pathname: '/', search: '', hash: '' };

function readLocation(): PortalLocation {
  if (window.location.href !== cachedHref) {
    cachedHref = window.location.href;
    const { pathname, search, hash } = window.location;
    cachedLocation = { pathname, search, hash };
  }
  return cachedLocation;
}

function subscribeToLocation(listener: () => void): () => void {
  window.addEventListener('popstate', listener);
  return () => window.removeEventListener('popstate', listener);
}

/** The current location; re-renders on every navigation. */
export function useLocation(): PortalLocation {
  return useSyncExternalStore(subscribeToLocation, readLocation, readLocation);
}

/**
 * Turns plain clicks on same-origin links into `navigate` calls, so any `<a href="/…">` (from a
 * remote or from @portal/ui) moves without a reload. Modified clicks, downloads, other targets and
 * other origins keep the browser's behaviour. Returns the function that stops intercepting.
 */
export function interceptLinkClicks(navigate: (to: string) => void, root: Document | HTMLElement = document): () => void {
  const onClick = (event: Event) => {
    const mouse = event as MouseEvent;
    if (mouse.defaultPrevented || mouse.button !== 0 || mouse.metaKey || mouse.ctrlKey || mouse.shiftKey || mouse.altKey) return;
    const anchor = (mouse.target as Element | null)?.closest?.('a[href]');
    if (!(anchor instanceof HTMLAnchorElement)) return;
    if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download') || anchor.dataset.reload !== undefined) return;
    const url = new URL(anchor.href, window.location.href);
    if (url.origin !== window.location.origin) return;
    mouse.preventDefault();
    navigate(url.pathname + url.search + url.hash);
  };
  root.addEventListener('click', onClick);
  return () => root.removeEventListener('click', onClick);
}
