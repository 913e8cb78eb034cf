// The live remote's background runs on every signed-in page: loading its modules must not build
// the zod schemas they check rows with. zod's constructors were 5–10 ms of the task that ran them,
// at full speed (issue #40); each schema is made at its first use instead, once.
jest.mock('zod/mini', () => {
  const actual = jest.requireActual<typeof import('zod/mini')>('zod/mini');
  return { ...actual, object: jest.fn(actual.object) };
});

import * as z from 'zod/mini';

const made = z.object as unknown as jest.Mock;

beforeEach(() => made.mockClear());

it('builds no schema while the modules load, and each one once at its first use', () => {
  let log!: typeof import('./rooms/message-log.js');
  let counts!: typeof import('./unread/unread-counts.js');
  jest.isolateModules(() => {
    log = require('./rooms/message-log.js');
    counts = require('./unread/unread-counts.js');
  });
  expect(made).not.toHaveBeenCalled();

  const row = { id: 1, project_id: 2, author_id: 'a', body: 'hi', created_at: '2026-11-30T12:00:00Z', client_id: null, edited_at: null, deleted_at: null, mentions: [] };
  expect(log.storedMessageSchema().safeParse(row).success).toBe(true);
  expect(log.storedMessageSchema().safeParse({ ...row, id: 'x' }).success).toBe(false);
  expect(log.storedMessageSchema()).toBe(log.storedMessageSchema());
  expect(made).toHaveBeenCalledTimes(1);

  expect(counts.countsFromRows([{ project_id: '2', unread: 3, mentions: 1 }])).toEqual(new Map([[2, 3]]));
  expect(counts.mentionsFromRows([{ project_id: 2, unread: 3, mentions: 1 }])).toEqual(new Map([[2, 1]]));
  expect(made).toHaveBeenCalledTimes(2);
});
