// The database as the signed-in person may reach it, read once per person (the description
// depends on the role and its privileges), again on demand and when the backend answers again
// after an outage.
import { useRetryWhenBack } from '@portal/platform';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTransition, useCallback, useEffect, useState } from 'react';
import { loadSchemaModel } from '../data-access/load-schema.js';
import type { SchemaModel } from '../schema/openapi-model.js';
import { describeFailure, isUnreachable } from '../errors/data-errors.js';

export type SchemaState = { status: 'loading' } | { status: 'ready'; model: SchemaModel } | { status: 'error'; error: string; unreachable: boolean };

export function useSchemaModel(supabase: SupabaseClient, userId: string | null): SchemaState & { reload(): void } {
  const [attempt, setAttempt] = useState(0);
  // The result is kept with what it was read for: a new person or attempt means loading again.
  const [result, setResult] = useState<{ for: unknown[]; state: SchemaState } | null>(null);
  const inputs = [supabase, userId, attempt];
  useEffect(() => {
    const controller = new AbortController();
    const readFor = [supabase, userId, attempt];
    loadSchemaModel(supabase, controller.signal).then(
      (model) => {
        // What the description brings (the list of tables, and the page of the table opened) is
        // rendered in slices, the main thread given back between them: rendered at once it was
        // one task of 80–120 ms at a phone's CPU on every visit to /data (issue #40: TBT).
        if (!controller.signal.aborted) startTransition(() => setResult({ for: readFor, state: { status: 'ready', model } }));
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setResult({ for: readFor, state: { status: 'error', error: describeFailure(error), unreachable: isUnreachable(error) } });
      },
    );
    return () => controller.abort();
  }, [supabase, userId, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const current = result && result.for.every((value, i) => value === inputs[i]) ? result.state : ({ status: 'loading' } as const);
  // A description the server did not answer for is read again once it answers.
  useRetryWhenBack(current.status === 'error', reload);
  return { ...current, reload };
}
