// The change feed: capture triggers NOTIFY `realtime_changes` after commit; changes are
// handled one at a time in commit order. Big changes wait in realtime.change_queue and the
// notification carries their id. Capture triggers follow the publication through an event
// trigger (realtime/schema.sql); the feed also re-syncs them at start and whenever a channel
// subscribes, which covers servers where event triggers cannot be created.
import type { Database } from '../../db/database.js';
import { deliverChange, type CapturedChange, type SubscriptionOutcome } from './delivery.js';
import type { SubscriptionRegistry } from './subscriptions.js';

export const CHANGES_CHANNEL = 'realtime_changes';

type Notification = { kind: 'inline'; change: CapturedChange } | { kind: 'queued'; id: number };

function parseNotification(payload: string): Notification | null {
  try {
    const parsed = JSON.parse(payload) as Record<string, unknown>;
    if (typeof parsed.queued === 'number') return { kind: 'queued', id: parsed.queued };
    if (
      typeof parsed.schema === 'string' &&
      typeof parsed.table === 'string' &&
      typeof parsed.type === 'string'
    ) {
      return { kind: 'inline', change: parsed as unknown as CapturedChange };
    }
  } catch {
    // fall through: not ours
  }
  return null;
}

export class ChangeFeed {
  private readonly pending: Notification[] = [];
  private draining: Promise<void> | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly registry: SubscriptionRegistry,
    /** Problems worth a line on stderr even when the request log is quiet. */
    private readonly warn: (line: string) => void,
    /** Told what became of each change for each subscription (the console's realtime verdict). */
    private readonly observe: (change: CapturedChange, outcomes: SubscriptionOutcome[]) => void = () => undefined,
  ) {}

  async start(): Promise<void> {
    // Changes queued while no emulator was listening have no subscriber left to go to.
    await this.db.exec('delete from realtime.change_queue');
    await this.syncTriggers();
    this.unlisten = await this.db.listen(CHANGES_CHANNEL, (payload) =>
      this.onNotification(payload),
    );
  }

  syncTriggers(): Promise<void> {
    return this.db.exec('select realtime.sync_capture_triggers()');
  }

  /** Resolves once everything notified so far has been handled (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.unlisten?.().catch(() => undefined);
    this.unlisten = null;
    await this.idle();
  }

  private onNotification(payload: string): void {
    if (this.stopped) return;
    const notification = parseNotification(payload);
    if (!notification) {
      this.warn(
        `realtime: ignored a notification on ${CHANGES_CHANNEL} that is not a captured change`,
      );
      return;
    }
    this.pending.push(notification);
    this.draining ??= this.drain().finally(() => {
      this.draining = null;
    });
  }

  private async drain(): Promise<void> {
    // Let the NOTIFY callback return before touching the database (PGlite calls it mid-query).
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (this.pending.length > 0 && !this.stopped) {
      const notification = this.pending.shift()!;
      try {
        await this.handle(notification);
      } catch (error) {
        this.warn(
          `realtime: a captured change could not be delivered: ${(error as Error).message}`,
        );
      }
    }
  }

  private async handle(notification: Notification): Promise<void> {
    let change: CapturedChange | null;
    if (notification.kind === 'queued') {
      const result = await this.db.query<{ change: CapturedChange | string }>(
        'delete from realtime.change_queue where id = $1 returning change',
        [notification.id],
      );
      const raw = result.rows[0]?.change;
      change = typeof raw === 'string' ? (JSON.parse(raw) as CapturedChange) : (raw ?? null);
    } else {
      change = notification.change;
    }
    if (!change) return;
    const subscriptions = this.registry.match(change.schema, change.table, change.type);
    if (subscriptions.length === 0) return;
    if (change.primary_key.length === 0 && change.rls) {
      this.warnOnce(
        `${change.schema}.${change.table}`,
        `realtime: ${change.schema}.${change.table} has row level security but no primary key, so its ` +
          'changes cannot be checked per subscriber and are not delivered (add a primary key).',
      );
    }
    this.observe(change, await deliverChange(this.db, change, subscriptions, this.warn));
  }

  private readonly warned = new Set<string>();

  private warnOnce(key: string, line: string): void {
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.warn(line);
  }
}
