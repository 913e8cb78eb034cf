// PostgREST's schema cache as the REST service holds it: read from pg_catalog once and kept
// until the schema changes. A DDL event trigger (rest/schema.sql) sends `NOTIFY pgrst, 'reload
// schema'` as Supabase's does, and a manual NOTIFY works the same way.
import type { Database } from '../../db/database.js';
import { introspect } from './introspection.js';
import type { SchemaCache } from './model.js';

/**
 * The cache as a service holds it: loaded on first use, dropped on `NOTIFY pgrst, 'reload
 * schema'` (sent by the DDL event trigger) or when a request saw the DDL flag its own
 * transaction set.
 */
export class SchemaCacheStore {
  private current: Promise<SchemaCache> | null = null;
  private generation = 0;
  private unlisten: (() => Promise<void>) | null = null;

  constructor(
    private readonly db: Database,
    readonly schemas: readonly string[],
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.db.listen('pgrst', (payload) => {
      const command = payload.trim().toLowerCase();
      if (command === '' || command === 'reload schema') this.invalidate();
    });
  }

  get(): Promise<SchemaCache> {
    if (!this.current) {
      const generation = this.generation;
      const loading = this.db.transaction((tx) => introspect(tx, this.schemas));
      this.current = loading;
      loading.catch(() => {
        if (this.generation === generation && this.current === loading) this.current = null;
      });
    }
    return this.current;
  }

  invalidate(): void {
    this.generation++;
    this.current = null;
  }

  async close(): Promise<void> {
    await this.unlisten?.().catch(() => undefined);
  }
}
