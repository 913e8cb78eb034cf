// A theme change must repaint the whole page at once. Buttons, nav links, inputs and
// toggles animate their colours on hover (`transition: background-color …`), so without
// this a theme switch fades those parts over 150 ms while the page around them flips at
// once — a screenshot taken right after the OS turns dark shows light buttons on a dark page.

const SWITCHING = 'data-pui-theme-switching';

/** Part of the stylesheet: no transitions anywhere on the page while the theme switches. */
export const themeSwitchCss = `
:root[${SWITCHING}] *, :root[${SWITCHING}] *::before, :root[${SWITCHING}] *::after { transition: none !important; }
`;

let generation = 0;

/**
 * Call right before changing the theme (or as soon as the system theme changed): turns
 * transitions off for the next two frames and finishes any colour transition that already
 * started, so every element shows the new theme in the first frame that paints it.
 */
export function switchThemeInstantly(doc: Document | undefined = globalThis.document): void {
  const root = doc?.documentElement;
  if (!doc || !root) return;
  root.setAttribute(SWITCHING, '');
  // A style update may already have started transitions (the system's change can be seen
  // by the styles before this listener runs); end them at their final colour.
  const Transition = doc.defaultView?.CSSTransition;
  if (Transition) {
    for (const animation of doc.getAnimations?.() ?? []) if (animation instanceof Transition) animation.finish();
  }
  const mine = ++generation;
  const clear = () => {
    if (mine === generation) root.removeAttribute(SWITCHING);
  };
  const view = doc.defaultView;
  if (view?.requestAnimationFrame) view.requestAnimationFrame(() => view.requestAnimationFrame(clear));
  else setTimeout(clear, 0);
}

const watched = new WeakSet<Window>();

/** Follows the system theme so a "system" page switches at once too. Once per window. */
export function watchSystemTheme(doc: Document | undefined = globalThis.document): void {
  const view = doc?.defaultView;
  if (!doc || !view?.matchMedia || watched.has(view)) return;
  watched.add(view);
  view.matchMedia('(prefers-color-scheme: dark)').addEventListener?.('change', () => {
    // An explicit data-theme ignores the system, so nothing changes on screen.
    if (!doc.documentElement.hasAttribute('data-theme')) switchThemeInstantly(doc);
  });
}
