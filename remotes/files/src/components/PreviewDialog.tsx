// A file shown in place through a short-lived signed URL: images, video, audio and PDF by the
// browser itself; text, Markdown, JSON and CSV read as text and shown as text (never as HTML).
import { usePortal } from '@portal/platform';
import { Button, Dialog, ErrorState, ProgressBar } from '@portal/ui';
import { useEffect, useState, type ReactNode } from 'react';
import type { Entry } from '../storage-access.js';

const TEXT_LIMIT = 512 * 1024;

type Shown =
  | { status: 'loading' }
  | { status: 'error'; error: string }
  | { status: 'ready'; url: string; text: string | null };

function kindOf(type: string): 'image' | 'video' | 'audio' | 'pdf' | 'json' | 'text' | 'other' {
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
  const kind = kindOf(entry.type ?? '');
  const [shown, setShown] = useState<Shown>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    void (async () => {
      const { data, error } = await supabase.storage.from(bucket).createSignedUrl(entry.key, 600);
      if (error) return live && setShown({ status: 'error', error: error.message });
      let text: string | null = null;
      if ((kind === 'text' || kind === 'json') && (entry.size ?? 0) <= TEXT_LIMIT) {
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
      if (live) setShown({ status: 'ready', url: data.signedUrl, text });
    })().catch((error: Error) => live && setShown({ status: 'error', error: error.message }));
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
