/** @jest-environment jsdom */
import { createExternalStore, installPortal, type ConnectionState, type Portal } from '@portal/platform';
import { closeOutbox, discard, enqueue, onStored, openOutbox, outboxEntries, retry } from './outbox.js';

type Answer = { data: unknown; error: unknown } | 'no answer';

/** A portal whose table answers as the test says, one request at a time. */
function fakePortal() {
  const sent: { kind: 'upsert' | 'read'; values?: Record<string, unknown>; options?: unknown }[] = [];
  const answers: Answer[] = [];
  const waiting: (() => void)[] = [];
  const connection = createExternalStore<ConnectionState>({ status: 'connected', since: 0 });
  const next = async (): Promise<{ data: unknown; error: unknown }> => {
    while (answers.length === 0) await new Promise<void>((resolve) => waiting.push(resolve));
    const answer = answers.shift()!;
    return answer === 'no answer' ? { data: null, error: { message: 'TypeError: Failed to fetch', details: 'TypeError: Failed to fetch\n    at x.js:1', hint: '', code: '' } } : answer;
  };
  const reading = { eq: () => reading, maybeSingle: () => next() };
  const supabase = {
    from: () => ({
      upsert: (values: Record<string, unknown>, options: unknown) => {
        sent.push({ kind: 'upsert', values, options });
        return { select: () => next() };
      },
      select: () => {
        sent.push({ kind: 'read' });
        return reading;
      },
    }),
  };
  installPortal({ supabase, connection } as unknown as Portal);
  return {
    sent,
    connection,
    answer(...next: Answer[]) {
      answers.push(...next);
      for (const wake of waiting.splice(0)) wake();
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const stored = (id: number, values: Record<string, unknown> | undefined) => ({
  data: [{ id, project_id: values?.project_id, author_id: 'me', body: values?.body, created_at: '2026-01-01T10:00:00Z', client_id: values?.client_id, edited_at: null, deleted_at: null, mentions: [] }],
  error: null,
});

afterEach(() => {
  closeOutbox({ clear: true });
  localStorage.clear();
});

describe('the outbox', () => {
  it('sends in the order written, one at a time, each with its own client id and "do nothing" on a conflict', async () => {
    const db = fakePortal();
    const heard: string[] = [];
    const stop = onStored((row) => heard.push(row.body));
    openOutbox('me');
    enqueue(1, 'first', []);
    enqueue(1, 'second', ['u-sam']);
    await settle();
    expect(db.sent).toHaveLength(1); // the second waits for the first's answer
    db.answer(stored(1, db.sent[0]!.values));
    await settle();
    db.answer(stored(2, db.sent[1]!.values));
    await settle();
    expect(db.sent.map((s) => s.values?.body)).toEqual(['first', 'second']);
    expect(db.sent[1]!.values).toMatchObject({ project_id: 1, mentions: ['u-sam'] });
    expect(db.sent[0]!.values!.client_id).not.toBe(db.sent[1]!.values!.client_id);
    expect(db.sent[0]!.options).toEqual({ onConflict: 'author_id,client_id', ignoreDuplicates: true });
    expect(heard).toEqual(['first', 'second']);
    expect(outboxEntries()).toEqual([]);
    stop();
  });

  it('keeps what got no answer (and what comes after it), across a reload, and sends it once the connection is back; a lost answer is read back, not sent twice', async () => {
    const db = fakePortal();
    openOutbox('me');
    enqueue(1, 'while away', []);
    enqueue(1, 'also while away', []);
    await settle();
    db.answer('no answer');
    await settle();
    expect(outboxEntries().map((e) => [e.body, e.state])).toEqual([
      ['while away', 'waiting'],
      ['also while away', 'waiting'],
    ]);
    expect(db.sent).toHaveLength(1);
    const clientId = db.sent[0]!.values!.client_id;

    // The page is reloaded meanwhile: the outbox is still there.
    closeOutbox({ clear: false });
    expect(outboxEntries()).toEqual([]);
    openOutbox('me');
    expect(outboxEntries().map((e) => e.body)).toEqual(['while away', 'also while away']);
    await settle();
    // The first attempt had been stored after all (its answer was lost): nothing inserted, so it is read back.
    db.answer({ data: [], error: null });
    await settle();
    expect(db.sent.at(-1)).toEqual({ kind: 'read' });
    expect(db.sent.at(-2)!.values!.client_id).toBe(clientId);
    db.answer({ data: stored(1, db.sent.at(-2)!.values).data[0], error: null });
    await settle();
    db.answer(stored(2, db.sent.at(-1)!.values));
    await settle();
    expect(outboxEntries()).toEqual([]);
    expect(db.sent.filter((s) => s.kind === 'upsert').map((s) => s.values?.body)).toEqual(['while away', 'while away', 'also while away']);
  });

  it('keeps a refused message with the reason in words, for Retry or Delete, and sends the others', async () => {
    const db = fakePortal();
    openOutbox('me');
    enqueue(1, 'refused', []);
    enqueue(1, 'fine', []);
    await settle();
    db.answer({ data: null, error: { message: 'new row violates row-level security policy for table "messages"', code: '42501', details: null, hint: null } });
    await settle();
    db.answer(stored(2, db.sent[1]!.values));
    await settle();
    const [failed] = outboxEntries();
    expect(outboxEntries()).toHaveLength(1);
    expect(failed).toMatchObject({ body: 'refused', state: 'failed', error: 'You are not allowed to do that here. new row violates row-level security policy for table "messages"' });

    retry(failed!.clientId);
    await settle();
    expect(db.sent.at(-1)!.values!.client_id).toBe(failed!.clientId);
    db.answer({ data: null, error: { message: 'still refused', code: '42501', details: null, hint: null } });
    await settle();
    discard(failed!.clientId);
    expect(outboxEntries()).toEqual([]);
    expect(localStorage.getItem('portal-live:outbox:me')).toBeNull();
  });

  it('belongs to one person: another person’s outbox in this browser is dropped, and sign-out clears it', async () => {
    fakePortal();
    localStorage.setItem('portal-live:outbox:someone-else', JSON.stringify([{ clientId: 'x', projectId: 1, body: 'theirs', mentions: [], writtenAt: '', state: 'waiting' }]));
    openOutbox('me');
    expect(localStorage.getItem('portal-live:outbox:someone-else')).toBeNull();
    enqueue(1, 'mine', []);
    expect(localStorage.getItem('portal-live:outbox:me')).toContain('mine');
    closeOutbox({ clear: true });
    expect(localStorage.getItem('portal-live:outbox:me')).toBeNull();
  });
});
