// The labels of keys a page of rows holds in foreign-key columns whose target the API does not
// expose (a user id, named by the profile that stands for the user): one read per such column and
// page. Keys whose target is exposed get their label in the page's own read (an embedding).
import type { SupabaseClient } from '@supabase/supabase-js';
import { useEffect, useState } from 'react';
import { readReferenceLabels } from '../data-access/read-references.js';
import type { Row } from '../query/row-identity.js';
import type { Reference } from '../relations/references.js';

/** Labels by column, then by the key's text; absent while being read or when not readable. */
export type ReferenceLabels = ReadonlyMap<string, ReadonlyMap<string, string>>;

const NONE: ReferenceLabels = new Map();

export function useReferenceLabels(supabase: SupabaseClient, references: ReadonlyMap<string, Reference>, rows: readonly Row[]): ReferenceLabels {
  const [labels, setLabels] = useState<{ rows: readonly Row[]; labels: ReferenceLabels } | null>(null);
  useEffect(() => {
    const wanted = [...references.values()].filter((reference) => !reference.direct);
    if (wanted.length === 0 || rows.length === 0) return;
    const controller = new AbortController();
    Promise.all(
      wanted.map(async (reference) => [reference.column, await readReferenceLabels(supabase, reference, rows.map((row) => row[reference.column]), controller.signal)] as const),
    ).then(
      (read) => {
        if (!controller.signal.aborted) setLabels({ rows, labels: new Map(read) });
      },
      // Without labels the keys show as they are.
      () => undefined,
    );
    return () => controller.abort();
  }, [supabase, references, rows]);
  // Labels read for earlier rows still name the same keys until the new ones arrive.
  return labels?.labels ?? NONE;
}
