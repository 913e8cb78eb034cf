import { darkThemeRules } from './darkTheme.js';

// Design tokens as CSS custom properties. Light is the default; dark applies when the
// user's system prefers it, and an explicit `data-theme` on <html> always wins
// (ThemeToggle writes it). Colours were checked for WCAG AA contrast in both themes:
// body text ≥ 7:1, muted text ≥ 4.5:1, text on filled buttons ≥ 4.5:1.

const shared = `
  --pui-font-sans: "Inter", ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  --pui-font-mono: ui-monospace, "SFMono-Regular", "JetBrains Mono", Menlo, Consolas, "Liberation Mono", monospace;
  --pui-text-xs: 0.75rem;
  --pui-text-sm: 0.8125rem;
  --pui-text-md: 0.875rem;
  --pui-text-lg: 1rem;
  --pui-text-xl: 1.25rem;
  --pui-text-2xl: 1.5rem;
  --pui-leading-tight: 1.25;
  --pui-leading: 1.5;
  --pui-weight-regular: 400;
  --pui-weight-medium: 500;
  --pui-weight-semibold: 600;

  --pui-space-0: 0;
  --pui-space-1: 0.25rem;
  --pui-space-2: 0.5rem;
  --pui-space-3: 0.75rem;
  --pui-space-4: 1rem;
  --pui-space-5: 1.25rem;
  --pui-space-6: 1.5rem;
  --pui-space-8: 2rem;
  --pui-space-10: 2.5rem;
  --pui-space-12: 3rem;

  --pui-radius-sm: 4px;
  --pui-radius-md: 6px;
  --pui-radius-lg: 8px;
  --pui-radius-xl: 12px;
  --pui-radius-full: 9999px;

  --pui-control-sm: 1.75rem;
  --pui-control-md: 2.125rem;
  --pui-control-lg: 2.5rem;

  --pui-header-height: 3.25rem;
  --pui-sidebar-width: 15rem;

  --pui-z-sticky: 10;
  --pui-z-header: 50;
  --pui-z-overlay: 1100;
  --pui-z-dropdown: 1150; /* above dialogs: a menu may open inside one */
  --pui-z-toast: 1200;

  --pui-duration: 150ms;
  --pui-ease: cubic-bezier(0.2, 0, 0, 1);
`;

export type ThemeName = 'light' | 'dark';

/**
 * Every per-theme token, one row each: `--pui-<name>: [light, dark]`. Both themes (and
 * both ways dark can apply) are generated from this one table, so a token can never be
 * defined in one theme and missing from the other.
 */
export const themeTokens: Readonly<Record<string, readonly [light: string, dark: string]>> = {
  bg: ['#fcfcfc', '#111113'],
  'bg-subtle': ['#f6f6f7', '#161618'],
  'bg-muted': ['#efeff1', '#1d1d20'],
  surface: ['#ffffff', '#18181b'],
  'surface-raised': ['#ffffff', '#1f1f23'],
  'surface-hover': ['#f4f4f5', '#26262b'],
  'surface-active': ['#ebebed', '#2e2e34'],
  border: ['#e4e4e7', '#2a2a30'],
  'border-strong': ['#d1d1d6', '#3d3d45'],
  // A form control's edge (a field, a checkbox, a switch's track): 3:1 against every background it
  // sits on, surface-active included, as WCAG's non-text contrast asks of what identifies a control.
  'border-control': ['#80808a', '#76767f'],
  text: ['#18181b', '#ededef'],
  'text-muted': ['#52525b', '#a8a8b1'],
  'text-subtle': ['#6b6b74', '#95959e'], // dark: 4.5:1 also on a selected row (accent-subtle) and surface-active
  'text-on-accent': ['#ffffff', '#03231a'],
  'text-on-danger': ['#ffffff', '#ffffff'],

  accent: ['#047857', '#34c58f'],
  'accent-hover': ['#065f46', '#5fd6a8'],
  'accent-text': ['#047857', '#4ade9f'],
  'accent-subtle': ['#ecfdf5', 'rgba(52, 197, 143, 0.12)'],
  'accent-border': ['#a7f3d0', 'rgba(52, 197, 143, 0.35)'],

  danger: ['#dc2626', '#dc2626'],
  'danger-hover': ['#b91c1c', '#ef4444'],
  'danger-text': ['#b91c1c', '#f87171'],
  'danger-subtle': ['#fef2f2', 'rgba(239, 68, 68, 0.12)'],
  'danger-border': ['#fecaca', 'rgba(239, 68, 68, 0.38)'],

  'warning-text': ['#92400e', '#fbbf24'],
  'warning-subtle': ['#fffbeb', 'rgba(245, 158, 11, 0.12)'],
  'warning-border': ['#fcd98a', 'rgba(245, 158, 11, 0.35)'],

  'info-text': ['#1d4ed8', '#7cb1ff'],
  'info-subtle': ['#eff6ff', 'rgba(59, 130, 246, 0.14)'],
  'info-border': ['#bfdbfe', 'rgba(59, 130, 246, 0.38)'],

  'success-text': ['#047857', '#4ade9f'],
  'success-subtle': ['#ecfdf5', 'rgba(52, 197, 143, 0.12)'],
  'success-border': ['#a7f3d0', 'rgba(52, 197, 143, 0.35)'],

  focus: ['#047857', '#4ade9f'],
  overlay: ['rgba(24, 24, 27, 0.45)', 'rgba(0, 0, 0, 0.6)'],
  'code-bg': ['#f4f4f5', '#1d1d21'],

  'shadow-sm': ['0 1px 2px rgba(16, 16, 20, 0.06)', '0 1px 2px rgba(0, 0, 0, 0.4)'],
  'shadow-md': ['0 2px 4px rgba(16, 16, 20, 0.04), 0 4px 12px rgba(16, 16, 20, 0.08)', '0 2px 4px rgba(0, 0, 0, 0.3), 0 4px 12px rgba(0, 0, 0, 0.35)'],
  'shadow-lg': ['0 4px 8px rgba(16, 16, 20, 0.04), 0 16px 40px rgba(16, 16, 20, 0.16)', '0 4px 8px rgba(0, 0, 0, 0.3), 0 16px 40px rgba(0, 0, 0, 0.5)'],
};

export function themeDeclarations(theme: ThemeName): string {
  const index = theme === 'light' ? 0 : 1;
  const tokens = Object.entries(themeTokens).map(([name, values]) => `  --pui-${name}: ${values[index]};`);
  return `\n  color-scheme: ${theme};\n${tokens.join('\n')}\n`;
}

export const tokensCss = `
:root {${shared}${themeDeclarations('light')}}
:root[data-theme="light"] {${themeDeclarations('light')}}
${darkThemeRules((root) => `${root} {${themeDeclarations('dark')}}`)}
`;
