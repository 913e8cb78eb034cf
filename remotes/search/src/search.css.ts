// The search remote's own few rules (everything else comes from @portal/ui).
export const searchStylesheet = `
.search-results { list-style: none; margin: 0; padding: 0; display: grid; gap: var(--pui-space-3); }
.search-result { display: grid; gap: var(--pui-space-1); padding: var(--pui-space-3); border: 1px solid var(--pui-border); border-radius: var(--pui-radius-md); background: var(--pui-surface); }
.search-result__text { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
.search-result mark, .search-doc mark { background: var(--pui-warning-subtle, #fde68a); color: inherit; border-radius: 2px; }
.search-muted { color: var(--pui-text-muted); font-size: var(--pui-text-sm); margin: 0; }
.search-queue { list-style: none; margin: 0; padding: 0; display: grid; gap: var(--pui-space-3); }
.search-doc { white-space: pre-wrap; overflow-wrap: anywhere; font-family: var(--pui-font-sans); line-height: var(--pui-leading); margin: 0; }
.search-doc mark[data-current="true"] { outline: 2px solid var(--pui-accent); background: var(--pui-accent-subtle); }
.search-filters { display: grid; gap: var(--pui-space-3); grid-template-columns: repeat(auto-fill, minmax(11rem, 1fr)); align-items: end; }
details.search-weak > summary { cursor: pointer; color: var(--pui-text-muted); padding: var(--pui-space-1) 0; }
details.search-weak[open] > summary { margin-bottom: var(--pui-space-2); }
.search-source-state { display: inline-block; }
`;
