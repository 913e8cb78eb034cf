export const feedbackCss = `
.pui-toast-viewport {
  position: fixed;
  right: var(--pui-space-4);
  bottom: var(--pui-space-4);
  z-index: var(--pui-z-toast);
  display: flex;
  flex-direction: column;
  gap: var(--pui-space-2);
  width: min(24rem, calc(100vw - 2rem));
  margin: 0;
  padding: 0;
  list-style: none;
  pointer-events: none;
}
.pui-toast {
  display: flex;
  align-items: flex-start;
  gap: var(--pui-space-3);
  padding: var(--pui-space-3) var(--pui-space-3) var(--pui-space-3) var(--pui-space-4);
  background: var(--pui-surface-raised);
  color: var(--pui-text);
  border: 1px solid var(--pui-border);
  border-radius: var(--pui-radius-lg);
  box-shadow: var(--pui-shadow-lg);
  font-size: var(--pui-text-md);
  pointer-events: auto;
  animation: pui-slide-in 200ms var(--pui-ease);
}
.pui-toast__icon { display: flex; font-size: 1.125rem; margin-top: 1px; }
.pui-toast--success .pui-toast__icon { color: var(--pui-success-text); }
.pui-toast--error .pui-toast__icon { color: var(--pui-danger-text); }
.pui-toast--info .pui-toast__icon { color: var(--pui-info-text); }
.pui-toast--error { border-color: var(--pui-danger-border); }
.pui-toast__content { flex: 1; min-width: 0; padding-top: 1px; }
.pui-toast__title { font-weight: var(--pui-weight-semibold); }
.pui-toast__message { color: var(--pui-text); overflow-wrap: anywhere; }
.pui-toast__title + .pui-toast__message { margin-top: 2px; color: var(--pui-text-muted); }
.pui-toast__action { margin-top: var(--pui-space-2); }
.pui-toast__close { margin: -4px -4px -4px 0; }

.pui-progress { display: flex; flex-direction: column; gap: var(--pui-space-1); width: 100%; }
.pui-progress__meta { display: flex; justify-content: space-between; gap: var(--pui-space-2); font-size: var(--pui-text-sm); }
.pui-progress__label { color: var(--pui-text); font-weight: var(--pui-weight-medium); min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.pui-progress__value { color: var(--pui-text-muted); font-variant-numeric: tabular-nums; }
.pui-progress__track {
  position: relative;
  height: 0.375rem;
  border-radius: var(--pui-radius-full);
  background: var(--pui-bg-muted);
  box-shadow: inset 0 0 0 1px var(--pui-border);
  overflow: hidden;
}
.pui-progress--sm .pui-progress__track { height: 0.25rem; }
.pui-progress__bar {
  height: 100%;
  border-radius: inherit;
  background: var(--pui-accent);
  transition: width 200ms var(--pui-ease);
}
.pui-progress--danger .pui-progress__bar { background: var(--pui-danger); }
.pui-progress__bar--indeterminate { width: 40%; animation: pui-indeterminate 1.2s var(--pui-ease) infinite; }

.pui-spinner {
  display: inline-block;
  flex: none;
  width: 1rem;
  height: 1rem;
  border: 2px solid currentColor;
  border-right-color: transparent;
  border-radius: 50%;
  animation: pui-spin 0.7s linear infinite;
  vertical-align: middle;
  opacity: 0.85;
}
.pui-spinner--sm { width: 0.75rem; height: 0.75rem; border-width: 1.5px; }
.pui-spinner--lg { width: 1.5rem; height: 1.5rem; border-width: 2.5px; }
.pui-spinner-wrap { display: inline-flex; align-items: center; gap: var(--pui-space-2); color: var(--pui-text-muted); }

.pui-state {
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: var(--pui-space-2);
  padding: var(--pui-space-10) var(--pui-space-6);
  text-align: center;
  color: var(--pui-text-muted);
}
.pui-state--compact { padding: var(--pui-space-6) var(--pui-space-4); }
.pui-state__icon {
  display: flex;
  align-items: center;
  justify-content: center;
  width: 2.75rem;
  height: 2.75rem;
  margin-bottom: var(--pui-space-1);
  border-radius: var(--pui-radius-lg);
  background: var(--pui-bg-muted);
  border: 1px solid var(--pui-border);
  color: var(--pui-text-muted);
  font-size: 1.25rem;
}
.pui-state--error .pui-state__icon { background: var(--pui-danger-subtle); border-color: var(--pui-danger-border); color: var(--pui-danger-text); }
.pui-state__title { margin: 0; color: var(--pui-text); font-size: var(--pui-text-lg); font-weight: var(--pui-weight-semibold); line-height: var(--pui-leading-tight); }
.pui-state__message { margin: 0; max-width: 42ch; overflow-wrap: anywhere; }
.pui-state__actions { display: flex; gap: var(--pui-space-2); margin-top: var(--pui-space-3); flex-wrap: wrap; justify-content: center; }
.pui-state__details { margin-top: var(--pui-space-2); max-width: min(40rem, 100%); text-align: left; font-size: var(--pui-text-sm); }
.pui-state__details summary { cursor: pointer; color: var(--pui-text-muted); }
.pui-state__details pre {
  margin: var(--pui-space-2) 0 0;
  padding: var(--pui-space-2) var(--pui-space-3);
  background: var(--pui-code-bg);
  border: 1px solid var(--pui-border);
  border-radius: var(--pui-radius-md);
  font-family: var(--pui-font-mono);
  font-size: var(--pui-text-xs);
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  color: var(--pui-text);
}

.pui-alert {
  display: flex;
  align-items: flex-start;
  gap: var(--pui-space-3);
  padding: var(--pui-space-3) var(--pui-space-4);
  border: 1px solid var(--pui-info-border);
  border-radius: var(--pui-radius-lg);
  background: var(--pui-info-subtle);
  color: var(--pui-text);
  font-size: var(--pui-text-md);
}
.pui-alert__icon { display: flex; font-size: 1.125rem; margin-top: 1px; color: var(--pui-info-text); }
.pui-alert--success { border-color: var(--pui-success-border); background: var(--pui-success-subtle); }
.pui-alert--success .pui-alert__icon { color: var(--pui-success-text); }
.pui-alert--warning { border-color: var(--pui-warning-border); background: var(--pui-warning-subtle); }
.pui-alert--warning .pui-alert__icon { color: var(--pui-warning-text); }
.pui-alert--error { border-color: var(--pui-danger-border); background: var(--pui-danger-subtle); }
.pui-alert--error .pui-alert__icon { color: var(--pui-danger-text); }
.pui-alert__content { flex: 1; min-width: 0; overflow-wrap: anywhere; }
.pui-alert__title { margin: 0; font-weight: var(--pui-weight-semibold); line-height: var(--pui-leading); }
.pui-alert__body { color: var(--pui-text-muted); }
.pui-alert__content > .pui-alert__body:only-child { color: var(--pui-text); }
.pui-alert__actions { display: flex; gap: var(--pui-space-2); margin-top: var(--pui-space-2); }
.pui-alert__close { margin: -4px -8px -4px 0; }

.pui-skeleton {
  display: block;
  height: 0.875rem;
  border-radius: var(--pui-radius-sm);
  background: var(--pui-surface-active);
  animation: pui-shimmer 1.4s ease-in-out infinite;
}
@media (forced-colors: active) {
  .pui-progress__track { border: 1px solid CanvasText; }
  .pui-progress__bar { background: Highlight; }
  .pui-spinner { border-right-color: Canvas; }
  .pui-skeleton { background: GrayText; }
}
`;
