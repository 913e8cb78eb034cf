// A PDF's text layer → the document's text, page by page, and back from a passage's range to
// the pages it spans. PDF.js hands each page's text as positioned runs; lines end where a run
// says so (`hasEOL`), and a vertical gap clearly larger than the line height starts a new
// paragraph, so the splitter packs paragraphs as it does for any other text. Pages are joined
// with a blank line, so a page break is a paragraph break too.

/** The parts of a PDF.js text item read here (`TextItem` of pdfjs-dist). */
export interface PdfTextRun {
  str: string;
  hasEOL: boolean;
  /** [a, b, c, d, x, y]: the run's transform; y is its baseline, growing upwards. */
  transform: number[];
  height: number;
}

/** A gap between baselines this many line heights or more starts a paragraph. */
const PARAGRAPH_GAP = 1.6;

/** One page's runs → its text: lines joined by "\n", paragraphs by a blank line. */
export function pageText(runs: readonly PdfTextRun[]): string {
  const lines: { text: string; y: number | null; height: number }[] = [];
  let line = { text: '', y: null as number | null, height: 0 };
  const endLine = () => {
    const text = line.text.replace(/\s+/g, ' ').trim();
    if (text) lines.push({ ...line, text });
    line = { text: '', y: null, height: 0 };
  };
  for (const run of runs) {
    if (line.y === null && run.str.trim() !== '') {
      line.y = run.transform[5] ?? null;
      line.height = run.height;
    }
    line.text += run.str;
    if (run.hasEOL) endLine();
  }
  endLine();
  let text = '';
  lines.forEach((current, i) => {
    const previous = lines[i - 1];
    if (previous) {
      const gap =
        previous.y !== null && current.y !== null ? Math.abs(previous.y - current.y) : 0;
      const height = Math.max(previous.height, current.height, 1);
      text += gap >= PARAGRAPH_GAP * height ? '\n\n' : '\n';
    }
    text += current.text;
  });
  return text;
}

export interface PdfText {
  /** The whole document: the pages' texts joined by a blank line. */
  text: string;
  /** Where each page starts in `text` (page n at index n - 1). */
  pageStarts: number[];
}

/** The pages' texts as one text, remembering where each page starts. */
export function joinPages(pages: readonly string[]): PdfText {
  const pageStarts: number[] = [];
  let text = '';
  for (const page of pages) {
    if (text !== '' && page !== '') text += '\n\n';
    pageStarts.push(text.length);
    text += page;
  }
  return { text, pageStarts };
}

/** The page (1-based) that holds the character at `offset`. */
function pageAt(pageStarts: readonly number[], offset: number): number {
  let page = 1;
  for (let i = 0; i < pageStarts.length; i++) {
    // An empty page starts where the next one does; the offset belongs to the last of those.
    if (pageStarts[i]! <= offset) page = i + 1;
    else break;
  }
  return page;
}

/** The pages a range [start, end) of the text spans. */
export function pagesOfRange(
  pageStarts: readonly number[],
  start: number,
  end: number,
): { first: number; last: number } {
  const first = pageAt(pageStarts, start);
  return { first, last: Math.max(first, pageAt(pageStarts, Math.max(start, end - 1))) };
}

/** "page 3" or "pages 3–4". */
export const describePages = ({ first, last }: { first: number; last: number }) =>
  first === last ? `page ${first}` : `pages ${first}–${last}`;
