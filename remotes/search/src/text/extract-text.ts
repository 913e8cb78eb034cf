// A picked file → the document's text and its source kind. Markdown and plain text are kept as
// they are (the splitter reads Markdown headings); HTML is read with the browser's DOMParser
// (scripts never run, nothing is rendered) and turned into text whose headings become Markdown
// headings, so its sections split the same way.

export type SourceKind = 'paste' | 'text' | 'markdown' | 'html' | 'pdf';

export const ACCEPTED_FILES =
  '.txt,.text,.md,.markdown,.html,.htm,text/plain,text/markdown,text/html';

export function sourceOfFile(name: string, type: string): SourceKind | null {
  const lower = name.toLowerCase();
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
}

function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () =>
      reject(
        new Error(`${file.name} could not be read: ${reader.error?.message ?? 'unknown error'}`),
      );
    reader.readAsText(file);
  });
}

export async function readDocumentFile(file: File): Promise<ReadDocument> {
  const source = sourceOfFile(file.name, file.type);
  if (!source)
    throw new Error(
      `${file.name}: only text (.txt), Markdown (.md) and HTML (.html) files can be added.`,
    );
  const raw = await readText(file);
  const baseName = file.name.replace(/\.[^.]+$/, '') || file.name;
  if (source === 'html') {
    const { title, text } = htmlToText(raw);
    return { title: title ?? baseName, source, fileName: file.name, text };
  }
  const firstHeading =
    source === 'markdown' ? /^ {0,3}#{1,6}[ \t]+(.+?)[ \t#]*$/m.exec(raw)?.[1]?.trim() : undefined;
  return { title: firstHeading || baseName, source, fileName: file.name, text: raw };
}
