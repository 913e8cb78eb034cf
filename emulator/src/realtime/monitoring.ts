// How the realtime service describes itself to the emulator's monitor (observability/
// realtime-monitor.ts), which the console reads: its open channels, and what became of each
// database change for each subscription, in the monitor's words (a binding's filter as
// realtime-js sends it, a reason in one sentence).
import type { Binding, ChannelView, NewChangeVerdict } from '../observability/realtime-monitor.js';
import type { TopicHub } from './hub.js';
import type { CapturedChange, DeliveryOutcome, SubscriptionOutcome } from './postgres-changes/delivery.js';
import type { FilterCondition } from './postgres-changes/filter.js';
import type { SubscriptionSpec } from './postgres-changes/subscriptions.js';

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

/** The channel's name as the client named it: a topic key without its `public:`/`private:`. */
const topicOf = (key: string) => key.slice(key.indexOf(':') + 1);

/** Every open channel with its subscribers and presence state. */
export function channelViews(hub: TopicHub): ChannelView[] {
  return hub.snapshot().map(({ key, members, presence }) => ({
    topic: topicOf(key),
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
  }));
}

/** The realtime verdict of one change: each subscription's outcome and why. */
export function changeVerdict(hub: TopicHub, change: CapturedChange, outcomes: SubscriptionOutcome[]): NewChangeVerdict {
  const topics = new Map<string, string>();
  for (const { key, members } of hub.snapshot()) for (const member of members) topics.set(member.id, topicOf(key));
  const row = change.type === 'DELETE' ? change.old_record : change.record;
  const key: Record<string, unknown> = {};
  for (const column of change.primary_key) key[column] = row?.[column] ?? null;
  return {
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
  };
}
