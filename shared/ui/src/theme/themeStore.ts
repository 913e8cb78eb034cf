import { switchThemeInstantly } from './instantThemeSwitch.js';

export type ThemePreference = 'light' | 'dark' | 'system';
export type ResolvedTheme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'portal-ui:theme';
const PREFERENCES: ReadonlyArray<ThemePreference> = ['light', 'dark', 'system'];
const isPreference = (value: unknown): value is ThemePreference => PREFERENCES.includes(value as ThemePreference);

type Listener = () => void;
const listeners = new Set<Listener>();
let current: ThemePreference | null = null;

function readStored(): ThemePreference {
  try {
    const stored = globalThis.localStorage?.getItem(THEME_STORAGE_KEY);
    return isPreference(stored) ? stored : 'system';
  } catch {
    return 'system'; // storage blocked (privacy mode, sandboxed iframe): fall back quietly
  }
}

/** "system" removes the attribute so the stylesheet's prefers-color-scheme rule decides. */
function apply(preference: ThemePreference): void {
  const root = globalThis.document?.documentElement;
  if (!root) return;
  const attribute = preference === 'system' ? null : preference;
  if (root.getAttribute('data-theme') === attribute) return;
  switchThemeInstantly(root.ownerDocument);
  if (preference === 'system') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', preference);
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** The user's choice (read from localStorage the first time). */
export function getThemePreference(): ThemePreference {
  current ??= readStored();
  return current;
}

/** Sets, applies to <html data-theme>, and persists the user's choice. */
export function setThemePreference(preference: ThemePreference): void {
  current = preference;
  apply(preference);
  try {
    if (preference === 'system') globalThis.localStorage?.removeItem(THEME_STORAGE_KEY);
    else globalThis.localStorage?.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // The choice still holds for this page; it just won't survive a reload.
  }
  notify();
}

/** The theme actually showing: the choice, or the system's when the choice is "system". */
export function resolveTheme(preference: ThemePreference = getThemePreference()): ResolvedTheme {
  if (preference !== 'system') return preference;
  return globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function subscribeTheme(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let initialised = false;

/**
 * Applies the stored choice to <html> and follows changes made in other tabs. The shell
 * calls it once at start, before the first render, so the page never flashes the wrong theme.
 */
export function initTheme(): void {
  apply(getThemePreference());
  if (initialised || typeof window === 'undefined') return;
  initialised = true;
  window.addEventListener('storage', (event) => {
    if (event.key !== THEME_STORAGE_KEY && event.key !== null) return;
    current = isPreference(event.newValue) ? event.newValue : 'system';
    apply(current);
    notify();
  });
  window.matchMedia?.('(prefers-color-scheme: dark)').addEventListener?.('change', notify);
}
