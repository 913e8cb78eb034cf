// Page defaults and the shared focus ring. Everything else is scoped to `pui-` classes.
export const baseCss = `
html {
  background: var(--pui-bg);
  color: var(--pui-text);
  font-family: var(--pui-font-sans);
  font-size: 100%;
  -webkit-text-size-adjust: 100%;
}
body {
  margin: 0;
  background: var(--pui-bg);
  color: var(--pui-text);
  font-family: var(--pui-font-sans);
  font-size: var(--pui-text-md);
  line-height: var(--pui-leading);
  -webkit-font-smoothing: antialiased;
  -moz-osx-font-smoothing: grayscale;
}
[class^="pui-"], [class*=" pui-"],
[class^="pui-"]::before, [class*=" pui-"]::before,
[class^="pui-"]::after, [class*=" pui-"]::after {
  box-sizing: border-box;
}
[class^="pui-"]:focus-visible, [class*=" pui-"]:focus-visible {
  outline: 2px solid var(--pui-focus);
  outline-offset: 2px;
}
.pui-visually-hidden {
  position: absolute !important;
  width: 1px !important;
  height: 1px !important;
  padding: 0 !important;
  margin: -1px !important;
  overflow: hidden !important;
  clip: rect(0, 0, 0, 0) !important;
  white-space: nowrap !important;
  border: 0 !important;
}
.pui-icon {
  flex: none;
  width: 1em;
  height: 1em;
  vertical-align: -0.125em;
}
@keyframes pui-spin { to { transform: rotate(360deg); } }
@keyframes pui-fade-in { from { opacity: 0; } to { opacity: 1; } }
@keyframes pui-pop-in {
  from { opacity: 0; transform: translateY(4px) scale(0.98); }
  to { opacity: 1; transform: none; }
}
@keyframes pui-slide-in {
  from { opacity: 0; transform: translateY(8px); }
  to { opacity: 1; transform: none; }
}
@keyframes pui-indeterminate {
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
}
@keyframes pui-shimmer {
  0% { opacity: 0.55; }
  50% { opacity: 1; }
  100% { opacity: 0.55; }
}
@media (prefers-reduced-motion: reduce) {
  [class^="pui-"], [class*=" pui-"] {
    animation-duration: 1ms !important;
    animation-iteration-count: 1 !important;
    transition-duration: 1ms !important;
  }
  .pui-spinner, .pui-progress__bar--indeterminate {
    animation-duration: 1.5s !important;
    animation-iteration-count: infinite !important;
  }
}
`;
