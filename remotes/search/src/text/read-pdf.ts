// Reading a PDF's text layer with PDF.js (pdfjs-dist), loaded only when a PDF is picked.
//
// The parsing runs in PDF.js's own worker. The build emits the worker as a file of this remote
// (`new URL(…, import.meta.url)`), so it lives on the remote's origin while the page is the
// shell's; a browser refuses `new Worker()` for another origin, and PDF.js then starts it through
// a same-origin blob that imports the file (the remote's files are served with CORS).
import type { TextItem, TextMarkedContent } from 'pdfjs-dist/types/src/display/api.js';
import { joinPages, pageText, type PdfText } from './pdf-text.js';

const WORKER_URL = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url);

/** A PDF whose pages carry no text (a scan without OCR): nothing can be indexed from it. */
export class NoTextLayerError extends Error {
  constructor(fileName: string) {
    super(
      `${fileName} has no text layer (it looks like a scan): nothing was indexed. Run it through text recognition (OCR) first, or paste its text.`,
    );
    this.name = 'NoTextLayerError';
  }
}

const isTextItem = (item: TextItem | TextMarkedContent): item is TextItem => 'str' in item;

export async function readPdf(
  data: ArrayBuffer,
  fileName: string,
): Promise<PdfText & { title: string | null }> {
  const pdfjs = await import('pdfjs-dist');
  pdfjs.GlobalWorkerOptions.workerSrc = WORKER_URL.href;
  const task = pdfjs.getDocument({
    data: new Uint8Array(data),
    // Text only: XFA forms are not read, and nothing is rendered.
    enableXfa: false,
  });
  try {
    const pdf = await task.promise.catch((error: Error) => {
      throw new Error(`${fileName} could not be read as a PDF: ${error.message}`);
    });
    const pages: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      pages.push(pageText(content.items.filter(isTextItem)));
      page.cleanup();
    }
    const joined = joinPages(pages);
    if (!/[\p{L}\p{N}]/u.test(joined.text)) throw new NoTextLayerError(fileName);
    const info = (await pdf.getMetadata().catch(() => null))?.info as
      | { Title?: unknown }
      | undefined;
    const title = typeof info?.Title === 'string' && info.Title.trim() ? info.Title.trim() : null;
    return { ...joined, title };
  } finally {
    await task.destroy();
  }
}
