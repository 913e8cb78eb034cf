// The few layout rules the live remote needs beyond @portal/ui.
export const liveStylesheet = `
.live-tabs { display: flex; gap: var(--pui-space-4, 1rem); margin-bottom: var(--pui-space-4, 1rem); }
.live-tabs a[aria-current="page"] { font-weight: 650; text-decoration: underline; }
.live-rooms { display: grid; grid-template-columns: minmax(12rem, 16rem) 1fr; gap: var(--pui-space-4, 1rem); align-items: start; }
@media (max-width: 48rem) { .live-rooms { grid-template-columns: 1fr; } }
.live-room-list, .live-people, .live-activity, .live-person__routes { list-style: none; margin: 0; padding: 0; }
.live-room-list li { padding: var(--pui-space-2, .5rem) var(--pui-space-4, 1rem); border-bottom: 1px solid var(--pui-border, #ddd); }
.live-room-list a[aria-current="page"] { font-weight: 650; }
.live-messages { list-style: none; margin: 0; padding: 0; display: grid; gap: var(--pui-space-3, .75rem); max-height: 28rem; overflow-y: auto; }
.live-message { display: grid; grid-template-columns: auto 1fr; gap: var(--pui-space-2, .5rem); }
.live-message__meta { display: flex; align-items: center; gap: var(--pui-space-2, .5rem); color: var(--pui-text-muted, #667); font-size: var(--pui-text-sm, .8125rem); }
.live-message__author { color: var(--pui-text, #111); }
.live-message__text { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
.live-message__error { margin: 0; color: var(--pui-danger-text, #b00); }
.live-typing { min-height: 1.5em; margin: var(--pui-space-2, .5rem) 0; color: var(--pui-text-muted, #667); font-size: var(--pui-text-sm, .8125rem); }
.live-room-list__room--unread a { font-weight: 650; }
.live-room-list .pui-badge { margin-inline-start: var(--pui-space-2, .5rem); }
.live-message--mentions-me { background: var(--pui-accent-subtle, #eef3ff); border-radius: var(--pui-radius-md, .375rem); }
.live-message__edited, .live-message__text--deleted { color: var(--pui-text-muted, #667); font-style: italic; }
.live-message__text a { color: var(--pui-accent-text, #1a56db); text-decoration: underline; overflow-wrap: anywhere; }
.live-mention { font-weight: 650; color: var(--pui-accent-text, #1a3fa8); }
.live-message__actions, .live-message__confirm { display: flex; flex-wrap: wrap; align-items: center; gap: var(--pui-space-2, .5rem); margin-top: var(--pui-space-1, .25rem); }
.live-composer { display: grid; gap: var(--pui-space-2, .5rem); }
.live-composer__field { position: relative; }
.live-composer__actions { display: flex; justify-content: flex-end; gap: var(--pui-space-2, .5rem); }
.live-mentions { position: fixed; z-index: var(--pui-z-dropdown, 20); list-style: none; margin: 0; padding: var(--pui-space-1, .25rem); min-width: 12rem; max-width: min(24rem, calc(100vw - 1rem)); overflow-y: auto; color: var(--pui-text, #111); background: var(--pui-surface-raised, #fff); border: 1px solid var(--pui-border, #ddd); border-radius: var(--pui-radius-md, .375rem); box-shadow: var(--pui-shadow-lg); }
.live-mentions__option { padding: var(--pui-space-2, .5rem) var(--pui-space-3, .75rem); border-radius: var(--pui-radius-sm, .25rem); cursor: pointer; }
/* The name under the arrows is the keyboard's focus (the box's active descendant): it has the focus
   ring, as its tinted fill alone is about 1.05:1 from the others'. */
.live-mentions__option--active { background: var(--pui-accent-subtle, #eef3ff); color: var(--pui-text, #111); outline: 2px solid var(--pui-focus, #047857); outline-offset: -2px; }
.live-outbox-note { margin: 0 0 var(--pui-space-2, .5rem); color: var(--pui-text-muted, #667); font-size: var(--pui-text-sm, .8125rem); }
.live-person > div { min-width: 0; overflow-wrap: anywhere; }
.live-person, .live-activity__item { display: flex; gap: var(--pui-space-3, .75rem); align-items: center; padding: var(--pui-space-3, .75rem) var(--pui-space-4, 1rem); border-bottom: 1px solid var(--pui-border, #ddd); }
.live-activity__item time { color: var(--pui-text-muted, #667); font-variant-numeric: tabular-nums; }
@media (forced-colors: active) {
  .live-mentions__option--active { forced-color-adjust: none; background: Highlight; color: HighlightText; outline-color: HighlightText; }
  .live-message--mentions-me { outline: 2px solid Highlight; outline-offset: 2px; }
}
`;
