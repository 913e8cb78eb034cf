import type { StylePart } from '../styles/parts.js';

export const overlaysCss = `
.pui-dialog-overlay {
  position: fixed;
  inset: 0;
  z-index: var(--pui-z-overlay);
  display: flex;
  align-items: flex-start;
  justify-content: center;
  padding: 12vh var(--pui-space-4) var(--pui-space-4);
  background: var(--pui-overlay);
  overflow-y: auto;
  animation: pui-fade-in var(--pui-duration) var(--pui-ease);
}
.pui-dialog {
  position: relative;
  display: flex;
  flex-direction: column;
  width: 100%;
  max-width: 32rem;
  max-height: calc(100vh - 16vh);
  background: var(--pui-surface-raised);
  color: var(--pui-text);
  border: 1px solid var(--pui-border);
  border-radius: var(--pui-radius-xl);
  box-shadow: var(--pui-shadow-lg);
  font-family: var(--pui-font-sans);
  font-size: var(--pui-text-md);
  line-height: var(--pui-leading);
  animation: pui-pop-in 180ms var(--pui-ease);
}
.pui-dialog--sm { max-width: 26rem; }
.pui-dialog--lg { max-width: 44rem; }
.pui-dialog--xl { max-width: 64rem; }
.pui-dialog:focus { outline: none; }
.pui-dialog__header {
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: var(--pui-space-3);
  padding: var(--pui-space-5) var(--pui-space-5) 0;
}
.pui-dialog__title {
  margin: 0;
  font-size: var(--pui-text-lg);
  font-weight: var(--pui-weight-semibold);
  line-height: var(--pui-leading-tight);
  padding-top: var(--pui-space-1);
}
.pui-dialog__description { margin: var(--pui-space-1) 0 0; color: var(--pui-text-muted); }
.pui-dialog__close { margin: -2px -6px 0 0; }
.pui-dialog__body { padding: var(--pui-space-4) var(--pui-space-5); overflow-y: auto; }
.pui-dialog__footer {
  display: flex;
  justify-content: flex-end;
  flex-wrap: wrap;
  gap: var(--pui-space-2);
  padding: var(--pui-space-3) var(--pui-space-5);
  border-top: 1px solid var(--pui-border);
  background: var(--pui-bg-subtle);
  border-radius: 0 0 var(--pui-radius-xl) var(--pui-radius-xl);
}
.pui-confirm__body { display: flex; gap: var(--pui-space-3); align-items: flex-start; }
.pui-confirm__icon {
  flex: none;
  display: flex;
  align-items: center;
  justify-content: center;
  width: 2.25rem;
  height: 2.25rem;
  border-radius: 50%;
  font-size: 1.125rem;
  background: var(--pui-info-subtle);
  color: var(--pui-info-text);
}
.pui-confirm__text { flex: 1; min-width: 0; padding-top: var(--pui-space-2); }
.pui-confirm__error { margin-top: var(--pui-space-3); }
.pui-confirm__icon--danger { background: var(--pui-danger-subtle); color: var(--pui-danger-text); }
body.pui-scroll-locked { overflow: hidden; }
`;

/** The overlays group's part of the stylesheet. */
export const overlaysPart: StylePart = { name: 'overlays', css: overlaysCss };
