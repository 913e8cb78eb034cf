// Names of prepared statements, one per SQL text, as PostgREST prepares its statements: the
// server parses and plans a repeated statement once instead of at every request. Bounded: the
// least recently used names are handed back so the engine can close them. A name is never
// reused for another text, so a connection that still holds an old name cannot run it by mistake.
import { LRUCache } from 'lru-cache';

export class PreparedStatements {
  private next = 0;
  private readonly names: LRUCache<string, string>;
  private evicted: string[] = [];

  constructor(capacity = 500) {
    this.names = new LRUCache<string, string>({
      max: capacity,
      dispose: (name, _text, reason) => {
        if (reason === 'evict' || reason === 'delete') this.evicted.push(name);
      },
    });
  }

  /** The statement's name, and whether the server has it already (no Parse needed). */
  nameFor(sql: string): { name: string; prepared: boolean } {
    const known = this.names.get(sql);
    if (known) return { name: known, prepared: true };
    return { name: `portal_stmt_${this.next++}`, prepared: false };
  }

  /** The server has parsed `sql` under `name`. */
  prepared(sql: string, name: string): void {
    this.names.set(sql, name);
  }

  /** Forget every name (the server's statements are gone, e.g. after DISCARD ALL). */
  clear(): void {
    this.names.clear();
    this.evicted = [];
  }

  /** Names pushed out since the last call: the engine closes them on its next exchange. */
  takeEvicted(): string[] {
    const names = this.evicted;
    this.evicted = [];
    return names;
  }
}
