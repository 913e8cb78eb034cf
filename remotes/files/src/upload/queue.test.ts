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

    // Its numbered name refused in turn (taken meanwhile): the next number of the first name.
    const again = run(
      [
        { type: 'start', id: '4', now: 0 },
        { type: 'exists', id: '4' },
        {
          type: 'resolve',
          id: '4',
          choice: 'keep-both',
          taken: new Set(['me/b.png', 'me/b (1).png', 'me/b (2).png']),
          base: 'me/b.png',
        },
      ],
      resolved,
    );
    expect(again.items[3]).toMatchObject({ status: 'queued', key: 'me/b (3).png' });
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

describe('pausing, resuming and cancelling resumable uploads', () => {
  const big = { name: 'video.txt', type: 'text/plain', size: 900 };
  const withBig = run([
    {
      type: 'add',
      limits,
      files: [
        { id: 'r', file: big, key: 'me/video.txt', resumable: true },
        { id: 'p', file: file('plain.txt'), key: 'me/plain.txt' },
      ],
    },
    { type: 'start', id: 'r', now: 0 },
    { type: 'start', id: 'p', now: 0 },
    { type: 'progress', id: 'r', loaded: 300, now: 1000 },
  ]);

  it('pauses a resumable upload that is sending, keeping its bytes, and frees its slot', () => {
    const paused = run([{ type: 'pause', id: 'r' }], withBig);
    expect(paused.items[0]).toMatchObject({ status: 'paused', loaded: 300 });
    expect(queueSummary(paused).active).toBe(2);
    // Late reports of the stopped attempt change nothing.
    expect(
      run(
        [
          { type: 'progress', id: 'r', loaded: 400, now: 1100 },
          { type: 'fail', id: 'r', reason: 'aborted' },
          { type: 'stored', id: 'r', now: 1200 },
        ],
        paused,
      ),
    ).toBe(paused);
  });

  it('does not pause a plain upload (it can only be cancelled) nor a queued or finished item', () => {
    expect(run([{ type: 'pause', id: 'p' }], withBig)).toBe(withBig);
    const stored = run([{ type: 'stored', id: 'r', now: 2000 }], withBig);
    expect(run([{ type: 'pause', id: 'r' }], stored)).toBe(stored);
  });

  it('resumes into the queue, starts from the bytes it had, then from the offset the server reports', () => {
    let state = run(
      [
        { type: 'pause', id: 'r' },
        { type: 'resume', id: 'r' },
      ],
      withBig,
    );
    expect(state.items[0]).toMatchObject({ status: 'queued', loaded: 300 });
    expect(itemsToStart(state, 3).map((item) => item.id)).toEqual(['r']);
    state = run(
      [
        { type: 'start', id: 'r', now: 5000 },
        { type: 'resumed-from', id: 'r', offset: 240, now: 5100 },
        { type: 'progress', id: 'r', loaded: 540, now: 6100 },
      ],
      state,
    );
    expect(state.items[0]).toMatchObject({ status: 'sending', resumedFrom: 240, loaded: 540 });
    // The speed counts only what this attempt sent: 300 bytes in one second.
    expect(transferRate(state.items[0]!)).toEqual({ bytesPerSecond: 300, secondsLeft: 1.2 });
    state = run([{ type: 'stored', id: 'r', now: 7000 }], state);
    expect(state.items[0]).toMatchObject({ status: 'stored', loaded: 900 });
  });

  it('cancels a paused or failed upload; a cancelled one neither resumes nor retries', () => {
    const paused = run([{ type: 'pause', id: 'r' }], withBig);
    const cancelled = run([{ type: 'cancel', id: 'r' }], paused);
    expect(cancelled.items[0]!.status).toBe('cancelled');
    expect(
      run(
        [
          { type: 'resume', id: 'r' },
          { type: 'retry', id: 'r' },
        ],
        cancelled,
      ),
    ).toBe(cancelled);
    const failed = run([{ type: 'fail', id: 'p', reason: 'The connection failed' }], withBig);
    expect(run([{ type: 'cancel', id: 'p' }], failed).items[1]!.status).toBe('cancelled');
  });

  it('retries a failed upload: a resumable one keeps its bytes, a plain one starts over', () => {
    const failed = run(
      [
        { type: 'progress', id: 'p', loaded: 50, now: 1000 },
        { type: 'fail', id: 'r', reason: 'The connection failed' },
        { type: 'fail', id: 'p', reason: 'The connection failed' },
        { type: 'retry', id: 'r' },
        { type: 'retry', id: 'p' },
      ],
      withBig,
    );
    expect(failed.items[0]).toMatchObject({ status: 'queued', loaded: 300, reason: null });
    expect(failed.items[1]).toMatchObject({ status: 'queued', loaded: 0, reason: null });
  });
});
