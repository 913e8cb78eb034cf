// The console's view of Realtime: the open channels (who joined as whom, their postgres_changes
// bindings, the presence state of each topic) read from the service's hub when asked, and the
// realtime verdict of each recent database change — which subscriptions it was delivered to and
// which were filtered out, by row level security or by their filter.
import type { CapturedChange, DeliveryOutcome, SubscriptionOutcome } from '../realtime/postgres-changes/delivery.js';
import type { FilterCondition } from '../realtime/postgres-changes/filter.js';
import type { SubscriptionSpec } from '../realtime/postgres-changes/subscriptions.js';
import type { PresenceMap } from '../realtime/presence.js';
import type { TopicMember } from '../realtime/hub.js';
import { RingBuffer } from './ring-buffer.js';

/** Changes whose verdict the console keeps, newest last. */
export const CHANGE_VERDICTS_KEPT = 200;

export interface TopicSnapshot {
  key: string;
  members: TopicMember[];
  presence: PresenceMap;
}

export interface Binding {
  id: number;
  event: string;
  schema: string;
  table: string;
  /** The filter as realtime-js sends it (`owner=eq.…`), or null. */
  filter: string | null;
  select: string[] | null;
}

export interface SubscriberView {
  id: string;
  role: string;
  user: string | null;
  email: string | null;
  presenceKey: string;
  postgresChanges: Binding[];
}

export interface ChannelView {
  /** The channel's name as the client named it (`room:1`). */
  topic: string;
  private: boolean;
  subscribers: SubscriberView[];
  presence: PresenceMap;
}

export interface SubscriberVerdict {
  channel: string | null;
  subscriber: string;
  role: string;
  user: string | null;
  email: string | null;
  binding: Binding;
  outcome: DeliveryOutcome;
  /** One sentence: why it was or was not sent. */
  reason: string;
}

export interface ChangeVerdict {
  id: number;
  time: string;
  schema: string;
  table: string;
  type: string;
  /** The changed row's primary key values (what identifies it), never the whole row. */
  key: Record<string, unknown>;
  subscribers: SubscriberVerdict[];
}

function conditionText(condition: FilterCondition): string {
  const value = Array.isArray(condition.value) ? `(${condition.value.join(',')})` : String(condition.value);
  return `${condition.column}=${condition.negate ? 'not.' : ''}${condition.operator}.${value}`;
}

function bindingOf(spec: SubscriptionSpec): Binding {
  return {
    id: spec.id,
    event: spec.event,
    schema: spec.schema,
    table: spec.table ?? '*',
    filter: spec.conditions.length > 0 ? spec.conditions.map(conditionText).join(',') : null,
    select: spec.select,
  };
}

function who(claims: Record<string, unknown>): { role: string; user: string | null; email: string | null } {
  return {
    role: typeof claims.role === 'string' ? claims.role : 'anon',
    user: typeof claims.sub === 'string' ? claims.sub : null,
    email: typeof claims.email === 'string' ? claims.email : null,
  };
}

const REASONS: Record<DeliveryOutcome, string> = {
  delivered: 'Delivered: the row is visible to this subscriber and matches the binding.',
  'hidden-by-rls': 'Filtered out by row level security: the row is not selectable as this subscriber.',
  'filtered-out': 'Filtered out by the binding’s filter: the row does not match it.',
  'filter-column-hidden': 'Filtered out: the filter names a column this role may not select, so it never matches.',
  'check-failed': 'Not delivered: Postgres refused the check',
};

export class RealtimeMonitor {
  private source: () => TopicSnapshot[] = () => [];
  private readonly verdicts = new RingBuffer<ChangeVerdict>(CHANGE_VERDICTS_KEPT);
  private lastId = 0;

  /** The realtime service hands over how to read its topics. */
  attach(source: () => TopicSnapshot[]): void {
    this.source = source;
  }

  channels(): ChannelView[] {
    return this.source()
      .map(({ key, members, presence }) => ({
        topic: key.slice(key.indexOf(':') + 1),
        private: key.startsWith('private:'),
        subscribers: members.map((member) => {
          const description = member.describe();
          return {
            id: member.id,
            ...who(description.claims),
            presenceKey: description.presenceKey,
            postgresChanges: description.postgresChanges.map(bindingOf),
          };
        }),
        presence,
      }))
      .sort((a, b) => a.topic.localeCompare(b.topic) || Number(a.private) - Number(b.private));
  }

  recordChange(change: CapturedChange, outcomes: SubscriptionOutcome[]): void {
    const topics = new Map<string, string>();
    for (const { key, members } of this.source()) for (const member of members) topics.set(member.id, key.slice(key.indexOf(':') + 1));
    const row = change.type === 'DELETE' ? change.old_record : change.record;
    const key: Record<string, unknown> = {};
    for (const column of change.primary_key) key[column] = row?.[column] ?? null;
    this.verdicts.push({
      id: ++this.lastId,
      time: new Date().toISOString(),
      schema: change.schema,
      table: change.table,
      type: change.type,
      key,
      subscribers: outcomes.map(({ subscription, outcome, detail }) => ({
        channel: topics.get(subscription.subscriber.id) ?? null,
        subscriber: subscription.subscriber.id,
        ...who(subscription.subscriber.claims()),
        binding: bindingOf(subscription),
        outcome,
        reason: detail ? `${REASONS[outcome]}: ${detail}` : REASONS[outcome],
      })),
    });
  }

  /** Recent change verdicts, newest first. */
  changes(): ChangeVerdict[] {
    return this.verdicts.toArray().reverse();
  }
}
