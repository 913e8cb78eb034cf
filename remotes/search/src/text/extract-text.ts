// A picked file → the document's text and its source kind. Markdown and plain text are kept as
// they are (the splitter reads Markdown headings); HTML is read with the browser's DOMParser
// (scripts never run, nothing is rendered) and turned into text whose headings become Markdown
// headings, so its sections split the same way. A PDF's text layer is read with PDF.js
// (`read-pdf.ts`, loaded only when a PDF comes), keeping where each page starts.

export type SourceKind = 'paste' | 'text' | 'markdown' | 'html' | 'pdf';

export const ACCEPTED_FILES =
  '.txt,.text,.md,.markdown,.html,.htm,.pdf,text/plain,text/markdown,text/html,application/pdf';

export const ACCEPTED_KINDS = 'text (.txt), Markdown (.md), HTML (.html) and PDF (.pdf)';

export function sourceOfFile(name: string, type: string): SourceKind | null {
  const lower = name.toLowerCase();
  if (/\.pdf$/.test(lower) || type === 'application/pdf') return 'pdf';
  if (/\.(md|markdown)$/.test(lower) || type === 'text/markdown') return 'markdown';
  if (/\.html?$/.test(lower) || type === 'text/html') return 'html';
  if (/\.(txt|text)$/.test(lower) || type === 'text/plain') return 'text';
  return null;
}

const BLOCKS = new Set([
  'P',
  'DIV',
  'LI',
  'PRE',
  'BLOCKQUOTE',
  'TR',
  'SECTION',
  'ARTICLE',
  'DD',
  'DT',
  'FIGCAPTION',
  'TD',
  'TH',
]);

export function htmlToText(html: string): { title: string | null; text: string } {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const title = doc.title.trim() || null;
  doc.querySelectorAll('script, style, noscript, template, head').forEach((node) => node.remove());
  const blocks: string[] = [];
  let inline = '';
  const end = () => {
    const text = inline.replace(/\s+/g, ' ').trim();
    if (text) blocks.push(text);
    inline = '';
  };
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      inline += node.textContent ?? '';
      return;
    }
    if (!(node instanceof Element)) return;
    const heading = /^H([1-6])$/.exec(node.tagName);
    if (heading) {
      end();
      const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (text) blocks.push(`${'#'.repeat(Number(heading[1]))} ${text}`);
      return;
    }
    if (node.tagName === 'BR') inline += '\n';
    const block = BLOCKS.has(node.tagName);
    if (block) end();
    node.childNodes.forEach(walk);
    if (block) end();
  };
  walk(doc.body);
  end();
  return { title, text: blocks.join('\n\n') };
}

export interface ReadDocument {
  title: string;
  source: SourceKind;
  fileName: string;
  text: string;
  /** PDFs: where each page starts in `text` (page n at index n - 1). */
  pageStarts?: number[];
}

function readAs<T extends 'text' | 'bytes'>(
  file: Blob,
  name: string,
  as: T,
): Promise<T extends 'text' ? string : ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as T extends 'text' ? string : ArrayBuffer);
    reader.onerror = () =>
      reject(new Error(`${name} could not be read: ${reader.error?.message ?? 'unknown error'}`));
    if (as === 'text') reader.readAsText(file);
    else reader.readAsArrayBuffer(file);
  });
}

/** A file picked on the device, or downloaded from storage (`name` is its file name). */
export async function readDocumentFile(file: Blob, name = (file as File).name): Promise<ReadDocument> {
  const source = sourceOfFile(name, file.type);
  if (!source) throw new Error(`${name}: only ${ACCEPTED_KINDS} files can be added.`);
  const baseName = name.replace(/\.[^.]+$/, '') || name;
  if (source === 'pdf') {
    const { readPdf } = await import('./read-pdf.js');
    const pdf = await readPdf(await readAs(file, name, 'bytes'), name);
    return {
      title: pdf.title ?? baseName,
      source,
      fileName: name,
      text: pdf.text,
      pageStarts: pdf.pageStarts,
    };
  }
  const raw = await readAs(file, name, 'text');
  if (source === 'html') {
    const { title, text } = htmlToText(raw);
    return { title: title ?? baseName, source, fileName: name, text };
  }
  const firstHeading =
    source === 'markdown' ? /^ {0,3}#{1,6}[ \t]+(.+?)[ \t#]*$/m.exec(raw)?.[1]?.trim() : undefined;
  return { title: firstHeading || baseName, source, fileName: name, text: raw };
}
