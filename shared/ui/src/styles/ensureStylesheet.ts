import { watchSystemTheme } from '../theme/instantThemeSwitch.js';
import { portalStylesheet, STYLESHEET_VERSION } from './stylesheet.js';

const ATTRIBUTE = 'data-portal-ui';

// Every component calls ensureStylesheet on mount (a table may mount thousands), so the
// common case is one pointer check instead of a DOM query.
let inserted: HTMLStyleElement | null = null;

/**
 * Inserts the design system's stylesheet into the document once. Safe to call from every
 * component and every remote: under Module Federation all remotes share one copy of
 * `@portal/ui`, and even if a second copy slipped in, the DOM check keeps a single sheet.
 * It is prepended to <head> so the apps' own stylesheets come later in source order.
 */
export function ensureStylesheet(doc: Document | undefined = globalThis.document): void {
  if (!doc?.head) return;
  if (inserted?.isConnected && inserted.ownerDocument === doc) return;
  const existing = doc.head.querySelector<HTMLStyleElement>(`style[${ATTRIBUTE}]`);
  if (existing) {
    inserted = existing;
    return;
  }
  const style = doc.createElement('style');
  style.setAttribute(ATTRIBUTE, STYLESHEET_VERSION);
  style.textContent = portalStylesheet;
  doc.head.prepend(style);
  inserted = style;
  watchSystemTheme(doc);
}
