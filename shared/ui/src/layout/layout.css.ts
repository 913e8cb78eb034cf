import { DRAWER_MEDIA } from './drawer.js';

export const layoutCss = `
.pui-app {
  min-height: 100vh;
  display: flex;
  flex-direction: column;
  background: var(--pui-bg);
  color: var(--pui-text);
  font-family: var(--pui-font-sans);
  font-size: var(--pui-text-md);
  line-height: var(--pui-leading);
}
.pui-skip-link {
  position: absolute;
  left: var(--pui-space-3);
  top: -100px;
  z-index: calc(var(--pui-z-header) + 1);
  padding: var(--pui-space-2) var(--pui-space-3);
  border-radius: var(--pui-radius-md);
  background: var(--pui-surface-raised);
  color: var(--pui-text);
  box-shadow: var(--pui-shadow-md);
  font-weight: var(--pui-weight-medium);
  text-decoration: none;
}
.pui-skip-link:focus { top: var(--pui-space-2); }
.pui-app__header {
  position: sticky;
  top: 0;
  z-index: var(--pui-z-header);
  display: flex;
  align-items: center;
  gap: var(--pui-space-3);
  height: var(--pui-header-height);
  padding: 0 var(--pui-space-4);
  background: color-mix(in srgb, var(--pui-bg) 88%, transparent);
  backdrop-filter: saturate(1.4) blur(8px);
  border-bottom: 1px solid var(--pui-border);
}
.pui-app__brand {
  display: flex;
  align-items: center;
  gap: var(--pui-space-2);
  font-weight: var(--pui-weight-semibold);
  font-size: var(--pui-text-md);
  color: var(--pui-text);
  white-space: nowrap;
}
.pui-app__header-content { flex: 1; min-width: 0; overflow: hidden; display: flex; align-items: center; gap: var(--pui-space-3); }
.pui-app__actions { display: flex; align-items: center; gap: var(--pui-space-2); margin-left: auto; }
/* The drawer toggle exists only where the nav is a drawer (AppShell also leaves it out). */
.pui-app__header .pui-app__nav-toggle { display: none; }
.pui-app__body { flex: 1; display: flex; min-height: 0; }
.pui-app__sidebar {
  flex: none;
  width: var(--pui-sidebar-width);
  border-right: 1px solid var(--pui-border);
  background: var(--pui-bg-subtle);
}
/* The column runs the page's full height; its content sticks under the header. */
.pui-app__sidebar-inner {
  position: sticky;
  top: var(--pui-header-height);
  max-height: calc(100vh - var(--pui-header-height));
  overflow-y: auto;
  padding: var(--pui-space-3) var(--pui-space-2);
}
.pui-app__backdrop { display: none; }
.pui-app__main {
  flex: 1;
  min-width: 0;
  padding: var(--pui-space-6) var(--pui-space-8) var(--pui-space-12);
}
.pui-app__main:focus { outline: none; }
@media ${DRAWER_MEDIA} {
  .pui-app__header .pui-app__nav-toggle { display: inline-flex; }
  .pui-app__sidebar {
    position: fixed;
    z-index: var(--pui-z-overlay);
    top: var(--pui-header-height);
    left: 0;
    bottom: 0;
    background: var(--pui-surface);
    box-shadow: var(--pui-shadow-lg);
    transform: translateX(-105%);
    transition: transform var(--pui-duration) var(--pui-ease);
    visibility: hidden;
  }
  .pui-app__sidebar[data-open="true"] { transform: none; visibility: visible; }
  .pui-app__backdrop[data-open="true"] {
    display: block;
    position: fixed;
    inset: var(--pui-header-height) 0 0 0;
    z-index: calc(var(--pui-z-overlay) - 1);
    background: var(--pui-overlay);
    animation: pui-fade-in var(--pui-duration) var(--pui-ease);
  }
  .pui-app__main { padding: var(--pui-space-4) var(--pui-space-4) var(--pui-space-10); }
}
/* Narrower than a phone (WCAG's reflow width: a 1280 px window zoomed to 400% is 320 px): the
   header's margins and gaps give way, so its environment badge keeps its width beside the longest
   word an app puts there (the shell's "Reconnecting…"). */
@media (max-width: 22rem) {
  .pui-app__header { gap: var(--pui-space-2); padding: 0 var(--pui-space-2); }
  .pui-app__header-content { gap: var(--pui-space-2); }
}

.pui-page-header {
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: var(--pui-space-4);
  margin-bottom: var(--pui-space-6);
}
.pui-stack > .pui-page-header { margin-bottom: 0; }
.pui-page-header__text { min-width: 0; }
.pui-page-header__title {
  margin: 0;
  font-size: var(--pui-text-2xl);
  line-height: var(--pui-leading-tight);
  font-weight: var(--pui-weight-semibold);
  letter-spacing: -0.015em;
  color: var(--pui-text);
  /* A title may carry what a person typed (their email address, a project's name): it breaks rather than push the page sideways. */
  overflow-wrap: anywhere;
}
.pui-page-header__description { margin: var(--pui-space-1) 0 0; color: var(--pui-text-muted); max-width: 65ch; overflow-wrap: anywhere; }
.pui-page-header__actions { display: flex; gap: var(--pui-space-2); align-items: center; }

.pui-stack { display: flex; flex-direction: column; }
.pui-inline { display: flex; flex-direction: row; flex-wrap: wrap; }
.pui-inline--nowrap { flex-wrap: nowrap; }

.pui-card {
  background: var(--pui-surface);
  border: 1px solid var(--pui-border);
  border-radius: var(--pui-radius-lg);
  box-shadow: var(--pui-shadow-sm);
  color: var(--pui-text);
  min-width: 0;
}
.pui-card__header {
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: var(--pui-space-3);
  padding: var(--pui-space-4) var(--pui-space-5) 0;
}
/* The title and description keep a readable width: on a narrow card (a phone) the actions go to
   the line below rather than squeezing the description into a column a few words wide (on a
   390 px phone, beside "Add an authenticator app", 125 px and nine lines). The description is
   then as wide whether or not the card has actions, so a card drawn first without them (a page's
   loading state) and then with them does not paint a larger text block (issue #40: LCP). */
.pui-card__heading { flex: 1 1 16rem; min-width: 0; }
.pui-card__title {
  margin: 0;
  font-size: var(--pui-text-lg);
  font-weight: var(--pui-weight-semibold);
  line-height: var(--pui-leading-tight);
  overflow-wrap: anywhere;
}
.pui-card__description { margin: var(--pui-space-1) 0 0; color: var(--pui-text-muted); font-size: var(--pui-text-sm); overflow-wrap: anywhere; }
.pui-card__actions { flex: none; display: flex; align-items: center; gap: var(--pui-space-2); }
.pui-card__body { padding: var(--pui-space-4) var(--pui-space-5); }
.pui-card--flush .pui-card__body { padding: 0; }
.pui-card__footer {
  display: flex;
  justify-content: flex-end;
  gap: var(--pui-space-2);
  padding: var(--pui-space-3) var(--pui-space-5);
  border-top: 1px solid var(--pui-border);
  background: var(--pui-bg-subtle);
  border-radius: 0 0 var(--pui-radius-lg) var(--pui-radius-lg);
}

.pui-link, .pui-app a:not([class]) {
  color: var(--pui-accent-text);
  /* A link often names what a person made (a project, a file): a long word breaks, not the page. */
  overflow-wrap: anywhere;
  text-decoration: underline;
  text-decoration-color: color-mix(in srgb, currentColor 40%, transparent);
  text-underline-offset: 2px;
  border-radius: 2px;
}
.pui-link:hover, .pui-app a:not([class]):hover { text-decoration-color: currentColor; }
.pui-app a:not([class]):focus-visible { outline: 2px solid var(--pui-focus); outline-offset: 2px; }

.pui-divider { border: 0; border-top: 1px solid var(--pui-border); margin: var(--pui-space-4) 0; }
`;
