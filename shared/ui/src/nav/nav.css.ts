export const navCss = `
.pui-nav { display: flex; flex-direction: column; gap: var(--pui-space-4); }
.pui-nav__section { display: flex; flex-direction: column; gap: 1px; }
.pui-nav__heading {
  margin: 0;
  padding: var(--pui-space-1) var(--pui-space-3);
  font-size: var(--pui-text-xs);
  font-weight: var(--pui-weight-medium);
  color: var(--pui-text-subtle);
  text-transform: uppercase;
  letter-spacing: 0.05em;
}
.pui-nav__list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 1px; }
.pui-nav-link {
  position: relative;
  display: flex;
  align-items: center;
  gap: var(--pui-space-2);
  min-height: 2rem;
  padding: var(--pui-space-1) var(--pui-space-3);
  border-radius: var(--pui-radius-md);
  color: var(--pui-text-muted);
  font-size: var(--pui-text-md);
  font-weight: var(--pui-weight-medium);
  text-decoration: none;
  transition: background-color var(--pui-duration) var(--pui-ease), color var(--pui-duration) var(--pui-ease);
}
.pui-nav-link:hover { background: var(--pui-surface-hover); color: var(--pui-text); }
.pui-nav-link[aria-current="page"] { background: var(--pui-surface-active); color: var(--pui-text); }
.pui-nav-link[aria-current="page"] .pui-nav-link__icon { color: var(--pui-accent-text); }
/* The current page is also marked by a bar in the accent (3:1 and more against the navigation's
   background): its lighter fill alone is about 1.1:1 from the others', a hue a person may not see. */
.pui-nav-link[aria-current="page"]::before {
  content: "";
  position: absolute;
  left: 0;
  top: var(--pui-space-1);
  bottom: var(--pui-space-1);
  width: 3px;
  border-radius: 0 2px 2px 0;
  background: var(--pui-accent);
}
.pui-nav-link:focus-visible { outline-offset: -2px; }
.pui-nav-link__icon { display: inline-flex; font-size: 1rem; color: var(--pui-text-subtle); }
.pui-nav-link__label { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.pui-nav-link[aria-disabled="true"] { opacity: 0.5; pointer-events: none; }

.pui-tabs { display: flex; flex-direction: column; gap: var(--pui-space-4); }
.pui-tab-list {
  display: flex;
  gap: var(--pui-space-1);
  border-bottom: 1px solid var(--pui-border);
  overflow-x: auto;
  scrollbar-width: thin;
}
.pui-tab {
  position: relative;
  display: inline-flex;
  align-items: center;
  gap: var(--pui-space-2);
  height: 2.25rem;
  padding: 0 var(--pui-space-3);
  margin-bottom: -1px;
  border: 0;
  border-bottom: 2px solid transparent;
  background: transparent;
  color: var(--pui-text-muted);
  font: inherit;
  font-weight: var(--pui-weight-medium);
  white-space: nowrap;
  cursor: pointer;
  border-radius: var(--pui-radius-sm) var(--pui-radius-sm) 0 0;
  transition: color var(--pui-duration) var(--pui-ease), border-color var(--pui-duration) var(--pui-ease);
}
.pui-tab:hover { color: var(--pui-text); }
.pui-tab[aria-selected="true"] { color: var(--pui-text); border-bottom-color: var(--pui-accent); }
.pui-tab:disabled { opacity: 0.5; cursor: not-allowed; }
.pui-tab:focus-visible { outline-offset: -2px; }
.pui-tab-panel:focus-visible { outline-offset: 4px; border-radius: var(--pui-radius-sm); }

.pui-menu { position: relative; display: inline-flex; }
.pui-menu__list {
  position: fixed;
  /* inset and margin reset the browser's centring of a popover; placePopup sets top and left. */
  inset: 0 auto auto 0;
  color: var(--pui-text);
  z-index: var(--pui-z-dropdown);
  min-width: 12rem;
  max-width: 20rem;
  max-height: min(24rem, 70vh);
  overflow-y: auto;
  margin: 0;
  padding: var(--pui-space-1);
  list-style: none;
  background: var(--pui-surface-raised);
  border: 1px solid var(--pui-border);
  border-radius: var(--pui-radius-lg);
  box-shadow: var(--pui-shadow-lg);
  animation: pui-pop-in var(--pui-duration) var(--pui-ease);
  transform-origin: top left;
}
.pui-menu__list--end { transform-origin: top right; }
.pui-menu__list:focus { outline: none; }
.pui-menu__item {
  display: flex;
  align-items: center;
  gap: var(--pui-space-2);
  width: 100%;
  min-height: 2rem;
  padding: var(--pui-space-1) var(--pui-space-2);
  border: 0;
  border-radius: var(--pui-radius-md);
  background: transparent;
  color: var(--pui-text);
  font: inherit;
  font-family: var(--pui-font-sans);
  font-size: var(--pui-text-md);
  text-align: left;
  text-decoration: none;
  cursor: pointer;
  outline: none;
}
.pui-menu__item:hover, .pui-menu__item:focus, .pui-menu__item:focus-visible { background: var(--pui-surface-hover); outline: none; }
/* Reached with the keyboard, the item also has the focus ring: its fill alone is about 1.1:1 from the menu's. */
.pui-menu__item:focus-visible { outline: 2px solid var(--pui-focus); outline-offset: -2px; }
.pui-menu__item[aria-disabled="true"] { opacity: 0.5; cursor: not-allowed; }
.pui-menu__item--danger { color: var(--pui-danger-text); }
.pui-menu__item--danger:hover, .pui-menu__item--danger:focus { background: var(--pui-danger-subtle); }
.pui-menu__item-icon { display: inline-flex; color: var(--pui-text-subtle); font-size: 1rem; }
.pui-menu__item--danger .pui-menu__item-icon { color: inherit; }
.pui-menu__item-label { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.pui-menu__item-shortcut { color: var(--pui-text-subtle); font-size: var(--pui-text-xs); }
.pui-menu__separator { height: 1px; margin: var(--pui-space-1) calc(-1 * var(--pui-space-1)); background: var(--pui-border); }
.pui-menu__label {
  padding: var(--pui-space-2) var(--pui-space-2) var(--pui-space-1);
  font-size: var(--pui-text-xs);
  color: var(--pui-text-muted);
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
}
.pui-menu__label strong { display: block; color: var(--pui-text); font-size: var(--pui-text-md); font-weight: var(--pui-weight-medium); }
/* Forced colours: what is chosen or focused is filled with the system's highlight; forced-color-adjust
   keeps the browser from laying its backplate (the page's colour) behind the text on it. */
@media (forced-colors: active) {
  .pui-nav-link[aria-current="page"] { forced-color-adjust: none; background: Highlight; color: HighlightText; }
  .pui-nav-link[aria-current="page"] .pui-nav-link__icon { color: HighlightText; }
  .pui-nav-link[aria-current="page"]:focus-visible { outline-color: HighlightText; }
  .pui-nav-link[aria-current="page"]::before { background: HighlightText; }
  /* Every tab's transparent underline would be painted in the text's colour. */
  .pui-tab { border-bottom-color: Canvas; }
  .pui-tab[aria-selected="true"] { border-bottom-color: Highlight; }
  .pui-menu__item:hover, .pui-menu__item:focus, .pui-menu__item:focus-visible { forced-color-adjust: none; background: Highlight; color: HighlightText; }
  .pui-menu__item:is(:hover, :focus) :is(.pui-menu__item-icon, .pui-menu__item-shortcut) { color: HighlightText; }
  .pui-menu__item:focus-visible { outline-color: HighlightText; }
}
`;
