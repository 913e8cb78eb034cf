import { buttonsCss } from '../buttons/buttons.css.js';
import { dataCss } from '../data/data.css.js';
import { feedbackCss } from '../feedback/feedback.css.js';
import { layoutCss } from '../layout/layout.css.js';
import { navCss } from '../nav/nav.css.js';
import { watchSystemTheme } from '../theme/instantThemeSwitch.js';
import { themeCss } from '../theme/theme.css.js';
import { baseCss } from './base.css.js';
import { STYLE_PART_ORDER, STYLESHEET_VERSION, type StylePart } from './parts.js';
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

const rankOf = (name: string | null) => STYLE_PART_ORDER.indexOf(name as StylePart['name']);

// Every component calls this on mount (a table may mount thousands), so the common case is a
// pointer check per part instead of a DOM query.
const inserted = new Map<string, HTMLStyleElement>();

/**
 * Inserts one part of the stylesheet into the document once, at its place among the parts
 * already there (the first one at the start of <head>, so the apps' own stylesheets come later
 * in source order). Each part sits in the `portal-ui` cascade layer, so any unlayered rule in the
 * shell or a remote wins over it without specificity games. Under Module Federation every remote
 * shares one copy of each group of `@portal/ui`; even if a second copy slipped in, the DOM check
 * keeps a single element per part.
 */
export function ensureStylePart(part: StylePart, doc: Document | undefined = globalThis.document): void {
  if (!doc?.head) return;
  const known = inserted.get(part.name);
  if (known?.isConnected && known.ownerDocument === doc) return;
  const present = [...doc.head.querySelectorAll<HTMLStyleElement>(`style[${ATTRIBUTE}]`)];
  const existing = present.find((style) => style.getAttribute(PART_ATTRIBUTE) === part.name);
  if (existing) {
    inserted.set(part.name, existing);
    return;
  }
  const style = doc.createElement('style');
  style.setAttribute(ATTRIBUTE, STYLESHEET_VERSION);
  style.setAttribute(PART_ATTRIBUTE, part.name);
  style.textContent = `@layer portal-ui {\n${part.css}\n}`;
  const rank = rankOf(part.name);
  const next = present.find((other) => rankOf(other.getAttribute(PART_ATTRIBUTE)) > rank);
  if (next) next.before(style);
  else if (present.length > 0) present[present.length - 1]!.after(style);
  else doc.head.prepend(style);
  inserted.set(part.name, style);
}

/** Inserts the core of the design system's stylesheet (tokens, themes, core components) once. */
export function ensureStylesheet(doc: Document | undefined = globalThis.document): void {
  if (!doc?.head) return;
  for (const part of CORE_PARTS) ensureStylePart(part, doc);
  watchSystemTheme(doc);
}
