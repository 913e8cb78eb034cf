// Messages this person wrote that are not stored yet, kept in the browser (localStorage, per person)
// so that a message written while the server is away survives a reload and goes out, in the order
// it was written, once the server answers again. Each carries an id made here (client_id): the
// insert is `on conflict (author_id, client_id) do nothing`, so a resend after a lost answer, or
// the same outbox sent by two tabs, stores it once. A message the server refuses (not in the room
// any more, too long) stays with the reason, for Retry or Delete.
//
// Module state on purpose: the remote's background and its app are exposes of one container and
// share this module, so the outbox is sent whichever page the person is on. The background clears
// it at sign-out and when another person signs in (the shell stops it then).
import { createExternalStore, getPortal } from '@portal/platform';
import { useSyncExternalStore } from 'react';
import { describeFailure, isUnreachable } from '../failure-words.js';
import { MESSAGE_COLUMNS, storedMessageSchema, type StoredMessage } from './message-log.js';

export interface OutboxEntry {
  clientId: string;
  projectId: number;
  body: string;
  mentions: string[];
  /** When the person wrote it (their clock): the order it is sent in. */
  writtenAt: string;
  /** `waiting`: not sent yet (no answer so far); `sending`: asked now; `failed`: refused, with the reason. */
  state: 'waiting' | 'sending' | 'failed';
  error?: string;
}

const STORAGE_PREFIX = 'portal-live:outbox:';
const storageKey = (userId: string) => `${STORAGE_PREFIX}${userId}`;
/** Waits between attempts while the server does not answer (the connection's return also sends at once). */
const RETRY_STEPS_MS = [1000, 2000, 5000, 10000, 15000];

const entries = createExternalStore<readonly OutboxEntry[]>([]);
const storedListeners = new Set<(row: StoredMessage) => void>();
let owner: string | null = null;
let flushing: Promise<void> | null = null;
let flushAgain = false;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let retries = 0;
let stopWatching: (() => void) | null = null;

const storage = (): Storage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};

function load(userId: string): OutboxEntry[] {
  const raw = storage()?.getItem(storageKey(userId));
  if (!raw) return [];
  try {
    const list = JSON.parse(raw) as unknown;
    if (!Array.isArray(list)) return [];
    return list
      .filter((e): e is OutboxEntry => typeof e === 'object' && e !== null && typeof e.clientId === 'string' && typeof e.body === 'string' && typeof e.projectId === 'number')
      .map((e) => ({ ...e, mentions: Array.isArray(e.mentions) ? e.mentions.filter((m) => typeof m === 'string') : [], state: e.state === 'failed' ? 'failed' : 'waiting' }));
  } catch {
    return [];
  }
}

function save(next: readonly OutboxEntry[]): void {
  entries.set(next);
  if (!owner) return;
  const store = storage();
  if (!store) return;
  // What another tab is sending is `waiting` here too: its answer comes back as a stored row.
  if (next.length === 0) store.removeItem(storageKey(owner));
  else store.setItem(storageKey(owner), JSON.stringify(next.map(({ error, ...e }) => ({ ...e, state: e.state === 'sending' ? 'waiting' : e.state, ...(error ? { error } : {}) }))));
}

const change = (clientId: string, update: (entry: OutboxEntry) => OutboxEntry | null) =>
  save(entries.get().flatMap((entry) => (entry.clientId === clientId ? (update(entry) ?? []) : [entry])));

/**
 * Takes the outbox of `userId` (kept from an earlier visit) and sends what waits. Outboxes of
 * anyone else in this browser are dropped: they belong to a person who is not signed in here.
 */
export function openOutbox(userId: string): void {
  if (owner === userId) return;
  closeOutbox({ clear: false });
  owner = userId;
  const store = storage();
  if (store) {
    for (let i = store.length - 1; i >= 0; i -= 1) {
      const key = store.key(i);
      if (key?.startsWith(STORAGE_PREFIX) && key !== storageKey(userId)) store.removeItem(key);
    }
  }
  entries.set(load(userId));
  const onStorage = (event: StorageEvent) => {
    // Another tab of the same person wrote or sent something.
    if (event.key === storageKey(userId) && owner === userId) {
      const sending = new Set(entries.get().filter((e) => e.state === 'sending').map((e) => e.clientId));
      entries.set(load(userId).map((e) => (sending.has(e.clientId) ? { ...e, state: 'sending' } : e)));
    }
  };
  const onOnline = () => flush();
  const stopConnection = getPortal().connection.subscribe(() => {
    if (getPortal().connection.get().status === 'connected') flush();
  });
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', onStorage);
    window.addEventListener('online', onOnline);
  }
  stopWatching = () => {
    stopConnection();
    if (typeof window !== 'undefined') {
      window.removeEventListener('storage', onStorage);
      window.removeEventListener('online', onOnline);
    }
  };
  flush();
}

/** Stops sending; `clear` forgets the person's outbox in this browser too (sign-out, another person). */
export function closeOutbox({ clear }: { clear: boolean }): void {
  const was = owner;
  stopWatching?.();
  stopWatching = null;
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  retries = 0;
  owner = null;
  entries.set([]);
  if (clear && was) storage()?.removeItem(storageKey(was));
}

/** Puts a message in the outbox and sends it (after whatever waits before it). */
export function enqueue(projectId: number, body: string, mentions: readonly string[]): OutboxEntry | null {
  if (!owner) return null;
  const entry: OutboxEntry = { clientId: crypto.randomUUID(), projectId, body, mentions: [...mentions], writtenAt: new Date().toISOString(), state: 'waiting' };
  save([...entries.get(), entry]);
  flush();
  return entry;
}

/** Sends a refused message again (and whatever waits). */
export function retry(clientId: string): void {
  change(clientId, (entry) => ({ ...entry, state: 'waiting', error: undefined }));
  retries = 0;
  flush();
}

/** Gives up a message that is not stored. */
export function discard(clientId: string): void {
  change(clientId, () => null);
}

/** Rows the outbox stored (the room shows them at once, before realtime brings them). */
export function onStored(listener: (row: StoredMessage) => void): () => void {
  storedListeners.add(listener);
  return () => storedListeners.delete(listener);
}

/** A stored row shown by a room that took the message out of another tab's outbox. */
export function forgetStored(clientIds: ReadonlySet<string>): void {
  if (entries.get().some((e) => clientIds.has(e.clientId) && e.state !== 'sending')) save(entries.get().filter((e) => !clientIds.has(e.clientId) || e.state === 'sending'));
}

type Attempt = { stored: StoredMessage } | { unanswered: true } | { refused: string };

async function sendOne(entry: OutboxEntry, userId: string): Promise<Attempt> {
  const { supabase } = getPortal();
  try {
    const inserted = await supabase
      .from('messages')
      .upsert(
        { project_id: entry.projectId, body: entry.body, client_id: entry.clientId, mentions: entry.mentions },
        { onConflict: 'author_id,client_id', ignoreDuplicates: true },
      )
      .select(MESSAGE_COLUMNS);
    if (inserted.error) return isUnreachable(inserted.error) ? { unanswered: true } : { refused: describeFailure(inserted.error) };
    const row = inserted.data[0];
    if (row) return { stored: row };
    // Stored already (an earlier attempt whose answer was lost, or another tab): read it back.
    const existing = await supabase.from('messages').select(MESSAGE_COLUMNS).eq('author_id', userId).eq('client_id', entry.clientId).maybeSingle();
    if (existing.error) return isUnreachable(existing.error) ? { unanswered: true } : { refused: describeFailure(existing.error) };
    if (existing.data) return { stored: existing.data };
    return { refused: 'The message was stored, but you can no longer read this room.' };
  } catch (error) {
    return isUnreachable(error) ? { unanswered: true } : { refused: describeFailure(error) };
  }
}

/** Sends every waiting message, oldest first, one at a time: the room stores them in that order. */
export function flush(): void {
  if (!owner) return;
  if (flushing) {
    flushAgain = true;
    return;
  }
  const userId = owner;
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  flushing = (async () => {
    do {
      flushAgain = false;
      for (;;) {
        if (owner !== userId) return;
        const next = entries.get().find((e) => e.state === 'waiting');
        if (!next) break;
        change(next.clientId, (e) => ({ ...e, state: 'sending' }));
        const attempt = await sendOne(next, userId);
        if (owner !== userId) return;
        if ('stored' in attempt) {
          const parsed = storedMessageSchema().safeParse(attempt.stored);
          change(next.clientId, () => null);
          retries = 0;
          if (parsed.success) for (const listener of [...storedListeners]) listener(parsed.data);
        } else if ('refused' in attempt) {
          change(next.clientId, (e) => ({ ...e, state: 'failed', error: attempt.refused }));
        } else {
          // No answer: everything after it waits too (order), until the server answers again.
          change(next.clientId, (e) => ({ ...e, state: 'waiting' }));
          const delay = RETRY_STEPS_MS[Math.min(retries, RETRY_STEPS_MS.length - 1)]!;
          retries += 1;
          retryTimer = setTimeout(() => {
            retryTimer = null;
            flush();
          }, delay);
          return;
        }
      }
    } while (flushAgain && owner === userId);
  })().finally(() => {
    flushing = null;
    if (flushAgain && owner === userId && !retryTimer) flush();
  });
}

/** What waits or failed in one room, oldest first. */
export function useOutbox(projectId: number): readonly OutboxEntry[] {
  const all = useSyncExternalStore(entries.subscribe, entries.get, entries.get);
  return all.filter((entry) => entry.projectId === projectId);
}

/** For tests of this module: every entry. */
export const outboxEntries = (): readonly OutboxEntry[] => entries.get();
