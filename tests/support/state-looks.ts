// How the states of a page's controls are painted, read in Chromium: what marks the current page, a
// selected tab, row or option, a chosen theme, or focus, and whether a person can tell it from the
// same kind of thing not chosen (WCAG's non-text contrast in the ordinary themes; in forced
// colours, whether it differs at all and keeps its text off the browser's backplate).
import type { TestPage } from '../browser.js';

/** What a state can be drawn with that the browser still paints in forced colours (sizes and places left out). */
const PAINTED = ['backgroundImage', 'color', 'fontWeight', 'textDecorationLine'] as const;
/** The lines around a box: its outline and its four borders. */
const LINES = ['outline', 'borderTop', 'borderRight', 'borderBottom', 'borderLeft'] as const;

/** What marks the current page and a selected or chosen thing. */
const CHOSEN = '[aria-current="page"], [aria-selected="true"], [aria-checked="true"], [data-selected="true"]';

/** How an element is painted (`look`), and what it is and what kind of thing, for a comparison with another state or another of its kind. */
export interface PaintedLook {
  what: string;
  /** Its element, classes and role, and its parent's and grandparent's elements and classes: the same kind is in the same list, tab list or table. */
  kind: string;
  chosen: boolean;
  look: string;
  /**
   * It has text over a background of its own, and the browser lays its backplate (a box in the
   * page's colour) behind that text: the background shows only around the words, and text in the
   * highlight's own colour is drawn on the page's, where it may not be seen.
   */
  backplate: boolean;
  /** What marks it, read for their contrast (`weakChoices`): its background laid over what is behind it, rgb. */
  background: number[];
  /** Its outline and borders that are drawn, each side's colour laid over its background. */
  lines: Array<{ side: string; colour: number[] }>;
  /** Its ::before and ::after that are drawn (a bar beside the current page), their colours. */
  marks: number[][];
  weight: number;
  decoration: string;
  /** It holds a checked checkbox or radio button, which says it is chosen by itself. */
  holdsChecked: boolean;
}

/**
 * How each element `chosen` names is painted, and each of its kind (see `PaintedLook`): its
 * colours, lines and weight, its ::before and ::after included; a background in the page's own
 * colour, at any opacity, counts as none. Form controls are left out (accessibility.spec.ts reads a
 * checkbox's or a switch's states from its pixels, `toggleLooksDifferent`).
 * The pointer is moved away first, and, unless `keepFocus`, nothing keeps focus.
 */
export async function paintedLooks(page: TestPage, chosen: string, { keepFocus = false } = {}): Promise<PaintedLook[]> {
  const viewport = page.viewportSize()!;
  await page.mouse.move(viewport.width - 2, viewport.height - 2);
  return page.evaluate(
    ({ chosen, keepFocus, painted, lines }) => {
      if (!keepFocus) (document.activeElement as HTMLElement | null)?.blur();
      const rgb = (colour: string) => /^rgba?\((\d+), (\d+), (\d+)(?:, ([\d.]+))?\)$/.exec(colour);
      const canvas = rgb(getComputedStyle(document.body).backgroundColor)?.slice(1, 4).join();
      const background = (colour: string) => {
        const parts = rgb(colour);
        return parts && (parts[4] === '0' || parts.slice(1, 4).join() === canvas) ? 'none' : colour;
      };
      const look = (element: Element) =>
        [null, '::before', '::after']
          .map((pseudo) => {
            const style = getComputedStyle(element, pseudo) as unknown as Record<string, string>;
            // A line's colour is only seen while it has a style and a width.
            const drawn = lines.map((line) => (style[`${line}Style`] === 'none' || parseFloat(style[`${line}Width`]!) === 0 ? 'none' : `${style[`${line}Style`]} ${style[`${line}Width`]} ${style[`${line}Color`]}`));
            return [background(style.backgroundColor!), ...painted.map((property) => style[property]), ...drawn].join(' ');
          })
          .join(' | ');
      const rgba = (colour: string) => {
        const parts = rgb(colour);
        return parts ? [Number(parts[1]), Number(parts[2]), Number(parts[3]), parts[4] === undefined ? 1 : Number(parts[4])] : [0, 0, 0, 0];
      };
      const over = (colour: number[], under: number[]) => colour.slice(0, 3).map((value, i) => value * colour[3]! + under[i]! * (1 - colour[3]!));
      // What is painted under an element: its own background over its ancestors', the page's last.
      const underneath = (element: Element): number[] => {
        const layers: number[][] = [];
        for (let at: Element | null = element; at; at = at.parentElement) {
          const colour = rgba(getComputedStyle(at).backgroundColor);
          if (colour[3]! > 0) layers.push(colour);
          if (colour[3] === 1) break;
        }
        return layers.reduceRight((under, layer) => over(layer, under), [255, 255, 255]);
      };
      const marksOf = (element: Element) => {
        const background = underneath(element);
        const style = getComputedStyle(element) as unknown as Record<string, string>;
        const drawnLines = lines
          .map((line) => ({ side: line, style: style[`${line}Style`], width: parseFloat(style[`${line}Width`]!), colour: rgba(style[`${line}Color`]!) }))
          .filter((line) => line.style !== 'none' && line.width > 0 && line.colour[3]! > 0)
          .map((line) => ({ side: line.side, colour: over(line.colour, background) }));
        const pseudoMarks = ['::before', '::after']
          .map((pseudo) => getComputedStyle(element, pseudo))
          .filter((pseudo) => pseudo.content !== 'none' && pseudo.content !== 'normal' && rgba(pseudo.backgroundColor)[3]! > 0)
          .map((pseudo) => over(rgba(pseudo.backgroundColor), background));
        return {
          background,
          lines: drawnLines,
          marks: pseudoMarks,
          weight: Number(style.fontWeight),
          decoration: style.textDecorationLine!,
          holdsChecked: element.querySelector('input:checked') !== null,
        };
      };
      const kind = (element: Element) => {
        const parent = element.parentElement;
        return `${element.tagName}.${element.className}[${element.getAttribute('role')}] in ${parent?.tagName}.${parent?.className} in ${parent?.parentElement?.tagName}.${parent?.parentElement?.className}`;
      };
      const shown = (element: Element) => !(element instanceof HTMLInputElement) && element.checkVisibility({ visibilityProperty: true });
      const marked = Array.from(document.querySelectorAll(chosen)).filter(shown);
      const kinds = new Set(marked.map(kind));
      // Its kin, but what is only decoration (a breadcrumb's "/").
      const alike = new Set(marked.flatMap((element) => Array.from(document.getElementsByTagName(element.tagName)).filter((other) => shown(other) && !other.closest('[aria-hidden="true"]') && kinds.has(kind(other)))));
      return Array.from(alike).map((element) => ({
        backplate: background(getComputedStyle(element).backgroundColor) !== 'none' && getComputedStyle(element).forcedColorAdjust !== 'none' && (element.textContent ?? '').trim() !== '',
        what: `${element.tagName.toLowerCase()}.${String(element.className).trim().split(/\s+/).join('.')} "${(element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 30)}"`,
        kind: kind(element),
        chosen: element.matches(chosen),
        look: look(element),
        ...marksOf(element),
      }));
    },
    { chosen, keepFocus, painted: PAINTED, lines: LINES },
  );
}

/**
 * In forced colours, every chosen thing on the page (the current page's link, a selected tab, row
 * or option, a chosen theme) that looks exactly like one of its kind not chosen. With `keepFocus`,
 * what has focus keeps it (a list's option under the arrows, while its field has focus).
 */
export async function chosenLookalikes(page: TestPage, state: string, { keepFocus = false } = {}): Promise<string[]> {
  const looks = await paintedLooks(page, CHOSEN, { keepFocus });
  return [
    ...looks.filter((element) => element.chosen && looks.some((other) => !other.chosen && other.kind === element.kind && other.look === element.look)).map((element) => `${state}: looks like the others: ${element.what}`),
    ...looks.filter((element) => element.chosen && element.backplate).map((element) => `${state}: its text on the browser's backplate, over its own background: ${element.what}`),
  ];
}

/** WCAG's relative luminance contrast of two rgb colours. */
export function contrast(a: number[], b: number[]): number {
  const luminance = (colour: number[]) =>
    colour
      .map((value) => value / 255)
      .map((value) => (value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4))
      .reduce((sum, value, i) => sum + value * [0.2126, 0.7152, 0.0722][i]!, 0);
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/**
 * Whether `chosen` is told apart from `other` by more than a hue: its background against the
 * other's at 3:1, a line (an outline, a border, an underline's side) or a mark (a bar beside it)
 * at 3:1 against its own background that the other lacks or draws in a colour 3:1 away, a heavier
 * weight or another decoration of its text, or a checked box it holds. WCAG's non-text contrast,
 * for the states of a control.
 */
export function toldApart(chosen: PaintedLook, other: PaintedLook): boolean {
  const seen = (colour: number[]) => contrast(colour, chosen.background) >= 3;
  return (
    chosen.holdsChecked ||
    contrast(chosen.background, other.background) >= 3 ||
    chosen.lines.some((line) => seen(line.colour) && !other.lines.some((theirs) => theirs.side === line.side && contrast(theirs.colour, line.colour) < 3)) ||
    (chosen.marks.some(seen) && other.marks.length === 0) ||
    chosen.weight - other.weight >= 300 ||
    chosen.decoration !== other.decoration
  );
}

/** Every chosen thing on the page (as `chosenLookalikes`) that only a faint colour tells apart from one of its kind not chosen. */
export async function weakChoices(page: TestPage, state: string, { keepFocus = false } = {}): Promise<string[]> {
  const looks = await paintedLooks(page, CHOSEN, { keepFocus });
  return looks
    .filter((element) => element.chosen && looks.some((other) => !other.chosen && other.kind === element.kind && !toldApart(element, other)))
    .map((element) => `${state}: told apart from the others by a faint colour alone: ${element.what}`);
}
