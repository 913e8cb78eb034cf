// The selection in words, as the toolbar and the dialogs' titles say it.

/** "2 files and 1 folder selected". */
export function selectionInWords(fileCount: number, folderCount: number): string {
  const parts = [
    fileCount ? `${fileCount} ${fileCount === 1 ? 'file' : 'files'}` : '',
    folderCount ? `${folderCount} ${folderCount === 1 ? 'folder' : 'folders'}` : '',
  ].filter(Boolean);
  return `${parts.join(' and ')} selected`;
}
