// The database as the signed-in person may reach it, read once per person (the description
// depends on the role and its privileges), again on demand.
import { describeError } from '@portal/platform';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useCallback, useEffect, useState } from 'react';
import { loadSchemaModel } from '../data-access/load-schema.js';
import type { SchemaModel } from '../schema/openapi-model.js';

export type SchemaState = { status: 'loading' } | { status: 'ready'; model: SchemaModel } | { status: 'error'; error: string };

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
        if (!controller.signal.aborted) setResult({ for: readFor, state: { status: 'ready', model } });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setResult({ for: readFor, state: { status: 'error', error: describeError(error) } });
      },
    );
    return () => controller.abort();
  }, [supabase, userId, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const current = result && result.for.every((value, i) => value === inputs[i]) ? result.state : ({ status: 'loading' } as const);
  return { ...current, reload };
}
