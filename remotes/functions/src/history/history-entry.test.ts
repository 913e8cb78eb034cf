import { emptyRequest } from '../invoke/request.js';
import { searchHistory, type HistoryEntry } from './history-entry.js';

function entry(id: string, at: string, patch: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    id,
    userId: 'u',
    at,
    request: emptyRequest('hello'),
    kind: 'ok',
    status: 200,
    contentType: 'application/json',
    durationMs: 5,
    size: 10,
    bodyPreview: '',
    ...patch,
  };
}

it('searches function, status and bodies by every word, newest first', () => {
  const entries = [
    entry('1', '2026-01-01T00:00:00Z', { bodyPreview: '{"message":"Hello, Ada!"}' }),
    entry('2', '2026-01-02T00:00:00Z', {
      request: { ...emptyRequest('echo'), body: { kind: 'text', text: 'plain words' } },
    }),
    entry('3', '2026-01-03T00:00:00Z', {
      status: 504,
      kind: 'relay-error',
      request: emptyRequest('slow'),
    }),
  ];
  expect(searchHistory(entries, '').map((e) => e.id)).toEqual(['3', '2', '1']);
  expect(searchHistory(entries, 'hello ada').map((e) => e.id)).toEqual(['1']);
  expect(searchHistory(entries, 'PLAIN').map((e) => e.id)).toEqual(['2']);
  expect(searchHistory(entries, '504').map((e) => e.id)).toEqual(['3']);
  expect(searchHistory(entries, 'relay-error slow').map((e) => e.id)).toEqual(['3']);
  expect(searchHistory(entries, 'nothing')).toEqual([]);
});
