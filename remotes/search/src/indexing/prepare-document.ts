// A read document → what the `documents` function is sent: its passages (split here, with the
// PDF pages each spans) and, for a file from storage, where it was read.
import type { DocumentToAdd, StorageSource } from '../data-access/search-api.js';
import { splitPassages } from '../passages/split-passages.js';
import type { ReadDocument } from '../text/extract-text.js';
import { pagesOfRange } from '../text/pdf-text.js';

export function prepareDocument(
  read: Pick<ReadDocument, 'title' | 'source' | 'text' | 'pageStarts'> & { fileName?: string },
  extra: { storage?: StorageSource; replaces?: string } = {},
): DocumentToAdd {
  const { pageStarts } = read;
  const passages = splitPassages(read.text).map((passage) =>
    pageStarts ? { ...passage, pages: pagesOfRange(pageStarts, passage.start, passage.end) } : passage,
  );
  return {
    title: read.title.slice(0, 300),
    source: read.source,
    ...(read.fileName ? { fileName: read.fileName.slice(0, 300) } : {}),
    body: read.text,
    passages,
    ...extra,
  };
}
