// The database as the signed-in person may reach it, read once per person (the description
// depends on the role and its privileges), again on demand.
import { describeError } from '@portal/platform';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useCallback, useEffect, useState } from 'react';
import { loadSchemaModel } from '../data-access/load-schema.js';
import type { SchemaModel } from '../schema/openapi-model.js';

export type SchemaState = { status: 'loading' } | { status: 'ready'; model: SchemaModel } | { status: 'error'; error: string };

export function useSchemaModel(supabase: SupabaseClient, userId: string | null): SchemaState & { reload(): void } {
  const [state, setState] = useState<SchemaState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    loadSchemaModel(supabase, controller.signal).then(
      (model) => {
        if (!controller.signal.aborted) setState({ status: 'ready', model });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error: describeError(error) });
      },
    );
    return () => controller.abort();
  }, [supabase, userId, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
