// What the emulator keeps of Realtime for the console: the open channels (who joined as whom,
// their postgres_changes bindings, the presence state of each topic), read from the realtime
// service when asked, and the realtime verdict of each recent database change — which
// subscriptions it was delivered to and which were filtered out, by row level security or by
// their filter. The realtime service describes both in these terms (realtime/monitoring.ts); the
// console only reads them. Nothing here knows realtime's own types, so the arrow runs one way.
import { RingBuffer } from './ring-buffer.js';

/** Changes whose verdict the console keeps, newest last. */
export const CHANGE_VERDICTS_KEPT = 200;

/** A topic's presence state, as Phoenix.Presence lists it: key → the metas of every tracking channel. */
export type PresenceState = Record<string, { metas: Record<string, unknown>[] }>;

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
  presence: PresenceState;
}

export interface SubscriberVerdict {
  channel: string | null;
  subscriber: string;
  role: string;
  user: string | null;
  email: string | null;
  binding: Binding;
  /** What became of the change for this subscription (`delivered`, `hidden-by-rls`, …). */
  outcome: string;
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

export type NewChangeVerdict = Omit<ChangeVerdict, 'id' | 'time'>;

export class RealtimeMonitor {
  private source: () => ChannelView[] = () => [];
  private readonly verdicts = new RingBuffer<ChangeVerdict>(CHANGE_VERDICTS_KEPT);
  private lastId = 0;

  /** The realtime service hands over how to describe its channels. */
  attach(source: () => ChannelView[]): void {
    this.source = source;
  }

  /** The open channels, by name (public before private of the same name). */
  channels(): ChannelView[] {
    return this.source().sort((a, b) => a.topic.localeCompare(b.topic) || Number(a.private) - Number(b.private));
  }

  recordChange(verdict: NewChangeVerdict): void {
    this.verdicts.push({ id: ++this.lastId, time: new Date().toISOString(), ...verdict });
  }

  /** Recent change verdicts, newest first. */
  changes(): ChangeVerdict[] {
    return this.verdicts.toArray().reverse();
  }
}
