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

export async function readHistory(userId: string): Promise<HistoryEntry[]> {
  const db = await database();
  return db.getAllFromIndex('invocations', 'byUser', userId);
}

/**
 * Rejects with the transaction's own error when the browser refuses it: a full quota aborts the
 * transaction as it commits (QuotaExceededError), and a request cut short by an abort only says
 * AbortError, which names no cause.
 */
export async function addToHistory(entry: HistoryEntry): Promise<void> {
  const db = await database();
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

export async function clearHistory(userId: string): Promise<void> {
  const db = await database();
  const tx = db.transaction('invocations', 'readwrite');
  for (const key of await tx.store.index('byUser').getAllKeys(userId)) await tx.store.delete(key);
  await tx.done;
}
