import {
  EMPTY_QUEUE,
  itemsToStart,
  queueReducer,
  queueSummary,
  transferRate,
  type QueueEvent,
  type QueueState,
} from './queue.js';

const limits = { fileSizeLimit: 1000, allowedMimeTypes: ['text/*', 'image/*'] };
const file = (name: string, size = 100, type = 'text/plain') => ({ name, type, size });

function run(events: QueueEvent[], state: QueueState = EMPTY_QUEUE): QueueState {
  return events.reduce(queueReducer, state);
}

const added = run([
  {
    type: 'add',
    limits,
    files: [
      { id: '1', file: file('a.txt'), key: 'me/a.txt' },
      { id: '2', file: file('big.txt', 5000), key: 'me/big.txt' },
      { id: '3', file: file('tool.exe', 10, 'application/x-msdownload'), key: 'me/tool.exe' },
      { id: '4', file: file('b.png', 200, 'image/png'), key: 'me/b.png' },
      { id: '5', file: file('c.txt'), key: 'me/c.txt' },
    ],
  },
]);

describe('the upload queue', () => {
  it('refuses files the bucket would refuse when they are added, with the reason, and queues the rest', () => {
    expect(added.items.map((item) => item.status)).toEqual([
      'queued',
      'refused',
      'refused',
      'queued',
      'queued',
    ]);
    expect(added.items[1]!.reason).toMatch(/up to 1000 bytes/);
    expect(added.items[2]!.reason).toMatch(/application\/x-msdownload/);
  });

  it('starts no more than the concurrency allows, in order', () => {
    expect(itemsToStart(added, 2).map((item) => item.id)).toEqual(['1', '4']);
    const sending = run([{ type: 'start', id: '1', now: 0 }], added);
    expect(itemsToStart(sending, 2).map((item) => item.id)).toEqual(['4']);
  });

  it('tracks progress, speed and time left, and ends stored', () => {
    let state = run(
      [
        { type: 'start', id: '1', now: 1000 },
        { type: 'progress', id: '1', loaded: 25, now: 1500 },
      ],
      added,
    );
    expect(transferRate(state.items[0]!)).toEqual({ bytesPerSecond: 50, secondsLeft: 1.5 });
    state = run([{ type: 'stored', id: '1', now: 2000 }], state);
    expect(state.items[0]).toMatchObject({ status: 'stored', loaded: 100 });
    expect(queueSummary(state)).toEqual({ total: 5, stored: 1, active: 2, refused: 2 });
  });

  it('asks about an existing name: replace sends again with upsert, keep both picks a free name, skip ends it', () => {
    const asking = run(
      [
        { type: 'start', id: '1', now: 0 },
        { type: 'exists', id: '1' },
        { type: 'start', id: '4', now: 0 },
        { type: 'exists', id: '4' },
        { type: 'start', id: '5', now: 0 },
        { type: 'exists', id: '5' },
      ],
      added,
    );
    expect(asking.items.filter((item) => item.status === 'exists')).toHaveLength(3);
    const resolved = run(
      [
        { type: 'resolve', id: '1', choice: 'replace', taken: new Set() },
        {
          type: 'resolve',
          id: '4',
          choice: 'keep-both',
          taken: new Set(['me/b.png', 'me/b (1).png']),
        },
        { type: 'resolve', id: '5', choice: 'skip', taken: new Set() },
      ],
      asking,
    );
    expect(resolved.items[0]).toMatchObject({ status: 'queued', upsert: true, key: 'me/a.txt' });
    expect(resolved.items[3]).toMatchObject({
      status: 'queued',
      upsert: false,
      key: 'me/b (2).png',
    });
    expect(resolved.items[4]).toMatchObject({ status: 'skipped' });
  });

  it('cancels queued, sending and asking items but not finished ones; ignores events out of order', () => {
    let state = run(
      [
        { type: 'start', id: '1', now: 0 },
        { type: 'cancel', id: '1' },
        { type: 'cancel', id: '4' },
      ],
      added,
    );
    expect(state.items[0]!.status).toBe('cancelled');
    expect(state.items[3]!.status).toBe('cancelled');
    // A late progress or completion report of a cancelled upload changes nothing.
    expect(
      run(
        [
          { type: 'progress', id: '1', loaded: 50, now: 5 },
          { type: 'stored', id: '1', now: 6 },
        ],
        state,
      ),
    ).toBe(state);
    state = run([{ type: 'cancel', id: '2' }], state);
    expect(state.items[1]!.status).toBe('refused');
  });

  it('records a failure with its reason, and clears finished items', () => {
    const state = run(
      [
        { type: 'start', id: '1', now: 0 },
        { type: 'fail', id: '1', reason: 'new row violates row-level security policy' },
      ],
      added,
    );
    expect(state.items[0]).toMatchObject({
      status: 'failed',
      reason: 'new row violates row-level security policy',
    });
    expect(run([{ type: 'clear-finished' }], state).items.map((item) => item.id)).toEqual([
      '4',
      '5',
    ]);
  });
});
