// Row counts for the list of tables: what row level security lets the person see, counted by the
// server (HEAD with `Prefer: count=exact`), a few tables at a time, once the person asks: a count
// is a request and a preflight per table, and an exact count reads every row the person may see,
// so opening the list asks the server for none of them (issue #40).
import { useRetryWhenBack } from '@portal/platform';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useEffect, useState } from 'react';
import { countRows } from '../data-access/read-rows.js';
import { tableView } from '../query/view-state.js';
import type { SchemaModel } from '../schema/openapi-model.js';
import { describeFailure } from '../errors/data-errors.js';

export type RowCount = { status: 'loading' } | { status: 'ready'; count: number } | { status: 'error'; error: string };

const AT_ONCE = 4;

/**
 * Counts by table name, once `asked` is above 0 (each increase counts again); while counting, a
 * table not in the map yet is still being counted.
 */
export function useRowCounts(supabase: SupabaseClient, model: SchemaModel, asked: number): ReadonlyMap<string, RowCount> {
  const [counted, setCounted] = useState<{ model: SchemaModel; counts: ReadonlyMap<string, RowCount> } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const failed = counted?.model === model && [...counted.counts.values()].some((count) => count.status === 'error');
  // Counts the server did not answer for are asked again once it answers.
  useRetryWhenBack(failed, () => setAttempt((n) => n + 1));
  useEffect(() => {
    if (asked === 0) return;
    const controller = new AbortController();
    const queue = model.tables.filter((t) => t.canRead);
    const settle = (name: string, count: RowCount) => {
      if (controller.signal.aborted) return;
      setCounted((current) => ({ model, counts: new Map(current?.model === model ? current.counts : []).set(name, count) }));
    };
    const worker = async () => {
      for (let table = queue.shift(); table; table = queue.shift()) {
        try {
          settle(table.name, { status: 'ready', count: await countRows(supabase, table, tableView(table.name), controller.signal) });
        } catch (error) {
          settle(table.name, { status: 'error', error: describeFailure(error) });
        }
      }
    };
    for (let i = 0; i < AT_ONCE; i += 1) void worker();
    return () => controller.abort();
  }, [supabase, model, attempt, asked]);
  return counted?.model === model ? counted.counts : EMPTY;
}

const EMPTY: ReadonlyMap<string, RowCount> = new Map();
