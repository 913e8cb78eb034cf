import { themeSwitchCss } from './instantThemeSwitch.js';

export const themeCss = `${themeSwitchCss}.pui-theme-toggle {
  display: inline-flex;
  align-items: center;
  gap: 2px;
  padding: 2px;
  border: 1px solid var(--pui-border);
  border-radius: var(--pui-radius-full);
  background: var(--pui-bg-subtle);
}
.pui-theme-toggle__option {
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 1.625rem;
  height: 1.625rem;
  padding: 0;
  border: 0;
  border-radius: var(--pui-radius-full);
  background: transparent;
  color: var(--pui-text-subtle);
  font-size: 0.875rem;
  cursor: pointer;
  transition: background-color var(--pui-duration) var(--pui-ease), color var(--pui-duration) var(--pui-ease);
}
.pui-theme-toggle__option:hover { color: var(--pui-text); }
.pui-theme-toggle__option[aria-checked="true"] { background: var(--pui-surface-raised); color: var(--pui-text); box-shadow: var(--pui-shadow-sm), 0 0 0 1px var(--pui-border); }
@media (forced-colors: active) {
  .pui-theme-toggle__option[aria-checked="true"] { forced-color-adjust: none; background: Highlight; color: HighlightText; outline-color: CanvasText; }
}
`;
