/**
 * Bumped whenever the stylesheet changes incompatibly; written on each <style> element.
 * 0.2.0: each part in a sub-layer of its own (`portal-ui.<part>`), at the end of the document.
 */
export const STYLESHEET_VERSION = '0.2.0';

/** The cascade layer of the whole design system: any unlayered rule of an app wins over it. */
const STYLE_LAYER = 'portal-ui';

/**
 * The stylesheet's parts in the order of the cascade: each part is a sub-layer of `portal-ui`,
 * and every part's sheet first declares this order, so a part inserted later still takes its
 * place among the others, whichever group of components renders first, wherever its `<style>`
 * sits in the document.
 */
export const STYLE_PART_ORDER = ['tokens', 'base', 'layout', 'buttons', 'forms', 'table', 'data', 'nav', 'overlays', 'feedback', 'theme'] as const;

/** The statement that fixes the parts' order: `@layer portal-ui.tokens, portal-ui.base, …;`. */
export const STYLE_LAYER_ORDER = `@layer ${STYLE_PART_ORDER.map((name) => `${STYLE_LAYER}.${name}`).join(', ')};`;

/** A part's rules in its sub-layer: `@layer portal-ui.<part> { … }`. */
export function inSubLayer(name: (typeof STYLE_PART_ORDER)[number], css: string): string {
  return `@layer ${STYLE_LAYER}.${name} {\n${css}\n}`;
}

/** A part's sheet as it goes into the document: the order of the parts, then its rules in its sub-layer. */
export function partSheet(name: (typeof STYLE_PART_ORDER)[number], css: string): string {
  return `${STYLE_LAYER_ORDER}\n${inSubLayer(name, css)}`;
}

/** One part of the design system's stylesheet: the rules of one group of components. */
export interface StylePart {
  name: (typeof STYLE_PART_ORDER)[number];
  css: string;
}
