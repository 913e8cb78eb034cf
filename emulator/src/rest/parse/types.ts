// The parse tree of a PostgREST request's query string (docs/compatibility.md#rest-requests). Pure
// data: the planner checks it against the schema cache, the SQL builders turn it into one
// statement.

/** `->key` / `->>key` / `->0`. */
export interface JsonStep {
  op: '->' | '->>';
  key: string | number;
}

/** A column with an optional JSON path: `data->a->>b`. */
export interface Field {
  name: string;
  jsonPath: JsonStep[];
}

export type AggregateName = 'count' | 'sum' | 'avg' | 'max' | 'min';

export type SelectItem =
  | { kind: 'star' }
  | {
      kind: 'field';
      alias?: string;
      field: Field;
      /** `col::text` (before an aggregate, the aggregate's input cast). */
      cast?: string;
      aggregate?: AggregateName;
      /** `col.sum()::int`: the aggregate's output cast. */
      aggregateCast?: string;
    }
  /** `count()`: the number of rows (of the group). */
  | { kind: 'count'; alias?: string; cast?: string }
  | EmbedItem;

export interface EmbedItem {
  kind: 'embed';
  alias?: string;
  /** Table, view, foreign-key or column name to embed through. */
  name: string;
  /** `!fk_name` / `!column` / `!junction`: which relationship. */
  hint?: string;
  join: 'left' | 'inner';
  /** `...rel(cols)`: lift the columns into the parent. */
  spread: boolean;
  /** Empty for `rel()`: joined (e.g. to filter with !inner) but not shown. */
  select: SelectItem[];
}

export type QuantifiedOperator =
  'eq' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'ilike' | 'match' | 'imatch';
export type SimpleOperator =
  | QuantifiedOperator
  | 'neq'
  | 'isdistinct'
  | 'cs'
  | 'cd'
  | 'ov'
  | 'sl'
  | 'sr'
  | 'nxl'
  | 'nxr'
  | 'adj';
export type TextSearchOperator = 'fts' | 'plfts' | 'phfts' | 'wfts';
export type IsValue = 'null' | 'not_null' | 'true' | 'false' | 'unknown';

export type Operation =
  | { op: SimpleOperator; value: string; quantifier?: 'any' | 'all' }
  | { op: 'in'; values: string[] }
  | { op: 'is'; value: IsValue }
  | { op: TextSearchOperator; config?: string; value: string };

/** `col=[not.]op.value`. */
export interface Filter {
  kind: 'filter';
  field: Field;
  negated: boolean;
  operation: Operation;
}

/** `or=(…)`, `and=(…)`, `not.or=(…)`, nested `and(…)` inside. */
export interface LogicTree {
  kind: 'logic';
  operator: 'and' | 'or';
  negated: boolean;
  children: Condition[];
}

export type Condition = Filter | LogicTree;

export interface OrderTerm {
  /** `rel(col)`: order by a column of an embedded to-one resource. */
  relation?: string;
  field: Field;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

/** Everything addressed to one embedding level (root is the empty path). */
export interface LevelModifiers {
  conditions: Condition[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
}

/** A whole query string, split by embedding level. */
export interface ParsedQuery {
  select: SelectItem[];
  /** Keyed by embed path joined with '.', '' for the root. */
  levels: Map<string, LevelModifiers>;
  /** `columns=` of an insert/upsert. */
  columns?: string[];
  /** `on_conflict=` of an upsert. */
  onConflict?: string[];
}
