// What the page's first script asks for at once on a path that is not the shell's own (most likely
// a remote's route): the shell's federation runtime and single-spa, which the main script loads on
// such a path (federation.ts, lifecycle/remote-router.ts) but only once it has run, about 100 ms later
// on a first visit, and over a slow network a round trip more after that.
import { readLazyChunkFiles, type LazyChunkFiles } from './lazy-chunks.js';
import { isShellPath } from '../lifecycle/routes.js';
import { preloadScript } from './script-preload.js';

/** The chunks the main script loads on a remote's route, by the names they are built under. */
const REMOTE_ROUTE_CHUNKS = ['federation-runtime', 'single-spa'];

/** The files of the shell's scripts to ask for on `page`: none on the shell's own pages. */
export function remoteRouteScripts(page: { origin: string; pathname: string }, chunks: LazyChunkFiles): string[] {
  if (isShellPath(page.pathname)) return [];
  return REMOTE_ROUTE_CHUNKS.flatMap((name) => (chunks[name] ?? []).map((file) => new URL(file, page.origin).href));
}

/** Asks for the shell's scripts of a remote's route (`remoteRouteScripts`) on this page. */
export function preloadRemoteRoute(): void {
  for (const href of remoteRouteScripts(location, readLazyChunkFiles(document))) preloadScript(href);
}
