// A passage with the query's words in <mark>: React text nodes, never HTML from the document.
import type { ReactNode } from 'react';
import { highlightSegments } from '../text/highlight.js';

export function Highlighted({ text, query }: { text: string; query: string }): ReactNode {
  return highlightSegments(text, query).map((segment, i) =>
    segment.match ? <mark key={i}>{segment.text}</mark> : <span key={i}>{segment.text}</span>,
  );
}
