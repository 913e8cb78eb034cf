import { buttonsCss } from '../buttons/buttons.css.js';
import { dataCss } from '../data/data.css.js';
import { feedbackCss } from '../feedback/feedback.css.js';
import { layoutCss } from '../layout/layout.css.js';
import { navCss } from '../nav/nav.css.js';
import { watchSystemTheme } from '../theme/instantThemeSwitch.js';
import { themeCss } from '../theme/theme.css.js';
import { baseCss } from './base.css.js';
import { partSheet, STYLESHEET_VERSION, type StylePart } from './parts.js';
import { tokensCss } from './tokens.css.js';

const ATTRIBUTE = 'data-portal-ui';
const PART_ATTRIBUTE = 'data-part';

/** The parts of `@portal/ui/core`: tokens, base rules and the core components. */
const CORE_PARTS: readonly StylePart[] = [
  { name: 'tokens', css: tokensCss },
  { name: 'base', css: baseCss },
  { name: 'layout', css: layoutCss },
  { name: 'buttons', css: buttonsCss },
  { name: 'data', css: dataCss },
  { name: 'nav', css: navCss },
  { name: 'feedback', css: feedbackCss },
  { name: 'theme', css: themeCss },
];

// Every component calls this on mount (a table may mount thousands), so the common case is a
// pointer check per part instead of a DOM query.
const inserted = new Map<string, HTMLStyleElement>();

/**
 * Inserts one part of the stylesheet into the document once, as the document's last element.
 * Each part sits in a sub-layer of the `portal-ui` cascade layer, and each declares the parts'
 * order first, so the cascade is the same whichever group renders first, and any unlayered rule
 * in the shell or a remote wins over it without specificity games. Under Module Federation every
 * remote shares one copy of each group of `@portal/ui`; even if a second copy slipped in, the DOM
 * check keeps a single element per part.
 *
 * Last, and taken in at once: when the page's sheets change and a layered sheet is among the new
 * ones but not simply appended (put before another sheet, or arriving in the same frame as an
 * app's `<style>` that goes before it), Chromium rebuilds its cascade layers, takes the page's
 * fonts as changed and lays out every object again: 30–40 ms at full speed on a signed-in route,
 * a blocking task on a phone (issue #40). Appended and read back straight away (one style read,
 * while the components that asked for the part are not in the page yet), it is a change of its
 * own that only restyles what its rules match.
 */
export function ensureStylePart(part: StylePart, doc: Document | undefined = globalThis.document): void {
  if (!doc?.head) return;
  const known = inserted.get(part.name);
  if (known?.isConnected && known.ownerDocument === doc) return;
  const existing = [...doc.querySelectorAll<HTMLStyleElement>(`style[${ATTRIBUTE}]`)].find((style) => style.getAttribute(PART_ATTRIBUTE) === part.name);
  if (existing) {
    inserted.set(part.name, existing);
    return;
  }
  const style = doc.createElement('style');
  style.setAttribute(ATTRIBUTE, STYLESHEET_VERSION);
  style.setAttribute(PART_ATTRIBUTE, part.name);
  style.textContent = partSheet(part.name, part.css);
  (doc.body ?? doc.head).append(style);
  doc.defaultView?.getComputedStyle(doc.documentElement).getPropertyValue('color');
  inserted.set(part.name, style);
}

/** Inserts the core of the design system's stylesheet (tokens, themes, core components) once. */
export function ensureStylesheet(doc: Document | undefined = globalThis.document): void {
  if (!doc?.head) return;
  for (const part of CORE_PARTS) ensureStylePart(part, doc);
  watchSystemTheme(doc);
}
