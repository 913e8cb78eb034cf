import type { StylePart } from '../styles/parts.js';
import { darkThemeRules } from '../styles/darkTheme.js';

// In dark the accent is light, so the checkbox tick and dash turn dark to keep their contrast.
const darkTick = `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 12 12'%3E%3Cpath d='M2.5 6.2 5 8.6l4.6-5' fill='none' stroke='%2303231a' stroke-width='1.8' stroke-linecap='round' stroke-linejoin='round'/%3E%3C/svg%3E")`;
const darkDash = `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 12 12'%3E%3Cpath d='M3 6h6' stroke='%2303231a' stroke-width='1.8' stroke-linecap='round'/%3E%3C/svg%3E")`;

export const formsCss = `
.pui-form { display: flex; flex-direction: column; gap: var(--pui-space-4); }
.pui-form__actions { display: flex; gap: var(--pui-space-2); justify-content: flex-end; flex-wrap: wrap; padding-top: var(--pui-space-1); }
.pui-form__actions--start { justify-content: flex-start; }

.pui-field { display: flex; flex-direction: column; gap: var(--pui-space-1); min-width: 0; }
.pui-field__label {
  font-size: var(--pui-text-sm);
  font-weight: var(--pui-weight-medium);
  color: var(--pui-text);
  line-height: var(--pui-leading-tight);
  padding-bottom: 2px;
}
.pui-field__required { color: var(--pui-danger-text); margin-left: 2px; }
.pui-field__optional { color: var(--pui-text-subtle); font-weight: var(--pui-weight-regular); margin-left: var(--pui-space-1); }
.pui-field__hint { margin: 0; font-size: var(--pui-text-sm); color: var(--pui-text-muted); }
.pui-field__error {
  display: flex;
  align-items: flex-start;
  gap: var(--pui-space-1);
  margin: 0;
  font-size: var(--pui-text-sm);
  color: var(--pui-danger-text);
}
.pui-field__error .pui-icon { margin-top: 0.15em; }

.pui-input-wrap {
  position: relative;
  display: flex;
  align-items: center;
  width: 100%;
  min-width: 0;
  height: var(--pui-control-md);
  background: var(--pui-surface);
  border: 1px solid var(--pui-border-control);
  border-radius: var(--pui-radius-md);
  box-shadow: var(--pui-shadow-sm);
  color: var(--pui-text);
  transition: border-color var(--pui-duration) var(--pui-ease), box-shadow var(--pui-duration) var(--pui-ease);
}
.pui-input-wrap--sm { height: var(--pui-control-sm); }
.pui-input-wrap--lg { height: var(--pui-control-lg); }
.pui-input-wrap:hover { border-color: var(--pui-text-subtle); }
.pui-input-wrap:focus-within {
  border-color: var(--pui-focus);
  box-shadow: 0 0 0 3px color-mix(in srgb, var(--pui-focus) 22%, transparent);
}
.pui-input-wrap[data-invalid="true"] { border-color: var(--pui-danger); }
.pui-input-wrap[data-invalid="true"]:focus-within { box-shadow: 0 0 0 3px color-mix(in srgb, var(--pui-danger) 22%, transparent); }
.pui-input-wrap[data-disabled="true"] { background: var(--pui-bg-muted); opacity: 0.7; cursor: not-allowed; }
.pui-input {
  flex: 1;
  width: 100%;
  min-width: 0;
  height: 100%;
  padding: 0 var(--pui-space-3);
  border: 0;
  background: transparent;
  color: inherit;
  font-family: inherit;
  font-size: var(--pui-text-md);
  line-height: var(--pui-leading);
  outline: none;
}
.pui-input-wrap--sm .pui-input { font-size: var(--pui-text-sm); padding: 0 var(--pui-space-2); }
.pui-input:disabled { cursor: not-allowed; }
.pui-input::placeholder { color: var(--pui-text-subtle); opacity: 1; }
.pui-input--mono { font-family: var(--pui-font-mono); font-size: var(--pui-text-sm); }
.pui-input[type="number"] { font-variant-numeric: tabular-nums; }
.pui-input[type="datetime-local"], .pui-input[type="date"], .pui-input[type="time"] { font-variant-numeric: tabular-nums; }
.pui-input::-webkit-calendar-picker-indicator { opacity: 0.6; cursor: pointer; }
${darkThemeRules((root) => `${root} .pui-input::-webkit-calendar-picker-indicator { filter: invert(1); }`)}
.pui-input-adornment {
  display: flex;
  align-items: center;
  color: var(--pui-text-subtle);
  flex: none;
}
.pui-input-adornment--start { padding-left: var(--pui-space-3); margin-right: calc(-1 * var(--pui-space-1)); }
.pui-input-adornment--end { padding-right: var(--pui-space-1); }
.pui-input-adornment--end:not(:has(button)) { padding-right: var(--pui-space-3); }
.pui-input-adornment .pui-button { height: calc(100% - 6px); }

.pui-textarea-wrap { height: auto; }
.pui-textarea {
  padding: var(--pui-space-2) var(--pui-space-3);
  resize: vertical;
  min-height: 4.5rem;
  height: auto;
}

.pui-select-wrap { cursor: pointer; }
.pui-inline > .pui-input-wrap { width: auto; flex: 0 1 auto; }
.pui-select-wrap .pui-input.pui-select { padding-right: 2rem; }
.pui-select {
  appearance: none;
  -webkit-appearance: none;
  padding-right: var(--pui-space-8);
  cursor: inherit;
}
.pui-select option { background: var(--pui-surface); color: var(--pui-text); }
.pui-select-wrap__chevron {
  position: absolute;
  right: var(--pui-space-2);
  pointer-events: none;
  color: var(--pui-text-subtle);
  font-size: 1rem;
  display: flex;
}

.pui-choice {
  display: inline-flex;
  align-items: flex-start;
  gap: var(--pui-space-2);
  cursor: pointer;
  color: var(--pui-text);
  font-size: var(--pui-text-md);
  line-height: var(--pui-leading-tight);
}
.pui-choice[data-disabled="true"] { cursor: not-allowed; opacity: 0.55; }
.pui-choice__text { display: flex; flex-direction: column; gap: 2px; padding-top: 1px; }
.pui-choice__label { cursor: inherit; }
.pui-choice__description { font-size: var(--pui-text-sm); color: var(--pui-text-muted); line-height: var(--pui-leading); cursor: default; }

.pui-checkbox {
  appearance: none;
  -webkit-appearance: none;
  flex: none;
  margin: 0;
  width: 1rem;
  height: 1rem;
  border: 1px solid var(--pui-border-control);
  border-radius: var(--pui-radius-sm);
  background: var(--pui-surface) center / 0.75rem 0.75rem no-repeat;
  box-shadow: var(--pui-shadow-sm);
  cursor: inherit;
  transition: background-color var(--pui-duration) var(--pui-ease), border-color var(--pui-duration) var(--pui-ease);
}
.pui-checkbox:hover:not(:disabled) { border-color: var(--pui-text-subtle); }
.pui-checkbox:checked, .pui-checkbox:indeterminate { background-color: var(--pui-accent); border-color: var(--pui-accent); }
.pui-checkbox:checked {
  background-image: url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 12 12'%3E%3Cpath d='M2.5 6.2 5 8.6l4.6-5' fill='none' stroke='white' stroke-width='1.8' stroke-linecap='round' stroke-linejoin='round'/%3E%3C/svg%3E");
}
.pui-checkbox:indeterminate {
  background-image: url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 12 12'%3E%3Cpath d='M3 6h6' stroke='white' stroke-width='1.8' stroke-linecap='round'/%3E%3C/svg%3E");
}
${darkThemeRules(
  (root) => `${root} .pui-checkbox:checked { background-image: ${darkTick}; }
${root} .pui-checkbox:indeterminate { background-image: ${darkDash}; }`,
)}
.pui-checkbox[aria-invalid="true"] { border-color: var(--pui-danger); }
.pui-checkbox:focus-visible { outline: 2px solid var(--pui-focus); outline-offset: 2px; }
.pui-choice .pui-checkbox { margin-top: 1px; }

.pui-switch {
  appearance: none;
  -webkit-appearance: none;
  position: relative;
  flex: none;
  margin: 0;
  width: 2.25rem;
  height: 1.25rem;
  border-radius: var(--pui-radius-full);
  background: var(--pui-border-control);
  cursor: inherit;
  transition: background-color var(--pui-duration) var(--pui-ease);
}
.pui-switch::before {
  content: "";
  position: absolute;
  top: 2px;
  left: 2px;
  width: 1rem;
  height: 1rem;
  border-radius: 50%;
  background: #fff;
  box-shadow: 0 1px 2px rgba(0, 0, 0, 0.3);
  transition: transform var(--pui-duration) var(--pui-ease);
}
.pui-switch:checked { background: var(--pui-accent); }
.pui-switch:checked::before { transform: translateX(1rem); }
.pui-switch:focus-visible { outline: 2px solid var(--pui-focus); outline-offset: 2px; }
.pui-choice .pui-switch { margin-top: -1px; }

.pui-file-drop {
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: var(--pui-space-2);
  padding: var(--pui-space-8) var(--pui-space-4);
  border: 1.5px dashed var(--pui-border-strong);
  border-radius: var(--pui-radius-lg);
  background: var(--pui-bg-subtle);
  color: var(--pui-text-muted);
  text-align: center;
  transition: border-color var(--pui-duration) var(--pui-ease), background-color var(--pui-duration) var(--pui-ease);
}
.pui-file-drop[data-dragging="true"] { border-color: var(--pui-accent); background: var(--pui-accent-subtle); }
.pui-file-drop[data-disabled="true"] { opacity: 0.6; }
.pui-file-drop__icon { font-size: 1.75rem; color: var(--pui-text-subtle); }
.pui-file-drop__title { color: var(--pui-text); font-weight: var(--pui-weight-medium); }
.pui-file-drop__hint { font-size: var(--pui-text-sm); }
/* Forced colours (a Windows contrast theme): the browser paints every colour in the person's few
   system colours and drops shadows, so a state drawn by a colour or a shadow alone is not seen. The
   focus ring and what is chosen are drawn in system colours here, which the browser keeps. */
@media (forced-colors: active) {
  .pui-input-wrap:focus-within { outline: 2px solid Highlight; outline-offset: 1px; }
  .pui-checkbox { appearance: auto; -webkit-appearance: auto; background-image: none; }
  .pui-switch { border: 1px solid ButtonText; background: Canvas; }
  .pui-switch::before { top: 1px; left: 1px; background: ButtonText; box-shadow: none; }
  .pui-switch:checked { border-color: Highlight; background: Highlight; }
  .pui-switch:checked::before { background: HighlightText; }
  .pui-file-drop[data-dragging="true"] { border-style: solid; border-color: Highlight; }
}
`;

/** The forms group's part of the stylesheet (between the buttons' and the data components' rules). */
export const formsPart: StylePart = { name: 'forms', css: formsCss };
