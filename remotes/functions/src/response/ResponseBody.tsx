// The body of an answer, shown by its type: JSON as a tree, event streams as their events, text,
// HTML as source (never rendered), images, and anything else as a download.
import { Button, CodeBlock, EmptyState } from '@portal/ui';
import { useEffect, useMemo, type ReactNode } from 'react';
import { JsonTree } from './JsonTree.js';
import { chooseRenderer, formatBytes, mediaType, parseEventStream } from './renderer.js';

const decoder = new TextDecoder();

function ObjectUrl({
  bytes,
  type,
  children,
}: {
  bytes: Uint8Array;
  type: string;
  children: (url: string) => ReactNode;
}): ReactNode {
  const url = useMemo(
    () => URL.createObjectURL(new Blob([bytes as BlobPart], { type })),
    [bytes, type],
  );
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return children(url);
}

export function ResponseBody({
  bytes,
  contentType,
  streaming,
  functionName,
}: {
  bytes: Uint8Array;
  contentType: string | null;
  streaming: boolean;
  functionName: string;
}): ReactNode {
  const kind = chooseRenderer(contentType, bytes.length);
  const text = useMemo(
    () => (kind === 'image' || kind === 'binary' ? '' : decoder.decode(bytes)),
    [bytes, kind],
  );
  const json = useMemo(() => {
    if (kind !== 'json' || streaming) return { ok: false as const };
    try {
      return { ok: true as const, value: JSON.parse(text) as unknown };
    } catch {
      return { ok: false as const };
    }
  }, [kind, streaming, text]);

  const body = (() => {
    switch (kind) {
      case 'empty':
        return <EmptyState title="No body" description="The function answered without one." />;
      case 'json':
        return json.ok ? (
          <JsonTree value={json.value} />
        ) : (
          <CodeBlock code={text} label="Body (not valid JSON yet)" wrap />
        );
      case 'event-stream': {
        const events = parseEventStream(text);
        return (
          <ol className="fn-events" aria-label="Events received">
            {events.map((event, i) => (
              <li key={i} className="fn-events__item" data-event={event.event}>
                <span className="fn-events__name">{event.event}</span>
                <code className="fn-events__data">{event.data}</code>
              </li>
            ))}
            {events.length === 0 ? (
              <li className="fn-events__waiting">
                {streaming ? 'Waiting for the first event…' : 'No events.'}
              </li>
            ) : null}
          </ol>
        );
      }
      case 'text':
        return <CodeBlock code={text} label="Text" wrap maxHeight="28rem" />;
      case 'html-source':
        return (
          <CodeBlock
            code={text}
            label="HTML (source, not rendered)"
            language="html"
            wrap
            maxHeight="28rem"
          />
        );
      case 'image':
        return (
          <ObjectUrl bytes={bytes} type={mediaType(contentType)}>
            {(url) => (
              <img className="fn-image" src={url} alt={`Image answered by ${functionName}`} />
            )}
          </ObjectUrl>
        );
      case 'binary':
        return (
          <ObjectUrl bytes={bytes} type={mediaType(contentType) || 'application/octet-stream'}>
            {(url) => (
              <p className="fn-binary">
                {formatBytes(bytes.length)} of {mediaType(contentType) || 'binary data'}.{' '}
                <Button
                  onClick={() => {
                    const a = document.createElement('a');
                    a.href = url;
                    a.download = `${functionName}-response`;
                    a.click();
                  }}
                >
                  Download
                </Button>
              </p>
            )}
          </ObjectUrl>
        );
    }
  })();
  return (
    <div className="fn-body" data-renderer={kind} data-streaming={streaming ? 'true' : 'false'}>
      {body}
    </div>
  );
}
