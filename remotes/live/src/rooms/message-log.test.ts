import { addPending, addStored, latestStoredAt, markDelivery, markStored, type StoredMessage } from './message-log.js';

const row = (id: number, at: string, body = `m${id}`): StoredMessage => ({ id, project_id: 1, author_id: 'u', body, created_at: at });

describe('a room’s message log', () => {
  it('merges history and live rows in time order, each row once', () => {
    let log = addStored([], [row(2, '2026-01-01T10:02:00Z'), row(1, '2026-01-01T10:01:00Z')]);
    log = addStored(log, [row(2, '2026-01-01T10:02:00Z'), row(3, '2026-01-01T10:03:00Z')]);
    expect(log.map((e) => e.message.id)).toEqual([1, 2, 3]);
    expect(addStored(log, [row(3, '2026-01-01T10:03:00Z')])).toBe(log); // nothing new: same log
    expect(latestStoredAt(log)).toBe('2026-01-01T10:03:00Z');
  });

  it('follows an own message from sending to stored to delivered, or failed', () => {
    let log = addStored([], [row(1, '2026-01-01T10:01:00Z')]);
    log = addPending(log, 'local-1', { id: null, project_id: 1, author_id: 'me', body: 'hi', created_at: '2026-01-01T10:05:00Z' });
    expect(log.at(-1)).toMatchObject({ key: 'local-1', delivery: 'sending' });
    expect(latestStoredAt(log)).toBe('2026-01-01T10:01:00Z'); // pending is not stored yet

    // Its own broadcast echo (another tab) arrives before the insert's answer: kept once.
    log = addStored(log, [row(9, '2026-01-01T10:04:00Z', 'hi')]);
    log = markStored(log, 'local-1', row(9, '2026-01-01T10:04:00Z', 'hi'));
    expect(log.map((e) => [e.key, e.message.id, e.delivery])).toEqual([
      ['m1', 1, null],
      ['local-1', 9, 'stored'],
    ]);
    log = markDelivery(log, 'local-1', 'delivered');
    expect(log.at(-1)!.delivery).toBe('delivered');
    expect(markDelivery(log, 'local-1', 'failed', 'refused').at(-1)).toMatchObject({ delivery: 'failed', error: 'refused' });
  });
});
