// Reads for foreign keys: the rows a picker offers (searched by their label, or by key), and the
// labels of the keys a page of rows holds. Row level security decides which rows come back, so a
// picker offers only rows the person may see.
import type { SupabaseClient } from '@supabase/supabase-js';
import { restFailure } from '../errors/data-errors.js';
import { likeLiteral, treeColumn, treeValue } from '../query/postgrest-syntax.js';
import type { Row } from '../query/row-identity.js';
import type { Reference } from '../relations/references.js';
import { cellText } from '../values/format-value.js';
import { parseKind } from '../values/parse-value.js';

export interface ReferenceOption {
  /** The key as the foreign key holds it. */
  key: unknown;
  /** What names the row for people (the key's text when the row has nothing better). */
  label: string;
}

/** How many rows a picker offers at once; typing narrows them. */
export const PICKER_LIMIT = 20;

function columns(reference: Reference): string {
  return reference.labelColumn === reference.keyColumn ? reference.keyColumn : `${reference.keyColumn},${reference.labelColumn}`;
}

function optionOf(reference: Reference, row: Row): ReferenceOption {
  const key = row[reference.keyColumn];
  const label = cellText(row[reference.labelColumn]);
  return { key, label: label === '' ? cellText(key) : label };
}

/** Rows whose label contains `query` (or whose key is `query`), by label. */
export async function searchReferenceRows(supabase: SupabaseClient, reference: Reference, query: string, signal?: AbortSignal): Promise<ReferenceOption[]> {
  let request = supabase.from(reference.table).select(columns(reference));
  const text = query.trim();
  if (text !== '') {
    const conditions: string[] = [];
    if (reference.labelColumn !== reference.keyColumn) conditions.push(`${treeColumn(reference.labelColumn)}.ilike.${treeValue(`*${likeLiteral(text)}*`)}`);
    const key = parseKind(reference.keyKind, text);
    if (key.ok) conditions.push(`${treeColumn(reference.keyColumn)}.eq.${treeValue(cellText(key.value))}`);
    if (conditions.length === 0) return [];
    request = request.or(conditions.join(','));
  }
  request = request.order(reference.labelColumn).order(reference.keyColumn).limit(PICKER_LIMIT);
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw restFailure(error);
  return ((data ?? []) as unknown as Row[]).map((row) => optionOf(reference, row));
}

/** The labels of the given keys, by the key's text; keys the person may not read are absent. */
export async function readReferenceLabels(supabase: SupabaseClient, reference: Reference, keys: readonly unknown[], signal?: AbortSignal): Promise<Map<string, string>> {
  const wanted = [...new Set(keys.filter((key) => key !== null && key !== undefined).map(cellText))];
  const labels = new Map<string, string>();
  if (wanted.length === 0) return labels;
  let request = supabase.from(reference.table).select(columns(reference)).in(reference.keyColumn, wanted);
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw restFailure(error);
  for (const row of (data ?? []) as unknown as Row[]) {
    const option = optionOf(reference, row);
    labels.set(cellText(option.key), option.label);
  }
  return labels;
}
