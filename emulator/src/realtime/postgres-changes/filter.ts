// postgres_changes filters as Realtime reads them (the grammar realtime-js'
// RealtimePostgresFilterBuilder writes): `column=op.value` conditions joined by commas (AND),
// an optional `not.` before the operator, PostgREST-style double quotes around values that
// hold `,()"\`, and `in.(a,b,"c,d")` lists. Conditions become SQL over a typed row `r`;
// values are always `$n` parameters, which Postgres casts to the column's own type.

export const FILTER_OPERATORS = [
  'eq',
  'neq',
  'lt',
  'lte',
  'gt',
  'gte',
  'in',
  'like',
  'ilike',
  'is',
  'match',
  'imatch',
  'isdistinct',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export interface FilterCondition {
  column: string;
  operator: FilterOperator;
  negate: boolean;
  /** A list for `in`, a single string otherwise (`is` holds null/true/false/unknown). */
  value: string | string[];
}

export class FilterParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FilterParseError';
  }
}

/** Splits on `separator` outside double quotes and parentheses. */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '\\') i++;
      else if (char === '"') quoted = false;
      continue;
    }
    if (char === '"') quoted = true;
    else if (char === '(') depth++;
    else if (char === ')') depth = Math.max(0, depth - 1);
    else if (char === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  if (quoted) throw new FilterParseError(`unterminated double quote in "${text}"`);
  parts.push(text.slice(start));
  return parts;
}

function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return value;
}

function parseCondition(text: string): FilterCondition {
  const equals = text.indexOf('=');
  if (equals <= 0) throw new FilterParseError(`"${text}" is not of the form column=operator.value`);
  const column = text.slice(0, equals).trim();
  let rest = text.slice(equals + 1);
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  const operator = (dot < 0 ? rest : rest.slice(0, dot)) as FilterOperator;
  if (!FILTER_OPERATORS.includes(operator)) {
    throw new FilterParseError(
      `"${operator}" is not a filter operator (use one of ${FILTER_OPERATORS.join(', ')})`,
    );
  }
  if (dot < 0) throw new FilterParseError(`"${text}" has no value after the operator`);
  const raw = rest.slice(dot + 1);
  if (operator === 'in') {
    if (!raw.startsWith('(') || !raw.endsWith(')')) {
      throw new FilterParseError(
        `the value of "in" must be a list in parentheses, as in ${column}=in.(1,2)`,
      );
    }
    const inner = raw.slice(1, -1);
    const items =
      inner.trim() === '' ? [] : splitTopLevel(inner, ',').map((item) => unquote(item.trim()));
    if (items.length === 0) throw new FilterParseError(`"in" needs at least one value`);
    return { column, operator, negate, value: items };
  }
  const value = unquote(raw);
  if (operator === 'is' && !['null', 'true', 'false', 'unknown'].includes(value.toLowerCase())) {
    throw new FilterParseError(`"is" accepts null, true, false or unknown, not "${value}"`);
  }
  return { column, operator, negate, value };
}

/** An empty or missing filter means every row. */
export function parseFilter(filter: string | null | undefined): FilterCondition[] {
  if (!filter || filter.trim() === '') return [];
  return splitTopLevel(filter, ',').map((part) => parseCondition(part.trim()));
}

export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

const COMPARISONS: Partial<Record<FilterOperator, string>> = {
  eq: '=',
  neq: '<>',
  lt: '<',
  lte: '<=',
  gt: '>',
  gte: '>=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
};

/**
 * One boolean SQL expression for all conditions over row alias `r`, pushing values onto
 * `params`. NULL comparisons count as false, as in Realtime.
 */
export function buildFilterSql(conditions: FilterCondition[], params: unknown[]): string {
  if (conditions.length === 0) return 'true';
  const parts = conditions.map((condition) => {
    const column = `r.${quoteIdentifier(condition.column)}`;
    const param = (value: string) => {
      params.push(value);
      return `$${params.length}`;
    };
    let expression: string;
    if (condition.operator === 'in') {
      expression = `${column} in (${(condition.value as string[]).map(param).join(', ')})`;
    } else if (condition.operator === 'is') {
      expression = `${column} is ${(condition.value as string).toLowerCase()}`;
    } else if (condition.operator === 'isdistinct') {
      expression = `${column} is distinct from ${param(condition.value as string)}`;
    } else if (['like', 'ilike', 'match', 'imatch'].includes(condition.operator)) {
      expression = `${column}::text ${COMPARISONS[condition.operator]} ${param(condition.value as string)}::text`;
    } else {
      expression = `${column} ${COMPARISONS[condition.operator]} ${param(condition.value as string)}`;
    }
    return `coalesce(${condition.negate ? 'not ' : ''}(${expression}), false)`;
  });
  return parts.join(' and ');
}

/** How Realtime echoes filters in its errors: `[{"col", "eq", "1", false}]`. */
export function describeFilters(conditions: FilterCondition[]): string {
  const items = conditions.map((c) => {
    const value = Array.isArray(c.value)
      ? `[${c.value.map((v) => JSON.stringify(v)).join(', ')}]`
      : JSON.stringify(c.value);
    return `{${JSON.stringify(c.column)}, ${JSON.stringify(c.operator)}, ${value}, ${c.negate}}`;
  });
  return `[${items.join(', ')}]`;
}
