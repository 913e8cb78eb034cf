// Which view shows a response body, from its Content-Type. HTML is only ever shown as source:
// a function's answer must not run in the portal's page.

export type RendererKind =
  'empty' | 'json' | 'event-stream' | 'text' | 'html-source' | 'image' | 'binary';

/** The media type without parameters, lower case; '' when there is none. */
export function mediaType(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

export function chooseRenderer(contentType: string | null, size: number): RendererKind {
  const type = mediaType(contentType);
  if (type === 'text/event-stream') return 'event-stream';
  if (size === 0) return 'empty';
  if (type === 'application/json' || type.endsWith('+json')) return 'json';
  if (type === 'text/html' || type === 'application/xhtml+xml') return 'html-source';
  if (type.startsWith('image/')) return 'image';
  if (
    type === '' ||
    type.startsWith('text/') ||
    type === 'application/xml' ||
    type.endsWith('+xml') ||
    type === 'application/javascript' ||
    type === 'application/x-www-form-urlencoded'
  ) {
    return 'text';
  }
  return 'binary';
}

/** Whether the body is worth showing as it arrives (streams and chunked text). */
export function rendersProgressively(kind: RendererKind): boolean {
  return kind === 'event-stream' || kind === 'text' || kind === 'html-source';
}

export interface ServerSentEvent {
  event: string;
  data: string;
  id: string | null;
}

/** The complete events in a text/event-stream so far (WHATWG framing: blank line ends an event). */
export function parseEventStream(text: string): ServerSentEvent[] {
  const events: ServerSentEvent[] = [];
  const blocks = text.replace(/\r\n?/g, '\n').split('\n\n');
  blocks.pop(); // the last block is unfinished (or empty after a final blank line)
  for (const block of blocks) {
    let event = 'message';
    let id: string | null = null;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
      else if (field === 'id') id = value;
    }
    if (data.length || event !== 'message') events.push({ event, data: data.join('\n'), id });
  }
  return events;
}

export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(1)} KB`;
  return `${(size / 1024 / 1024).toFixed(1)} MB`;
}
