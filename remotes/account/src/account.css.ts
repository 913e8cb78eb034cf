export const accountStylesheet = `
.account-narrow { max-width: 30rem; margin: var(--pui-space-8, 2rem) auto; }
.account-switch, .account-muted { margin: 0; color: var(--pui-text-muted, #667); }
.account-muted { font-size: 0.875rem; }
.account-inline-link { align-self: center; font-size: 0.9rem; color: var(--pui-accent-text, #1a5); text-underline-offset: 2px; }
.account-tabs { display: flex; gap: var(--pui-space-1, 0.25rem); border-bottom: 1px solid var(--pui-border, #dde); }
.account-tab { padding: var(--pui-space-2, 0.5rem) var(--pui-space-3, 0.75rem); color: var(--pui-text-muted, #667); text-decoration: none; border-bottom: 2px solid transparent; margin-bottom: -1px; font-weight: 500; }
.account-tab:hover { color: var(--pui-text, #112); }
.account-tab[aria-current="page"] { color: var(--pui-accent, #3a5bd9); border-bottom-color: var(--pui-accent, #3a5bd9); }
.account-list { list-style: none; margin: 0; padding: 0; display: grid; gap: var(--pui-space-2, 0.5rem); }
/* A row wraps its actions under its text where both do not fit (a phone), and its text (an address,
   a provider's id) breaks anywhere rather than push the page sideways. */
.account-list__item { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: center; gap: var(--pui-space-3, 0.75rem); padding: var(--pui-space-3, 0.75rem); border: 1px solid var(--pui-border, #dde); border-radius: var(--pui-radius-md, 8px); }
.account-list__item > :first-child { flex: 1 1 10rem; min-width: 0; overflow-wrap: anywhere; }
.account-list__title { font-weight: 600; }
.account-list__actions { display: flex; flex-wrap: wrap; align-items: center; gap: var(--pui-space-2, 0.5rem); }
.account-confirmed { display: inline-flex; flex-wrap: wrap; align-items: center; gap: var(--pui-space-2, 0.5rem); }
.account-actions { display: flex; flex-wrap: wrap; gap: var(--pui-space-2, 0.5rem); }
.account-enrol { display: grid; grid-template-columns: auto 1fr; gap: var(--pui-space-6, 1.5rem); align-items: start; }
@media (max-width: 640px) { .account-enrol { grid-template-columns: 1fr; } }
.account-qr { background: #fff; padding: 8px; border-radius: var(--pui-radius-md, 8px); border: 1px solid var(--pui-border, #dde); }
.account-step { margin: 0; font-weight: 600; }
.account-secret { display: flex; align-items: center; gap: var(--pui-space-2, 0.5rem); flex-wrap: wrap; }
.account-secret code { font-size: 0.95rem; letter-spacing: 0.05em; word-break: break-all; }
.account-identity { display: flex; align-items: center; gap: var(--pui-space-4, 1rem); margin-bottom: var(--pui-space-4, 1rem); }
.account-identity > :last-child { min-width: 0; overflow-wrap: anywhere; }
.account-identity__name { font-size: 1.125rem; font-weight: 600; }
.account-avatar-field { display: flex; align-items: center; gap: var(--pui-space-3, 0.75rem); }
.account-avatar-field > :last-child { flex: 1; }
.account-avatar-picker { margin-bottom: var(--pui-space-5, 1.25rem); }
.account-avatar-upload { display: flex; align-items: center; gap: var(--pui-space-5, 1.25rem); }
.account-avatar-upload__current { display: flex; flex-direction: column; align-items: center; gap: var(--pui-space-3, 0.75rem); min-width: 8rem; }
/* The uploader (the files remote's parcel) comes after the page: its place, a little over its
   height, is kept from the first frame, and the progress bar shown meanwhile lies over it, so
   neither the uploader's arrival nor a failure said in its place moves the form below (issue #40: CLS). */
.account-avatar-upload__drop { flex: 1; position: relative; min-height: 12rem; }
.account-avatar-upload__loading { position: absolute; inset: 0; display: flex; align-items: center; }
@media (max-width: 640px) { .account-avatar-upload { flex-direction: column; align-items: stretch; } }
@media (forced-colors: active) {
  .account-tab { border-bottom-color: Canvas; }
  .account-tab[aria-current="page"] { border-bottom-color: Highlight; }
}
`;
