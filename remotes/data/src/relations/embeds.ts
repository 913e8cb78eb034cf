// Related rows shown beside a foreign key (a task's project name): a PostgREST resource embedding
// per single-column foreign key whose target the caller can read, e.g.
// `project_id__ref:projects!project_id(id,name)` (the hint is the foreign-key column).
import type { ColumnModel, SchemaModel, TableModel } from '../schema/openapi-model.js';
import { labelColumnOf } from './labels.js';

export interface Embed {
  /** The foreign-key column in the browsed table. */
  column: string;
  /** Where the related row sits in each result row. */
  alias: string;
  table: string;
  /** The referenced column (usually the target's primary key). */
  targetColumn: string;
  /** A column of the target that names the row for people. */
  labelColumn: string;
}

const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export const EMBED_SUFFIX = '__ref';

function embedFor(column: ColumnModel, model: SchemaModel): Embed | null {
  const fk = column.foreignKey;
  if (!fk || !PLAIN_NAME.test(column.name)) return null;
  const target = model.tables.find((t) => t.name === fk.table);
  if (!target || !target.canRead || !PLAIN_NAME.test(target.name)) return null;
  const targetColumn = target.columns.find((c) => c.name === fk.column);
  if (!targetColumn || !PLAIN_NAME.test(targetColumn.name)) return null;
  const labelColumn = labelColumnOf(target, targetColumn.name);
  if (!PLAIN_NAME.test(labelColumn)) return null;
  return { column: column.name, alias: `${column.name}${EMBED_SUFFIX}`, table: target.name, targetColumn: targetColumn.name, labelColumn };
}

/** The embeddings for a table's single-column foreign keys to tables the caller can read. */
export function embedsFor(table: TableModel, model: SchemaModel): Embed[] {
  // An alias never hides a real column of the same name.
  const aliases = new Set(table.columns.map((c) => c.name));
  return table.columns.flatMap((column) => {
    const embed = embedFor(column, model);
    return embed && !aliases.has(embed.alias) ? [embed] : [];
  });
}

/** The `select` for a page of rows: every column, plus one embedding per foreign key. */
export function selectWithEmbeds(embeds: readonly Embed[]): string {
  const related = embeds.map((e) => {
    const columns = e.labelColumn === e.targetColumn ? e.targetColumn : `${e.targetColumn},${e.labelColumn}`;
    return `${e.alias}:${e.table}!${e.column}(${columns})`;
  });
  return ['*', ...related].join(',');
}

/** A result row without its embedded related rows (what the table itself holds). */
export function ownColumns(row: Record<string, unknown>, embeds: readonly Embed[]): Record<string, unknown> {
  if (embeds.length === 0) return row;
  const copy = { ...row };
  for (const embed of embeds) delete copy[embed.alias];
  return copy;
}
