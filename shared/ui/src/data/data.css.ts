export const dataCss = `
.pui-badge {
  display: inline-flex;
  align-items: center;
  gap: var(--pui-space-1);
  height: 1.375rem;
  padding: 0 var(--pui-space-2);
  border: 1px solid var(--pui-border);
  border-radius: var(--pui-radius-full);
  background: var(--pui-bg-muted);
  color: var(--pui-text-muted);
  font-size: var(--pui-text-xs);
  font-weight: var(--pui-weight-medium);
  line-height: 1;
  white-space: nowrap;
  vertical-align: middle;
}
.pui-badge--accent, .pui-badge--success { background: var(--pui-success-subtle); color: var(--pui-success-text); border-color: var(--pui-success-border); }
.pui-badge--info { background: var(--pui-info-subtle); color: var(--pui-info-text); border-color: var(--pui-info-border); }
.pui-badge--warning { background: var(--pui-warning-subtle); color: var(--pui-warning-text); border-color: var(--pui-warning-border); }
.pui-badge--danger { background: var(--pui-danger-subtle); color: var(--pui-danger-text); border-color: var(--pui-danger-border); }
.pui-badge__dot { width: 6px; height: 6px; border-radius: 50%; background: currentColor; }

.pui-avatar {
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: 2rem;
  height: 2rem;
  border-radius: 50%;
  overflow: hidden;
  background: var(--pui-avatar-bg, var(--pui-bg-muted));
  color: #fff;
  font-size: var(--pui-text-sm);
  font-weight: var(--pui-weight-semibold);
  line-height: 1;
  user-select: none;
  box-shadow: 0 0 0 1px var(--pui-border);
}
.pui-avatar--sm { width: 1.5rem; height: 1.5rem; font-size: 0.625rem; }
.pui-avatar--lg { width: 2.75rem; height: 2.75rem; font-size: var(--pui-text-lg); }
.pui-avatar__image { width: 100%; height: 100%; object-fit: cover; }
.pui-avatar__initials::before { content: attr(data-initials); }
.pui-avatar__status {
  position: absolute;
  right: -1px;
  bottom: -1px;
  width: 30%;
  height: 30%;
  border-radius: 50%;
  border: 2px solid var(--pui-surface);
  background: var(--pui-text-subtle);
}
.pui-avatar-wrap { position: relative; display: inline-flex; flex: none; border-radius: 50%; }
.pui-avatar--more { background: var(--pui-bg-muted); color: var(--pui-text-muted); font-size: var(--pui-text-xs); }
.pui-avatar-wrap .pui-avatar__status[data-status="online"] { background: #22c55e; }
.pui-avatar-wrap .pui-avatar__status[data-status="away"] { background: #f59e0b; }
.pui-avatar-group { display: inline-flex; }
.pui-avatar-group > * + * { margin-left: -0.5rem; }
.pui-avatar-group .pui-avatar { box-shadow: 0 0 0 2px var(--pui-surface); }

.pui-code {
  padding: 0.1em 0.35em;
  border-radius: var(--pui-radius-sm);
  background: var(--pui-code-bg);
  border: 1px solid var(--pui-border);
  font-family: var(--pui-font-mono);
  font-size: 0.875em;
  color: var(--pui-text);
  word-break: break-word;
}
.pui-code-block {
  position: relative;
  border: 1px solid var(--pui-border);
  border-radius: var(--pui-radius-lg);
  background: var(--pui-code-bg);
  min-width: 0;
}
.pui-code-block__header {
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: var(--pui-space-2);
  padding: var(--pui-space-1) var(--pui-space-1) var(--pui-space-1) var(--pui-space-3);
  border-bottom: 1px solid var(--pui-border);
  color: var(--pui-text-muted);
  font-size: var(--pui-text-xs);
  font-weight: var(--pui-weight-medium);
}
.pui-code-block__pre {
  margin: 0;
  padding: var(--pui-space-3) var(--pui-space-4);
  overflow: auto;
  font-family: var(--pui-font-mono);
  font-size: var(--pui-text-sm);
  line-height: 1.6;
  color: var(--pui-text);
  tab-size: 2;
}
.pui-code-block--floating-copy { display: flex; align-items: flex-start; }
.pui-code-block--floating-copy .pui-code-block__pre { flex: 1; min-width: 0; padding-right: var(--pui-space-2); }
.pui-code-block--floating-copy > .pui-icon-button { flex: none; margin: var(--pui-space-2) var(--pui-space-2) 0 0; }
.pui-code-block--wrap .pui-code-block__pre { white-space: pre-wrap; word-break: break-word; }
.pui-code-block__pre:focus-visible { outline: 2px solid var(--pui-focus); outline-offset: -2px; border-radius: var(--pui-radius-lg); }

.pui-description-list { display: grid; grid-template-columns: minmax(8rem, max-content) 1fr; gap: var(--pui-space-2) var(--pui-space-6); margin: 0; font-size: var(--pui-text-md); }
.pui-description-list dt { color: var(--pui-text-muted); }
.pui-description-list dd { margin: 0; min-width: 0; overflow-wrap: anywhere; }
@media (forced-colors: active) {
  /* Presence by fill, not hue: online filled, away a ring, offline grey. */
  .pui-avatar-wrap .pui-avatar__status { border-color: Canvas; background: GrayText; }
  .pui-avatar-wrap .pui-avatar__status[data-status="online"] { background: CanvasText; }
  .pui-avatar-wrap .pui-avatar__status[data-status="away"] { border-color: CanvasText; background: Canvas; }
}
`;
