// The few styles the shell's own chrome needs beyond @portal/ui (brand mark, home grid, facts).

/** A window this narrow or narrower is a phone's: the header gives way, the status page's tables become cards. */
export const PHONE_WIDTH = '40rem';

export const chromeStylesheet = `
.portal-brand { display: inline-flex; align-items: center; gap: var(--pui-space-2, .5rem); font-weight: 650; color: inherit; text-decoration: none; }
.portal-brand__mark { display: inline-grid; place-items: center; width: 1.75rem; height: 1.75rem; border-radius: .5rem; background: var(--pui-accent, #3b5bdb); color: var(--pui-text-on-accent, #fff); font-size: .95rem; }
.portal-home-grid { display: grid; gap: var(--pui-space-4, 1rem); grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr)); }
.portal-home-link { display: inline-flex; align-items: center; gap: var(--pui-space-2, .5rem); font-weight: 600; color: var(--pui-accent-text, #1f6f50); text-decoration: none; }
.portal-home-link:hover { text-decoration: underline; }
.portal-home-link svg { width: 1.1rem; height: 1.1rem; }
.portal-facts { display: grid; grid-template-columns: max-content 1fr; gap: var(--pui-space-2, .5rem) var(--pui-space-6, 1.5rem); margin: 0; }
.portal-facts dt { color: var(--pui-text-muted, #667); }
.portal-facts dd { margin: 0; overflow-wrap: anywhere; }
.portal-notices { display: grid; gap: var(--pui-space-2, .5rem); margin-bottom: var(--pui-space-4, 1rem); }
.portal-override { display: block; overflow-wrap: anywhere; }
.portal-override-list { display: grid; gap: var(--pui-space-2, .5rem); margin: 0; padding: 0; list-style: none; }
.portal-override-list li { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: var(--pui-space-2, .5rem); }
.portal-user-email { max-width: 16rem; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
/* The shell's header of a remote's route gives way once the remote on screen draws an h1
   (RouteHeader.tsx), and its progress bar once the remote has drawn anything: in the frame the
   remote draws, not a render of the shell's later, so nothing below moves. */
.portal-route-loading:has(~ .portal-outlet:not([hidden]) [data-remote-slot]:not([hidden]) [data-portal-remote] > *) { display: none; }
.portal-route-header:has(~ .portal-outlet:not([hidden]) [data-remote-slot]:not([hidden]) h1) { display: none; }
.pui-app a:not([class]) { color: var(--pui-accent-text, #1f6f50); }
.portal-connection__short { display: none; }
.portal-theme--drawer { display: none; }
/* On a phone the header keeps the mark, the environment badge, the connection and the account's
   picture: the brand's word and the account's name give way (the link is still named "Portal",
   visually hidden), or the badge, which may shrink to nothing, was hidden under "Live". The
   connection says its state in a word (the whole sentence stays for screen readers), and the theme
   is chosen in the navigation's drawer: at 360 px the header was 382 px wide signed out, and the
   environment badge was cut signed in. */
@media (max-width: ${PHONE_WIDTH}) {
  .portal-user-email { display: none; }
  .portal-brand__name,
  .portal-connection__label:has(+ .portal-connection__short) { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
  .portal-connection__short { display: inline; }
  .pui-app__header-content > .pui-badge { flex-shrink: 0; }
  .portal-theme--header { display: none; }
  .portal-theme--drawer { display: inline-flex; margin: var(--pui-space-4, 1rem) var(--pui-space-2, .5rem) 0; }
}
`;
