import { addStored, clientIdsOf, latestChangeAt, latestStoredAt, microsOf, type StoredMessage } from './message-log.js';

const row = (id: number, at: string, more: Partial<StoredMessage> = {}): StoredMessage => ({
  id,
  project_id: 1,
  author_id: 'u',
  body: `m${id}`,
  created_at: at,
  client_id: null,
  edited_at: null,
  deleted_at: null,
  mentions: [],
  ...more,
});

describe('a room’s message log', () => {
  it('merges history and live rows in time order, each row once', () => {
    let log = addStored([], [row(2, '2026-01-01T10:02:00+00:00'), row(1, '2026-01-01T10:01:00Z')]);
    log = addStored(log, [row(2, '2026-01-01T10:02:00+00:00'), row(3, '2026-01-01T10:03:00.000001+00:00')]);
    expect(log.map((e) => e.message.id)).toEqual([1, 2, 3]);
    expect(addStored(log, [row(3, '2026-01-01T10:03:00.000001+00:00')])).toBe(log); // nothing new: same log
    expect(latestStoredAt(log)).toBe('2026-01-01T10:03:00.000001+00:00');
  });

  it('compares times to the microsecond, whatever zone suffix they carry', () => {
    expect(microsOf('2026-01-01T10:00:00.000002+00:00')).toBeGreaterThan(microsOf('2026-01-01T10:00:00.000001Z'));
    expect(microsOf('2026-01-01T11:00:00+01:00')).toBe(microsOf('2026-01-01T10:00:00Z'));
  });

  it('keeps the newest version of a row: an edit or a deletion replaces it, an older copy arriving late does not', () => {
    const original = row(1, '2026-01-01T10:01:00Z', { body: 'helo' });
    const edited = { ...original, body: 'hello', edited_at: '2026-01-01T10:02:00Z' };
    const deleted = { ...original, body: '', edited_at: '2026-01-01T10:02:00Z', deleted_at: '2026-01-01T10:03:00Z' };
    let log = addStored([], [original]);
    log = addStored(log, [edited]);
    expect(log[0]!.message.body).toBe('hello');
    log = addStored(log, [original]); // a catch-up read before the edit, answering late
    expect(log[0]!.message.body).toBe('hello');
    log = addStored(log, [deleted]);
    expect(log[0]!.message.deleted_at).not.toBeNull();
    expect(addStored(log, [edited])[0]!.message.deleted_at).not.toBeNull();
    expect(latestChangeAt(log)).toBe('2026-01-01T10:03:00Z');
  });

  it('follows an own message from stored to delivered, and knows which outbox ids are stored', () => {
    let log = addStored([], [row(9, '2026-01-01T10:04:00Z', { client_id: 'c-9' })], 'stored');
    expect(log[0]!.delivery).toBe('stored');
    log = addStored(log, [row(9, '2026-01-01T10:04:00Z', { client_id: 'c-9' })], 'delivered');
    expect(log[0]!.delivery).toBe('delivered');
    expect(addStored(log, [row(9, '2026-01-01T10:04:00Z', { client_id: 'c-9' })], 'stored')[0]!.delivery).toBe('delivered');
    expect(clientIdsOf(log)).toEqual(new Set(['c-9']));
  });
});
