import { useSyncExternalStore } from 'react';
import {
  getThemePreference,
  resolveTheme,
  setThemePreference,
  subscribeTheme,
  type ResolvedTheme,
  type ThemePreference,
} from './themeStore.js';

export interface ThemeState {
  preference: ThemePreference;
  resolved: ResolvedTheme;
  setPreference: (preference: ThemePreference) => void;
}

/** The theme, shared by every React root on the page (the shell's and each remote's). */
export function useTheme(): ThemeState {
  const preference = useSyncExternalStore(subscribeTheme, getThemePreference, () => 'system' as const);
  return { preference, resolved: resolveTheme(preference), setPreference: setThemePreference };
}
