// The operators the filter bar offers for each kind of column, and how each becomes a PostgREST
// condition (`column=operator.value`, docs/compatibility.md#rest-requests). Ids are short and
// stable: they appear in bookmarked URLs (`f=title.contains.tiles`).
import type { ColumnKind } from '../schema/column-kind.js';
import type { ColumnModel } from '../schema/openapi-model.js';
import { parseInput } from '../values/parse-value.js';
import { arrayLiteral, inList, likeLiteral, splitList } from './postgrest-syntax.js';

export const FILTER_OPERATOR_IDS = [
  'contains',
  'startswith',
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'in',
  'hasall',
  'hasany',
  'jsoncontains',
  'istrue',
  'isfalse',
  'isnull',
  'notnull',
] as const;
export type FilterOperatorId = (typeof FILTER_OPERATOR_IDS)[number];

export function isFilterOperatorId(value: string): value is FilterOperatorId {
  return (FILTER_OPERATOR_IDS as readonly string[]).includes(value);
}

/** One filter of the bar: a column, an operator and (for most operators) a value as text. */
export interface Filter {
  column: string;
  operator: FilterOperatorId;
  value: string;
}

/** What postgrest-js's `.filter(column, operator, value)` takes. */
export interface Condition {
  column: string;
  operator: string;
  value: string;
}

export interface FilterOperator {
  id: FilterOperatorId;
  label: string;
  /** What the value box holds: one value, a comma-separated list, JSON, or nothing. */
  input: 'value' | 'list' | 'json' | 'none';
}

const TEMPORAL: readonly ColumnKind[] = ['date', 'timestamptz', 'timestamp', 'time'];

function comparisonLabels(kind: ColumnKind): Record<'gt' | 'gte' | 'lt' | 'lte', string> {
  return TEMPORAL.includes(kind)
    ? { gt: 'is after', gte: 'is on or after', lt: 'is before', lte: 'is on or before' }
    : { gt: 'is greater than', gte: 'is at least', lt: 'is less than', lte: 'is at most' };
}

/** The operators offered for a column, most useful first. */
export function operatorsFor(column: ColumnModel): FilterOperator[] {
  const op = (id: FilterOperatorId, label: string, input: FilterOperator['input'] = 'value'): FilterOperator => ({ id, label, input });
  const nulls = column.nullable ? [op('isnull', 'is empty (NULL)', 'none'), op('notnull', 'is not empty', 'none')] : [];
  const equality = [op('eq', 'is'), op('neq', 'is not')];
  const compare = () => {
    const labels = comparisonLabels(column.kind);
    return [op('gt', labels.gt), op('gte', labels.gte), op('lt', labels.lt), op('lte', labels.lte)];
  };
  switch (column.kind) {
    case 'text':
      return [op('contains', 'contains'), op('startswith', 'starts with'), ...equality, op('in', 'is one of', 'list'), ...nulls];
    case 'integer':
    case 'number':
      return [op('eq', 'equals'), op('neq', 'does not equal'), ...compare(), op('in', 'is one of', 'list'), ...nulls];
    case 'date':
    case 'timestamptz':
    case 'timestamp':
    case 'time':
      return [...equality, ...compare(), ...nulls];
    case 'boolean':
      return [op('istrue', 'is true', 'none'), op('isfalse', 'is false', 'none'), ...nulls];
    case 'enum':
    case 'uuid':
      return [...equality, op('in', 'is one of', 'list'), ...nulls];
    case 'array':
      return [op('hasall', 'has all of', 'list'), op('hasany', 'has any of', 'list'), ...nulls];
    case 'json':
      return [op('jsoncontains', 'contains JSON', 'json'), ...nulls];
    default:
      return [...equality, op('in', 'is one of', 'list'), ...nulls];
  }
}

export function findOperator(column: ColumnModel, id: string): FilterOperator | null {
  return operatorsFor(column).find((o) => o.id === id) ?? null;
}

/** A scalar column standing in for the elements of an array column, to check list items. */
function elementColumn(column: ColumnModel): ColumnModel {
  const format = column.format.endsWith('[]') ? column.format.slice(0, -2) : column.format;
  return { ...column, kind: column.itemKind ?? 'other', itemKind: null, format, maxLength: null };
}

/**
 * Checks a filter's value for its column and operator: a message for the person, or null when it
 * can be sent. Values are checked as the column's type (a number column compares with numbers).
 */
export function checkFilter(column: ColumnModel, filter: Filter): string | null {
  const operator = findOperator(column, filter.operator);
  if (!operator) return `“${filter.operator}” is not a filter for ${column.name}.`;
  switch (operator.input) {
    case 'none':
      return null;
    case 'json': {
      const parsed = parseInput({ ...column, kind: 'json' }, filter.value);
      return parsed.ok ? null : parsed.message;
    }
    case 'list': {
      const items = splitList(filter.value);
      if (items.length === 0) return 'Enter one or more values, separated by commas.';
      const itemColumn = column.kind === 'array' ? elementColumn(column) : column;
      for (const item of items) {
        const parsed = parseInput(itemColumn, item);
        if (!parsed.ok) return `“${item}”: ${parsed.message}`;
      }
      return null;
    }
    case 'value': {
      if (filter.value === '') return 'Enter a value.';
      // "contains" and "starts with" take any text, even for a column with a length limit.
      if (filter.operator === 'contains' || filter.operator === 'startswith') return null;
      const parsed = parseInput(column, filter.value);
      return parsed.ok ? null : parsed.message;
    }
  }
}

/** The value as the column's type writes it in a URL (a timestamp typed as local time → ISO). */
function canonical(column: ColumnModel, text: string): string {
  const parsed = parseInput(column, text);
  if (!parsed.ok) return text;
  return typeof parsed.value === 'string' ? parsed.value : JSON.stringify(parsed.value);
}

/** The PostgREST condition for a filter (assumed checked with `checkFilter`). */
export function filterCondition(column: ColumnModel, filter: Filter): Condition {
  const name = column.name;
  const condition = (operator: string, value: string): Condition => ({ column: name, operator, value });
  switch (filter.operator) {
    case 'contains':
      return condition('ilike', `*${likeLiteral(filter.value)}*`);
    case 'startswith':
      return condition('ilike', `${likeLiteral(filter.value)}*`);
    case 'eq':
    case 'neq':
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return condition(filter.operator, canonical(column, filter.value));
    case 'in':
      return condition('in', inList(splitList(filter.value).map((item) => canonical(column, item))));
    case 'hasall':
    case 'hasany': {
      const itemColumn = elementColumn(column);
      return condition(filter.operator === 'hasall' ? 'cs' : 'ov', arrayLiteral(splitList(filter.value).map((item) => canonical(itemColumn, item))));
    }
    case 'jsoncontains':
      return condition('cs', JSON.stringify(JSON.parse(filter.value)));
    case 'istrue':
      return condition('is', 'true');
    case 'isfalse':
      return condition('is', 'false');
    case 'isnull':
      return condition('is', 'null');
    case 'notnull':
      return condition('not.is', 'null');
  }
}
