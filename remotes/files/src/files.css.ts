// The files remote's own few rules (everything else comes from @portal/ui).

/**
 * A list this narrow or narrower (its box: on a phone, or on a tablet beside the navigation) has
 * three columns, the name, the size and the actions, and says the type, when it changed and by
 * whom under the name; the trash is a card per item. A shared folder's eight columns need about
 * 724 px (at 360 px they were 722 px wide in a 326 px box, the actions out of sight; beside the
 * navigation at 1024 px, in a 720 px box), the trash's six 576.
 */
export const NARROW_LIST = '46rem';

export const filesStylesheet = `
.files-areas { list-style: none; margin: 0; padding: 0; display: grid; gap: var(--pui-space-3); grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr)); }
.files-muted { color: var(--pui-text-muted); margin: var(--pui-space-1) 0 0; font-size: var(--pui-text-sm); }
.files-breadcrumb ol { list-style: none; display: flex; flex-wrap: wrap; gap: var(--pui-space-1); margin: 0; padding: 0; }
.files-breadcrumb li + li::before { content: "/"; color: var(--pui-text-subtle); margin-right: var(--pui-space-1); }
.files-drop-target { border-radius: var(--pui-radius-lg); outline: 2px dashed transparent; outline-offset: 4px; }
.files-drop-target[data-dragging="true"] { outline-color: var(--pui-accent); }
.files-grid { list-style: none; margin: 0; padding: 0; display: grid; gap: var(--pui-space-3); grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr)); }
.files-tile { display: flex; flex-direction: column; gap: var(--pui-space-1); padding: var(--pui-space-2); border: 1px solid var(--pui-border); border-radius: var(--pui-radius-md); background: var(--pui-surface); }
.files-tile[data-selected="true"] { border-color: var(--pui-accent); background: var(--pui-accent-subtle); }
.files-tile__thumb { aspect-ratio: 1; display: grid; place-items: center; background: var(--pui-bg-muted); border-radius: var(--pui-radius-sm); overflow: hidden; color: var(--pui-text-muted); }
.files-tile__thumb img { width: 100%; height: 100%; object-fit: cover; }
.files-tile__name { overflow-wrap: anywhere; font-size: var(--pui-text-sm); }
/* In a narrow list the name wraps, and the type, the date and who changed it are said under it:
   FolderBrowser.tsx leaves their columns out there (the table measures the same box). */
.files-entry__facts { display: none; }
.files-list { container-type: inline-size; }
@container (max-width: ${NARROW_LIST}) {
  /* The name takes what the size and the actions leave (their desktop widths would leave it a word). */
  .files-list th { width: auto !important; }
  .files-list td:has(.files-entry) { width: 100%; white-space: normal; }
  .files-entry { display: flex; flex-direction: column; min-width: 0; }
  .files-entry__facts { display: block; color: var(--pui-text-muted); font-size: var(--pui-text-sm); overflow-wrap: anywhere; }
}
.files-link { background: none; border: 0; padding: 0; color: var(--pui-accent-text); cursor: pointer; font: inherit; text-align: start; overflow-wrap: anywhere; }
.files-link:hover { text-decoration: underline; }
[data-drop-target="true"] { outline: 2px solid var(--pui-accent); outline-offset: -2px; background: var(--pui-accent-subtle); }
tr[draggable="true"], .files-tile[draggable="true"] { cursor: grab; }
.files-queue { display: grid; gap: var(--pui-space-2); list-style: none; margin: 0; padding: 0; }
.files-queue li { display: grid; gap: var(--pui-space-1); }
.files-preview-text { white-space: pre-wrap; overflow: auto; max-height: 60vh; font-family: var(--pui-font-mono); font-size: var(--pui-text-sm); background: var(--pui-code-bg); padding: var(--pui-space-3); border-radius: var(--pui-radius-md); margin: 0; }
.files-preview-markdown { overflow: auto; max-height: 65vh; overflow-wrap: anywhere; }
.files-preview-markdown img { max-width: 100%; }
.files-preview-markdown pre { overflow: auto; background: var(--pui-code-bg); padding: var(--pui-space-2); border-radius: var(--pui-radius-sm); }
.files-preview-markdown table, .files-preview-csv table { border-collapse: collapse; }
.files-preview-markdown th, .files-preview-markdown td, .files-preview-csv th, .files-preview-csv td { border: 1px solid var(--pui-border); padding: var(--pui-space-1) var(--pui-space-2); text-align: start; vertical-align: top; white-space: pre-wrap; }
.files-preview-csv { overflow: auto; max-height: 65vh; display: grid; gap: var(--pui-space-2); }
.files-preview-csv th { position: sticky; top: 0; background: var(--pui-surface); }
.files-preview-media { max-width: 100%; max-height: 65vh; display: block; margin: 0 auto; }
.files-preview-pdf { width: 100%; height: 65vh; border: 0; }

.files-picker-crumbs { list-style: none; display: flex; flex-wrap: wrap; gap: var(--pui-space-1); margin: 0; padding: 0; }
.files-picker-crumbs li + li::before { content: "/"; color: var(--pui-text-subtle); margin-right: var(--pui-space-1); }
.files-picker-folders { list-style: none; margin: 0; padding: 0; display: grid; gap: var(--pui-space-1); max-height: 40vh; overflow: auto; }
.files-subtitle { font-size: var(--pui-text-md, 1rem); margin: 0 0 var(--pui-space-2); }
.files-share-list { list-style: none; margin: 0; padding: 0; display: grid; gap: var(--pui-space-3); }
.files-share-list li { display: grid; gap: var(--pui-space-1); justify-items: start; }
.files-share-list li > div { width: 100%; }
.files-entry-menu { display: inline-flex; }
@media (forced-colors: active) {
  /* The transparent outline would be painted in the text's colour; a chosen tile's colour not at all. */
  .files-drop-target { outline-color: Canvas; }
  .files-drop-target[data-dragging="true"] { outline-color: Highlight; }
  .files-tile[data-selected="true"] { outline: 2px solid Highlight; }
}
`;
