/** Dark applies when chosen explicitly… */
export const EXPLICIT_DARK_ROOT = ':root[data-theme="dark"]';
/** …or when the system prefers it and the user has not chosen light. */
export const SYSTEM_DARK_ROOT = ':root:not([data-theme="light"])';

/**
 * Writes dark-theme rules once for both ways dark can apply: the explicit
 * `<html data-theme="dark">` and, inside `prefers-color-scheme: dark`, the "system"
 * choice. Every dark-only rule in the sheet goes through here so the two branches cannot
 * drift apart. `rules` receives the root selector to start each selector with.
 */
export function darkThemeRules(rules: (root: string) => string): string {
  return `${rules(EXPLICIT_DARK_ROOT)}
@media (prefers-color-scheme: dark) {
${rules(SYSTEM_DARK_ROOT)}
}`;
}
