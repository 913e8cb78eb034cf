// A file shown in place through a short-lived signed URL: images, video, audio and PDF by the
// browser itself; text and JSON as text; Markdown rendered and sanitised (preview/markdown.ts);
// CSV as a table (preview/csv.ts). Those two are downloaded with the first such preview, beside
// the file itself (marked, DOMPurify and Papa Parse are about 32 KB gzipped).
import { usePortal } from '@portal/platform';
import { Alert, Button, Dialog, ErrorState, ProgressBar } from '@portal/ui';
import { useEffect, useState, type ReactNode } from 'react';
import { describeFailure } from '../failures.js';
import type { CsvTable } from '../preview/csv.js';
import type { Entry } from '../storage/folder-page.js';

const TEXT_LIMIT = 512 * 1024;
const READ_AS_TEXT: ReadonlySet<Kind> = new Set(['text', 'json', 'markdown', 'csv']);

type Shown =
  | { status: 'loading' }
  | { status: 'error'; error: string }
  | { status: 'ready'; url: string; text: string | null; view: View };

/** A Markdown file as sanitised HTML, a CSV file as a table; null for the other kinds. */
type View = { kind: 'markdown'; html: string } | { kind: 'csv'; table: CsvTable } | null;

/** Renders what the preview shows for `text`, with the renderer's code loaded (once) on the way. */
async function viewOf(kind: Kind, text: string | null, renderers: Renderers): Promise<View> {
  if (text === null) return null;
  if (kind === 'markdown' && renderers.markdown) return { kind, html: (await renderers.markdown).renderMarkdown(text) };
  if (kind === 'csv' && renderers.csv) return { kind, table: (await renderers.csv).parseCsvTable(text) };
  return null;
}

interface Renderers {
  markdown: Promise<typeof import('../preview/markdown.js')> | null;
  csv: Promise<typeof import('../preview/csv.js')> | null;
}

type Kind = 'image' | 'video' | 'audio' | 'pdf' | 'json' | 'markdown' | 'csv' | 'text' | 'other';

function kindOf(type: string, name: string): Kind {
  if (type === 'text/markdown' || /\.(md|markdown)$/i.test(name)) return 'markdown';
  if (type === 'text/csv' || /\.csv$/i.test(name)) return 'csv';
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('audio/')) return 'audio';
  if (type === 'application/pdf') return 'pdf';
  if (type === 'application/json') return 'json';
  if (type.startsWith('text/')) return 'text';
  return 'other';
}

export function PreviewDialog({
  bucket,
  entry,
  onClose,
}: {
  bucket: string;
  isPublic: boolean;
  entry: Entry;
  onClose: () => void;
}): ReactNode {
  const { supabase } = usePortal();
  const kind = kindOf(entry.type ?? '', entry.name);
  const [shown, setShown] = useState<Shown>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    // Asked for at once, beside the signed URL and the file's text.
    const renderers: Renderers = {
      markdown: kind === 'markdown' ? import('../preview/markdown.js') : null,
      csv: kind === 'csv' ? import('../preview/csv.js') : null,
    };
    // A renderer that did not download is reported by viewOf below, or not needed after an error.
    for (const renderer of Object.values(renderers)) renderer?.catch(() => undefined);
    void (async () => {
      const { data, error } = await supabase.storage.from(bucket).createSignedUrl(entry.key, 600);
      if (error) return live && setShown({ status: 'error', error: describeFailure(error) });
      let text: string | null = null;
      if (READ_AS_TEXT.has(kind) && (entry.size ?? 0) <= TEXT_LIMIT) {
        const response = await fetch(data.signedUrl);
        text = await response.text();
        if (kind === 'json') {
          try {
            text = JSON.stringify(JSON.parse(text), null, 2);
          } catch {
            // Not valid JSON: shown as it is.
          }
        }
      }
      const view = await viewOf(kind, text, renderers);
      if (live) setShown({ status: 'ready', url: data.signedUrl, text, view });
    })().catch(
      (error: unknown) => live && setShown({ status: 'error', error: describeFailure(error) }),
    );
    return () => {
      live = false;
    };
  }, [supabase, bucket, entry.key, entry.size, kind]);

  let body: ReactNode;
  if (shown.status === 'loading') body = <ProgressBar label="Opening the file" hideLabel />;
  else if (shown.status === 'error')
    body = <ErrorState title="Could not open the file" message={shown.error} />;
  else if (kind === 'image')
    body = <img className="files-preview-media" src={shown.url} alt={entry.name} />;
  else if (kind === 'video')
    body = <video className="files-preview-media" src={shown.url} controls />;
  else if (kind === 'audio') body = <audio src={shown.url} controls />;
  else if (kind === 'pdf')
    body = <iframe className="files-preview-pdf" src={shown.url} title={entry.name} />;
  else if (shown.view?.kind === 'markdown') body = <MarkdownPreview html={shown.view.html} />;
  else if (shown.view?.kind === 'csv') body = <CsvPreview table={shown.view.table} />;
  else if (shown.text !== null)
    body = (
      <pre className="files-preview-text" data-testid="preview-text">
        {shown.text}
      </pre>
    );
  else body = <p>This kind of file cannot be shown here. Download it to open it.</p>;

  return (
    <Dialog
      open
      onClose={onClose}
      title={entry.name}
      size="xl"
      footer={
        shown.status === 'ready' ? (
          <Button variant="secondary" onClick={() => window.open(shown.url, '_blank', 'noopener')}>
            Open in a new tab
          </Button>
        ) : undefined
      }
    >
      {body}
    </Dialog>
  );
}

function MarkdownPreview({ html }: { html: string }): ReactNode {
  // renderMarkdown's output is sanitised: no scripts, handlers or javascript: addresses survive.
  return (
    <div
      className="files-preview-markdown"
      data-testid="preview-markdown"
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

function CsvPreview({ table }: { table: CsvTable }): ReactNode {
  return (
    <div className="files-preview-csv">
      {table.problem ? (
        <Alert tone="warning">Parts of this file may be shown wrongly. {table.problem}</Alert>
      ) : null}
      <table data-testid="preview-csv">
        <thead>
          <tr>
            {table.header.map((name, index) => (
              <th key={index} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((cells, rowIndex) => (
            <tr key={rowIndex}>
              {cells.map((cell, index) => (
                <td key={index}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {table.totalRows > table.rows.length ? (
        <p className="files-muted">
          The first {table.rows.length} of {table.totalRows} rows. Download the file to see them
          all.
        </p>
      ) : null}
    </div>
  );
}
