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

const light = `
  color-scheme: light;
  --pui-bg: #fcfcfc;
  --pui-bg-subtle: #f6f6f7;
  --pui-bg-muted: #efeff1;
  --pui-surface: #ffffff;
  --pui-surface-raised: #ffffff;
  --pui-surface-hover: #f4f4f5;
  --pui-surface-active: #ebebed;
  --pui-border: #e4e4e7;
  --pui-border-strong: #d1d1d6;
  --pui-text: #18181b;
  --pui-text-muted: #52525b;
  --pui-text-subtle: #6b6b74;
  --pui-text-on-accent: #ffffff;
  --pui-text-on-danger: #ffffff;

  --pui-accent: #047857;
  --pui-accent-hover: #065f46;
  --pui-accent-text: #047857;
  --pui-accent-subtle: #ecfdf5;
  --pui-accent-border: #a7f3d0;

  --pui-danger: #dc2626;
  --pui-danger-hover: #b91c1c;
  --pui-danger-text: #b91c1c;
  --pui-danger-subtle: #fef2f2;
  --pui-danger-border: #fecaca;

  --pui-warning-text: #92400e;
  --pui-warning-subtle: #fffbeb;
  --pui-warning-border: #fcd98a;

  --pui-info-text: #1d4ed8;
  --pui-info-subtle: #eff6ff;
  --pui-info-border: #bfdbfe;

  --pui-success-text: #047857;
  --pui-success-subtle: #ecfdf5;
  --pui-success-border: #a7f3d0;

  --pui-focus: #047857;
  --pui-overlay: rgba(24, 24, 27, 0.45);
  --pui-code-bg: #f4f4f5;

  --pui-shadow-sm: 0 1px 2px rgba(16, 16, 20, 0.06);
  --pui-shadow-md: 0 2px 4px rgba(16, 16, 20, 0.04), 0 4px 12px rgba(16, 16, 20, 0.08);
  --pui-shadow-lg: 0 4px 8px rgba(16, 16, 20, 0.04), 0 16px 40px rgba(16, 16, 20, 0.16);
`;

const dark = `
  color-scheme: dark;
  --pui-bg: #111113;
  --pui-bg-subtle: #161618;
  --pui-bg-muted: #1d1d20;
  --pui-surface: #18181b;
  --pui-surface-raised: #1f1f23;
  --pui-surface-hover: #26262b;
  --pui-surface-active: #2e2e34;
  --pui-border: #2a2a30;
  --pui-border-strong: #3d3d45;
  --pui-text: #ededef;
  --pui-text-muted: #a8a8b1;
  --pui-text-subtle: #8d8d96;
  --pui-text-on-accent: #03231a;
  --pui-text-on-danger: #ffffff;

  --pui-accent: #34c58f;
  --pui-accent-hover: #5fd6a8;
  --pui-accent-text: #4ade9f;
  --pui-accent-subtle: rgba(52, 197, 143, 0.12);
  --pui-accent-border: rgba(52, 197, 143, 0.35);

  --pui-danger: #dc2626;
  --pui-danger-hover: #ef4444;
  --pui-danger-text: #f87171;
  --pui-danger-subtle: rgba(239, 68, 68, 0.12);
  --pui-danger-border: rgba(239, 68, 68, 0.38);

  --pui-warning-text: #fbbf24;
  --pui-warning-subtle: rgba(245, 158, 11, 0.12);
  --pui-warning-border: rgba(245, 158, 11, 0.35);

  --pui-info-text: #7cb1ff;
  --pui-info-subtle: rgba(59, 130, 246, 0.14);
  --pui-info-border: rgba(59, 130, 246, 0.38);

  --pui-success-text: #4ade9f;
  --pui-success-subtle: rgba(52, 197, 143, 0.12);
  --pui-success-border: rgba(52, 197, 143, 0.35);

  --pui-focus: #4ade9f;
  --pui-overlay: rgba(0, 0, 0, 0.6);
  --pui-code-bg: #1d1d21;

  --pui-shadow-sm: 0 1px 2px rgba(0, 0, 0, 0.4);
  --pui-shadow-md: 0 2px 4px rgba(0, 0, 0, 0.3), 0 4px 12px rgba(0, 0, 0, 0.35);
  --pui-shadow-lg: 0 4px 8px rgba(0, 0, 0, 0.3), 0 16px 40px rgba(0, 0, 0, 0.5);
`;

export const tokensCss = `
:root {${shared}${light}}
@media (prefers-color-scheme: dark) {
  :root:not([data-theme="light"]) {${dark}}
}
:root[data-theme="dark"] {${dark}}
:root[data-theme="light"] {${light}}
`;
