// Rows changed by anyone while a table is open: postgres_changes on the platform's ref-counted
// channels (never `supabase.channel` directly: removing a shared channel would close it for every
// remote). The server sends each change only to subscribers whose role may see the row (RLS).
import { getPortal } from '@portal/platform';
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { useEffect, useEffectEvent, useState } from 'react';
import type { Row } from '../query/row-identity.js';

export interface TableChange {
  type: 'INSERT' | 'UPDATE' | 'DELETE';
  /** The row after the change (empty for deletes). */
  record: Row;
  /** The row before (with replica identity default: its primary key only). */
  oldRecord: Row;
}

/** The channel topic of a table's changes; one per table, shared by everyone watching it. */
export function changesTopic(schema: string, table: string): string {
  return `data:${schema}:${table}`;
}

/** Where the subscription stands: joining, live, or failed (then changes need a reload to show). */
export type LiveStatus = 'joining' | 'live' | 'unavailable';

export function useTableChanges(schema: string, table: string, onChange: (change: TableChange) => void): LiveStatus {
  const topic = changesTopic(schema, table);
  // The status is kept with its topic: another table starts over at "joining".
  const [status, setStatus] = useState<{ topic: string; status: LiveStatus } | null>(null);
  const deliver = useEffectEvent((payload: RealtimePostgresChangesPayload<Row>) => {
    onChange({ type: payload.eventType, record: (payload.new ?? {}) as Row, oldRecord: (payload.old ?? {}) as Row });
  });
  useEffect(() => {
    const lease = getPortal().realtime.channel(topic);
    // The lease's own listener: released with it, and safe when another remote already joined
    // the topic (the platform joins afresh with every lease's bindings).
    lease.on<Row>('postgres_changes', { event: '*', schema, table }, (payload) => deliver(payload));
    lease.subscribe((state) => setStatus({ topic, status: state === 'SUBSCRIBED' ? 'live' : state === 'CLOSED' ? 'joining' : 'unavailable' }));
    return () => {
      void lease.release();
    };
  }, [topic, schema, table]);
  return status?.topic === topic ? status.status : 'joining';
}
