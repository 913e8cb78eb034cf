// Presence of one topic, as Phoenix.Presence keeps it: each key holds the metas of every channel
// that tracks it (two tabs of one user give two metas); every meta carries a unique `phx_ref`, and
// an update carries the previous one as `phx_ref_prev`. Changes come out as diffs `{joins,
// leaves}`, the state as `{key: {metas: […]}}` (docs/compatibility.md#realtime-messages).
import { randomBytes } from 'node:crypto';

export interface PresenceMeta {
  phx_ref: string;
  phx_ref_prev?: string;
  [field: string]: unknown;
}

export type PresenceMap = Record<string, { metas: PresenceMeta[] }>;

export interface PresenceDiff {
  joins: PresenceMap;
  leaves: PresenceMap;
}

interface Tracked {
  key: string;
  meta: PresenceMeta;
  /** The payload as tracked, to skip no-op updates. */
  fingerprint: string;
}

export function newPresenceRef(): string {
  return randomBytes(12).toString('base64url');
}

function single(key: string, meta: PresenceMeta): PresenceMap {
  return { [key]: { metas: [meta] } };
}

export class PresenceRoom {
  /** Tracker (channel session id) → what it tracks. One key per tracker, as in Realtime. */
  private readonly trackers = new Map<string, Tracked>();

  get size(): number {
    return this.trackers.size;
  }

  /** Tracks or updates; returns the diff to broadcast, or null when nothing changed. */
  track(trackerId: string, key: string, payload: Record<string, unknown>): PresenceDiff | null {
    const fingerprint = JSON.stringify(payload);
    const previous = this.trackers.get(trackerId);
    if (previous && previous.key === key && previous.fingerprint === fingerprint) return null;
    const meta: PresenceMeta = { ...payload, phx_ref: newPresenceRef() };
    if (previous && previous.key === key) meta.phx_ref_prev = previous.meta.phx_ref;
    this.trackers.set(trackerId, { key, meta, fingerprint });
    return {
      joins: single(key, meta),
      leaves: previous ? single(previous.key, previous.meta) : {},
    };
  }

  /** Removes what a tracker tracks (untrack, leave, disconnect); null when it tracked nothing. */
  untrack(trackerId: string): PresenceDiff | null {
    const previous = this.trackers.get(trackerId);
    if (!previous) return null;
    this.trackers.delete(trackerId);
    return { joins: {}, leaves: single(previous.key, previous.meta) };
  }

  state(): PresenceMap {
    const state: PresenceMap = {};
    for (const { key, meta } of this.trackers.values()) {
      (state[key] ??= { metas: [] }).metas.push(meta);
    }
    return state;
  }
}
