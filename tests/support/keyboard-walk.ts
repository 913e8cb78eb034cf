// A walk through a page with Tab, as a keyboard user makes it: every control reached, each with a
// focus a person can see (its outline or box-shadow, or its frame's, changes with focus), in view
// and not under the sticky header; and what could take focus but never did, or reacts to a pointer
// but cannot take focus at all. Read in Chromium by the accessibility suites.
import type { TestPage } from '../browser.js';

/** One stop of a walk with Tab: what took focus, and whether a person could see that it did. */
interface FocusStop {
  /** The element, as a short selector with its accessible text, for failure messages. */
  what: string;
  /** Its outline or box-shadow (or its frame's: its parent's, grandparent's or next sibling's) changed with focus. */
  indicated: boolean;
  /** At least part of it is on screen, and not under the sticky header. */
  inView: boolean;
}

/**
 * Remembers, for every element that can take focus and the elements that may draw its focus ring
 * (its parent, grandparent and next sibling), the outline and box-shadow it has without focus.
 */
async function rememberUnfocusedLook(page: TestPage): Promise<void> {
  await page.evaluate(() => {
    const looks = new WeakMap<Element, string>();
    // An outline's colour is only seen while it has a style and a width (a focused input's changes in
    // forced colours, its outline none).
    const lookOf = (element: Element) => {
      const style = getComputedStyle(element);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 ? `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}` : 'none';
      return `${outline}|${style.boxShadow}`;
    };
    (document.activeElement as HTMLElement | null)?.blur();
    for (const element of Array.from(document.querySelectorAll('a[href], button, input, select, textarea, summary, [tabindex]'))) {
      for (const part of [element, element.parentElement, element.parentElement?.parentElement, element.nextElementSibling]) {
        if (part && !looks.has(part)) looks.set(part, lookOf(part));
      }
    }
    (window as unknown as { __unfocusedLook: unknown }).__unfocusedLook = { looks, lookOf };
  });
}

/** Where focus is now, and how it looks. */
async function focusStop(page: TestPage): Promise<FocusStop | null> {
  return page.evaluate(async () => {
    const element = document.activeElement;
    if (!element || element === document.body) return null;
    const { looks, lookOf } = (window as unknown as { __unfocusedLook: { looks: WeakMap<Element, string>; lookOf: (e: Element) => string } }).__unfocusedLook;
    const parts = [element, element.parentElement, element.parentElement?.parentElement, element.nextElementSibling].filter((part): part is Element => Boolean(part));
    // The ring is read once it has finished drawing: a box-shadow that transitions in is still
    // "none" just after the Tab.
    const transitions = parts.flatMap((part) => part.getAnimations()).filter((animation) => animation instanceof CSSTransition);
    await Promise.all(transitions.map((animation) => animation.finished.catch(() => undefined)));
    const indicated = parts.some((part) => {
      const before = looks.get(part);
      // A part drawn after the walk began (a list that arrived late) has no look remembered: it
      // counts when it draws a ring now.
      if (before === undefined) {
        const style = getComputedStyle(part);
        return part === element && ((style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none');
      }
      return before !== lookOf(part) && lookOf(part) !== 'none|none';
    });
    const rect = element.getBoundingClientRect();
    // In view, and not under anything (the sticky header): what is drawn at its middle is it, or
    // the frame that draws it (a checkbox's box over its input).
    const x = Math.min(Math.max(rect.left + rect.width / 2, 0), innerWidth - 1);
    const y = Math.min(Math.max(rect.top + rect.height / 2, 0), innerHeight - 1);
    const onTop = document.elementFromPoint(x, y);
    const inView =
      rect.bottom > 0 && rect.top < innerHeight && rect.right > 0 && rect.left < innerWidth && onTop !== null && (onTop.contains(element) || parts.some((part) => part.contains(onTop)));
    const text = (element.getAttribute('aria-label') ?? (element as HTMLElement).innerText ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    const what = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element.getAttribute('role') ? `[role=${element.getAttribute('role')}]` : ''} "${text}"`;
    (element as unknown as { __visited?: boolean }).__visited = true;
    return { what, indicated, inView };
  });
}

/**
 * Walks the page with Tab from its start until focus leaves the page (or comes back to where it
 * started): every stop, and what could take focus but was never reached, and what reacts to a
 * pointer but can never take focus (a click handler on a div).
 */
async function walkWithTab(page: TestPage): Promise<{ stops: FocusStop[]; unreached: string[]; pointerOnly: string[] }> {
  await rememberUnfocusedLook(page);
  const stops: FocusStop[] = [];
  for (let presses = 0; presses < 300; presses += 1) {
    await page.keyboard.press('Tab');
    const stop = await focusStop(page);
    if (!stop || (stops.length > 0 && stop.what === stops[0]!.what)) break;
    stops.push(stop);
  }
  const { unreached, pointerOnly } = await page.evaluate(() => {
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).join('.')}` : ''} "${((element as HTMLElement).innerText ?? '').replace(/\s+/g, ' ').trim().slice(0, 40)}"`;
    const shown = (element: Element) => (element as HTMLElement).checkVisibility?.({ visibilityProperty: true, opacityProperty: false }) ?? true;
    const focusable = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]';
    const unreached = Array.from(document.querySelectorAll<HTMLElement>(focusable))
      .filter((element) => element.tabIndex >= 0 && shown(element) && !element.closest('[inert], [aria-hidden="true"]') && !(element as unknown as { __visited?: boolean }).__visited)
      // A file input behind its "Choose files" button, a radio of a group whose checked one was reached.
      .filter((element) => !(element instanceof HTMLInputElement && (element.type === 'file' || (element.type === 'radio' && !element.checked))))
      .map(describe);
    const pointerOnly = Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((element) => shown(element) && getComputedStyle(element).cursor === 'pointer')
      .filter((element) => !element.closest(`${focusable}, label`))
      .map(describe);
    return { unreached, pointerOnly };
  });
  return { stops, unreached, pointerOnly };
}

/** What a walk with Tab found wrong on the page, each prefixed by `state`. */
export async function keyboardFindings(page: TestPage, state: string): Promise<string[]> {
  const { stops, unreached, pointerOnly } = await walkWithTab(page);
  return [
    ...(stops.length < 3 ? [`${state}: Tab reached only ${stops.length} controls`] : []),
    ...stops.filter((stop) => !stop.indicated).map((stop) => `${state}: no visible focus on ${stop.what}`),
    ...stops.filter((stop) => !stop.inView).map((stop) => `${state}: focus out of view (or under the header) on ${stop.what}`),
    ...unreached.map((what) => `${state}: never reached with Tab: ${what}`),
    ...pointerOnly.map((what) => `${state}: clickable but never focusable: ${what}`),
  ];
}
