// Effects outside the database that belong to a transaction (a mail in the mailbox) wait for its
// commit: a mail sent mid-transaction stayed in the mailbox when a later step failed and the
// transaction rolled back (an email change whose second mail went over the hourly budget left
// the first, its link and code naming a token that was never stored). The auth service's
// database runs every transaction with a list of such effects, run after COMMIT and dropped on
// rollback; `afterCommit` outside any transaction runs the effect at once.
import type { Database, Queryable } from '../db/database.js';

const pending = new WeakMap<Queryable, (() => void)[]>();

/** Runs `effect` once the transaction `tx` belongs to has committed (at once without one). */
export function afterCommit(tx: Queryable, effect: () => void): void {
  const effects = pending.get(tx);
  if (effects) effects.push(effect);
  else effect();
}

async function withEffects<T>(
  begin: (fn: (tx: Queryable) => Promise<T>) => Promise<T>,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  const effects: (() => void)[] = [];
  const value = await begin(async (tx) => {
    pending.set(tx, effects);
    try {
      return await fn(tx);
    } finally {
      pending.delete(tx);
    }
  });
  for (const effect of effects) effect();
  return value;
}

/** `db` whose transactions (and `withClaims`) run their `afterCommit` effects after COMMIT. */
export function runningEffectsAfterCommit(db: Database): Database {
  return new Proxy(db, {
    get(target, property) {
      if (property === 'transaction') {
        return <T>(fn: (tx: Queryable) => Promise<T>) =>
          withEffects<T>((inner) => target.transaction(inner), fn);
      }
      if (property === 'withClaims') {
        return <T>(context: Parameters<Database['withClaims']>[0], fn: (tx: Queryable) => Promise<T>) =>
          withEffects<T>((inner) => target.withClaims(context, inner), fn);
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
