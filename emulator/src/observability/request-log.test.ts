import { RequestLog, type NewRequestEntry } from './request-log.js';

function entry(path: string): NewRequestEntry {
  return {
    time: '2026-01-01T00:00:00.000Z',
    service: 'rest',
    method: 'GET',
    path,
    query: '',
    role: 'anon',
    user: null,
    email: null,
    status: 200,
    durationMs: 1,
    rows: null,
    requestHeaders: {},
    requestBody: { text: null, note: null },
    responseHeaders: {},
    responseBody: { text: null, note: null },
    claims: null,
    rawQuery: '',
  };
}

describe('RequestLog.recordLater', () => {
  it('makes (and masks) an entry only when the log is read, once', () => {
    const log = new RequestLog(10);
    const make = jest.fn(() => entry('/rest/v1/notes'));
    log.recordLater(make);
    log.recordLater(() => entry('/rest/v1/posts'));
    expect(make).not.toHaveBeenCalled();

    const listed = log.list();
    expect(listed.map((e) => [e.id, e.path])).toEqual([
      [1, '/rest/v1/notes'],
      [2, '/rest/v1/posts'],
    ]);
    expect(log.get(1)).toBe(listed[0]);
    expect(make).toHaveBeenCalledTimes(1);
  });

  it('makes the entry at once while someone follows the log', () => {
    const log = new RequestLog(10);
    const seen: string[] = [];
    const unsubscribe = log.subscribe((e) => seen.push(`${e.id} ${e.path}`));
    log.recordLater(() => entry('/auth/v1/token'));
    log.record(entry('/realtime/v1/websocket'));
    expect(seen).toEqual(['1 /auth/v1/token', '2 /realtime/v1/websocket']);
    unsubscribe();
  });

  it('never makes the entries pushed out unread', () => {
    const log = new RequestLog(2);
    const first = jest.fn(() => entry('/first'));
    log.recordLater(first);
    log.recordLater(() => entry('/second'));
    log.recordLater(() => entry('/third'));
    expect(log.list().map((e) => e.path)).toEqual(['/second', '/third']);
    expect(log.get(1)).toBeUndefined();
    expect(first).not.toHaveBeenCalled();
  });
});
