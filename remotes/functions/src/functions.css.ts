// The functions remote's own styles, on the design system's tokens (its sheet sits in a cascade
// layer, so these plain rules win where they overlap).
export const functionsStylesheet = `
.fn-app { display: flex; flex-direction: column; gap: var(--pui-space-4); min-width: 0; }
.fn-list__source { margin: 0; color: var(--pui-text-muted); }
.fn-list { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(18rem, 1fr)); gap: var(--pui-space-3); }
.fn-list__item { border: 1px solid var(--pui-border); border-radius: var(--pui-radius-lg); background: var(--pui-surface); padding: var(--pui-space-4); display: flex; flex-wrap: wrap; gap: var(--pui-space-2); align-items: center; }
.fn-list__name { font-family: var(--pui-font-mono); font-weight: var(--pui-weight-semibold); color: var(--pui-accent-text); }
.fn-list__description { flex-basis: 100%; margin: 0; color: var(--pui-text-muted); font-size: var(--pui-text-sm); }
/* On a phone a description ran to five lines and more: two lines each keep the list scannable (the
   whole text is on the function's page, and read out here). It also keeps the list's text smaller
   than the page header's, which the shell paints before the catalogue arrives: the page's Largest
   Contentful Paint stays the header (issue #40). */
@media (max-width: 40rem) {
  .fn-list__description { display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; line-clamp: 2; overflow: hidden; }
}
.fn-list__examples { margin: 0; font-size: var(--pui-text-xs); color: var(--pui-text-subtle); }
.fn-page { display: flex; flex-direction: column; gap: var(--pui-space-4); }
.fn-examples__label { font-size: var(--pui-text-sm); color: var(--pui-text-muted); }
.fn-columns { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: var(--pui-space-4); align-items: start; }
@media (max-width: 960px) { .fn-columns { grid-template-columns: minmax(0, 1fr); } }
.fn-pairs { border: 0; margin: 0; padding: 0; display: flex; flex-direction: column; gap: var(--pui-space-2); }
.fn-pairs__legend { font-size: var(--pui-text-sm); font-weight: var(--pui-weight-medium); margin-bottom: var(--pui-space-1); }
.fn-pairs__row { display: grid; grid-template-columns: 1fr 1fr auto; gap: var(--pui-space-2); }
.fn-problem, .fn-logs__error { margin: 0; color: var(--pui-danger-text); font-size: var(--pui-text-sm); }
.fn-confirm { display: flex; flex-direction: column; gap: var(--pui-space-2); padding: var(--pui-space-3); border: 1px solid var(--pui-warning-border); border-radius: var(--pui-radius-md); background: var(--pui-warning-subtle); }
.fn-confirm p { margin: 0; }
.fn-confirm__title { font-weight: var(--pui-weight-semibold); }
.fn-result { display: flex; flex-direction: column; gap: var(--pui-space-3); }
.fn-result__summary { font-size: var(--pui-text-sm); color: var(--pui-text-muted); }
.fn-headers summary { cursor: pointer; font-size: var(--pui-text-sm); }
.fn-json { font-family: var(--pui-font-mono); font-size: var(--pui-text-sm); background: var(--pui-code-bg); border-radius: var(--pui-radius-md); padding: var(--pui-space-3); overflow: auto; max-height: 32rem; }
.fn-json__row { white-space: pre; line-height: 1.6; }
.fn-json__toggle { border: 0; background: none; color: var(--pui-text-muted); cursor: pointer; width: 1rem; padding: 0; margin-left: -1rem; }
.fn-json__key { color: var(--pui-accent-text); }
.fn-json__value--string { color: var(--pui-success-text); }
.fn-json__value--number, .fn-json__value--boolean { color: var(--pui-warning-text); }
.fn-json__value--null { color: var(--pui-text-subtle); }
.fn-events { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: var(--pui-space-1); font-size: var(--pui-text-sm); }
.fn-events__item { display: flex; gap: var(--pui-space-2); }
.fn-events__name { font-weight: var(--pui-weight-semibold); min-width: 4rem; }
.fn-image { max-width: 100%; max-height: 24rem; border: 1px solid var(--pui-border); border-radius: var(--pui-radius-md); }
.fn-logs__head, .fn-history__head { display: flex; gap: var(--pui-space-2); align-items: center; }
.fn-section-title { margin: 0; font-size: var(--pui-text-base, 1rem); font-weight: var(--pui-weight-semibold); }
.fn-logs__lines, .fn-history__list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: var(--pui-space-1); }
.fn-log { display: grid; grid-template-columns: auto 3.5rem 1fr; gap: var(--pui-space-2); font-size: var(--pui-text-xs); }
.fn-log[data-latest="false"] { opacity: 0.65; }
.fn-log--warn .fn-log__level { color: var(--pui-warning-text); }
.fn-log--error .fn-log__level { color: var(--pui-danger-text); }
.fn-log__text { white-space: pre-wrap; word-break: break-word; }
.fn-history__item { border: 1px solid var(--pui-border); border-radius: var(--pui-radius-md); padding: var(--pui-space-2) var(--pui-space-3); display: flex; flex-direction: column; gap: var(--pui-space-2); }
.fn-history__line, .fn-history__actions { display: flex; flex-wrap: wrap; gap: var(--pui-space-2); align-items: center; }
.fn-history__meta, .fn-hint { font-size: var(--pui-text-xs); color: var(--pui-text-subtle); }
`;
