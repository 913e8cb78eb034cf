// The person's invocations, kept in this browser (IndexedDB through idb), per user.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { HistoryEntry } from './history-entry.js';

/** The newest entries kept per person; older ones are removed when a new one is added. */
export const HISTORY_LIMIT = 200;

interface HistoryDb extends DBSchema {
  invocations: { key: string; value: HistoryEntry; indexes: { byUser: string } };
}

let opening: Promise<IDBPDatabase<HistoryDb>> | null = null;

function database(): Promise<IDBPDatabase<HistoryDb>> {
  opening ??= openDB<HistoryDb>('portal-functions', 1, {
    upgrade(db) {
      db.createObjectStore('invocations', { keyPath: 'id' }).createIndex('byUser', 'userId');
    },
  });
  return opening;
}

/**
 * Runs `work` on the open database. When the browser has closed the connection under the page
 * (the site's data cleared while it was open: Chromium then refuses every transaction with
 * InvalidStateError, and fires no `close` event), the connection is forgotten, so the next use
 * opens the database again and reads what is stored now instead of failing for good.
 */
async function withDatabase<T>(work: (db: IDBPDatabase<HistoryDb>) => Promise<T>): Promise<T> {
  const current = database();
  const db = await current;
  try {
    return await work(db);
  } catch (error) {
    if ((error as { name?: unknown } | null)?.name === 'InvalidStateError' && opening === current) {
      opening = null;
      db.close();
    }
    throw error;
  }
}

export async function readHistory(userId: string): Promise<HistoryEntry[]> {
  return withDatabase(async (db) => {
    const tx = db.transaction('invocations');
    // idb makes every transaction's `done` at once; idb's getAllFromIndex leaves it unhandled,
    // so a read whose transaction the browser aborted (its storage closed under the page) was
    // an unhandled rejection besides the read's own failure, which is what the caller hears.
    tx.done.catch(() => undefined);
    return tx.store.index('byUser').getAll(userId);
  });
}

/**
 * Rejects with the transaction's own error when the browser refuses it: a full quota aborts the
 * transaction as it commits (QuotaExceededError), and a request cut short by an abort only says
 * AbortError, which names no cause.
 */
export async function addToHistory(entry: HistoryEntry): Promise<void> {
  return withDatabase((db) => add(db, entry));
}

async function add(db: IDBPDatabase<HistoryDb>, entry: HistoryEntry): Promise<void> {
  const tx = db.transaction('invocations', 'readwrite');
  const done = tx.done;
  try {
    await tx.store.put(entry);
    const mine = (await tx.store.index('byUser').getAll(entry.userId)).sort((a, b) =>
      a.at.localeCompare(b.at),
    );
    for (const old of mine.slice(0, Math.max(0, mine.length - HISTORY_LIMIT)))
      await tx.store.delete(old.id);
    await done;
  } catch (error) {
    // A failed request fails the transaction too: that rejection is this one, reported below.
    done.catch(() => undefined);
    throw tx.error ?? error;
  }
}

/** Rejects, as addToHistory does, with the reason the browser gives. */
export async function clearHistory(userId: string): Promise<void> {
  return withDatabase(async (db) => {
    const tx = db.transaction('invocations', 'readwrite');
    const done = tx.done;
    try {
      for (const key of await tx.store.index('byUser').getAllKeys(userId))
        await tx.store.delete(key);
      await done;
    } catch (error) {
      done.catch(() => undefined);
      throw tx.error ?? error;
    }
  });
}
