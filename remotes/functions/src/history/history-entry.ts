// What the history keeps of one invocation, and how it is searched.
import type { InvocationRequest } from '../invoke/request.js';
import type { OutcomeKind } from '../invoke/run-invocation.js';

/** Bodies longer than this are kept cut short in the history. */
export const HISTORY_BODY_CHARS = 4000;

export interface HistoryEntry {
  id: string;
  /** The person who made it (their user id); each person sees only their own. */
  userId: string;
  at: string;
  request: InvocationRequest;
  kind: OutcomeKind;
  status: number | null;
  contentType: string | null;
  durationMs: number;
  size: number;
  /** The start of the body as text (for the list and search). */
  bodyPreview: string;
}

/** Entries matching every word of the query in the function, method, path, status or body, newest first. */
export function searchHistory(entries: readonly HistoryEntry[], query: string): HistoryEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return entries
    .filter((entry) => {
      const haystack = [
        entry.request.functionName,
        entry.request.method,
        entry.request.path,
        entry.request.query.map(([k, v]) => `${k}=${v}`).join('&'),
        entry.status === null ? '' : String(entry.status),
        entry.kind,
        entry.request.body.kind === 'json' || entry.request.body.kind === 'text'
          ? entry.request.body.text
          : '',
        entry.bodyPreview,
      ]
        .join(' ')
        .toLowerCase();
      return words.every((word) => haystack.includes(word));
    })
    .sort((a, b) => b.at.localeCompare(a.at));
}
