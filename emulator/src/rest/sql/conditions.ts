// Planned filters and logic trees → a WHERE expression. Values are always parameters; Postgres
// infers their type from the column, as it does for PostgREST's unknown-typed literals.
import type { Filter } from '../parse/types.js';
import type { ColumnRef, EmbedPlan, PlannedCondition } from '../plan/read-plan.js';
import { ident, qualifiedIdent, type Params } from './identifiers.js';

const COMPARISONS: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxl: '&>',
  nxr: '&<',
  adj: '-|-',
};

const TEXT_SEARCH_FUNCTIONS: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};

/**
 * `alias."col"->'a'->>'b'`, with JSON keys as parameters. A computed field is its function
 * called with the row; the alias may be a CTE or a function's result, so the cast names the
 * row type.
 */
export function columnExpression(alias: string, ref: ColumnRef, params: Params): string {
  let expression = `${ident(alias)}.${ident(ref.column.name)}`;
  if (ref.computed) {
    const { routine, relation } = ref.computed;
    expression = `${qualifiedIdent(routine.schema, routine.name)}(${ident(alias)}::${qualifiedIdent(relation.schema, relation.name)})`;
  }
  for (const step of ref.jsonPath) {
    const key =
      typeof step.key === 'number'
        ? `${params.add(step.key)}::int`
        : `${params.add(step.key)}::text`;
    expression = `(${expression}${step.op}${key})`;
  }
  return expression;
}

/** `{"a","b\"c"}`: a Postgres array literal, each element quoted. */
export function arrayLiteral(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

/** PostgREST lets `*` stand for `%` in like/ilike patterns (URLs mangle `%`). */
function likePattern(value: string): string {
  return value.replace(/\*/g, '%');
}

function filterSql(expression: string, ref: ColumnRef, filter: Filter, params: Params): string {
  const { operation } = filter;
  switch (operation.op) {
    case 'is': {
      const tests = {
        null: 'is null',
        not_null: 'is not null',
        true: 'is true',
        false: 'is false',
        unknown: 'is unknown',
      };
      return `${expression} ${tests[operation.value]}`;
    }
    case 'in':
      return `${expression} = any(${params.add(arrayLiteral(operation.values))})`;
    case 'isdistinct':
      return `${expression} is distinct from ${params.add(operation.value)}`;
    case 'fts':
    case 'plfts':
    case 'phfts':
    case 'wfts': {
      const config =
        operation.config !== undefined ? `${params.add(operation.config)}::regconfig, ` : '';
      const query = `${TEXT_SEARCH_FUNCTIONS[operation.op]}(${config}${params.add(operation.value)}::text)`;
      const isVector = ref.jsonPath.length === 0 && ref.column.nominalType === 'tsvector';
      const document = isVector ? expression : `to_tsvector(${config}${expression})`;
      return `${document} @@ ${query}`;
    }
    default: {
      const operator = COMPARISONS[operation.op]!;
      const isLike = operation.op === 'like' || operation.op === 'ilike';
      if (operation.quantifier) {
        const value = isLike ? likePattern(operation.value) : operation.value;
        return `${expression} ${operator} ${operation.quantifier}(${params.add(value)})`;
      }
      return `${expression} ${operator} ${params.add(isLike ? likePattern(operation.value) : operation.value)}`;
    }
  }
}

export interface ConditionScope {
  /** Alias of the level's relation. */
  alias: string;
  /** Lateral alias of each embed of the level. */
  embedAliases: Map<EmbedPlan, string>;
}

export function conditionSql(
  condition: PlannedCondition,
  scope: ConditionScope,
  params: Params,
): string {
  switch (condition.kind) {
    case 'filter': {
      const sql = filterSql(
        columnExpression(scope.alias, condition.ref, params),
        condition.ref,
        condition.filter,
        params,
      );
      return condition.filter.negated ? `not (${sql})` : sql;
    }
    case 'logic': {
      const joined = condition.children
        .map((child) => conditionSql(child, scope, params))
        .join(` ${condition.operator} `);
      return condition.negated ? `not (${joined})` : `(${joined})`;
    }
    case 'embedded': {
      const alias = scope.embedAliases.get(condition.embed)!;
      return `${ident(alias)}."pgrst_hit" is ${condition.present ? '' : 'not '}true`;
    }
  }
}
