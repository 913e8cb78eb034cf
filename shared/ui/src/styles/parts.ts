/** Bumped whenever the stylesheet changes incompatibly; written on each <style> element. */
export const STYLESHEET_VERSION = '0.1.0';

/**
 * The stylesheet's parts in their order in the document: a part inserted later still takes its
 * place among the others, so the cascade is the same whichever group of components renders first.
 */
export const STYLE_PART_ORDER = ['tokens', 'base', 'layout', 'buttons', 'forms', 'table', 'data', 'nav', 'overlays', 'feedback', 'theme'] as const;

/** One part of the design system's stylesheet: the rules of one group of components. */
export interface StylePart {
  name: (typeof STYLE_PART_ORDER)[number];
  css: string;
}
