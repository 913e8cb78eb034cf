// A function call as a FROM item: arguments arrive as one JSON parameter that json_to_record
// converts to the declared parameter types (PostgREST does the same), then the function is
// called with named notation so defaults fill what the request left out. The call is a CTE of
// its own that the request's SELECT (and its count) reads, as in PostgREST's statement.
import type { FunctionParameter, RoutineInfo } from '../schema/model.js';
import { ident, type Params, qualifiedIdent } from './identifiers.js';

export const SCALAR_COLUMN = 'pgrst_scalar';

export type CallArguments =
  /** Named parameters with the values the request gave. */
  | { kind: 'named'; parameters: FunctionParameter[]; values: Record<string, unknown> }
  /** A single unnamed parameter (json/jsonb, text, xml, bytea) that takes the whole body. */
  | { kind: 'body'; parameter: FunctionParameter; body: string | Uint8Array };

/** `… cross join lateral "s"."fn"(…) as "alias"` (scalar results get one column, `pgrst_scalar`). */
export function functionFromSql(
  routine: RoutineInfo,
  args: CallArguments,
  alias: string,
  params: Params,
): string {
  const fn = qualifiedIdent(routine.schema, routine.name);
  const scalar = routine.result.kind === 'scalar' || routine.result.kind === 'void';
  const as = scalar ? `${ident(alias)}(${ident(SCALAR_COLUMN)})` : ident(alias);
  if (args.kind === 'body') {
    return `${fn}(${params.add(args.body)}::${args.parameter.type}) as ${as}`;
  }
  if (args.parameters.length === 0) return `${fn}() as ${as}`;
  const definitions = args.parameters.map((p) => `${ident(p.name)} ${p.type}`).join(', ');
  const call = args.parameters
    .map((p) => `${p.variadic ? 'variadic ' : ''}${ident(p.name)} := "pgrst_args".${ident(p.name)}`)
    .join(', ');
  return `json_to_record(${params.add(JSON.stringify(args.values))}::json) as "pgrst_args"(${definitions}) cross join lateral ${fn}(${call}) as ${as}`;
}

/** The CTE holding the call's rows; the request's SELECT reads it as `"pgrst_call" as <alias>`. */
export const CALL_CTE = 'pgrst_call';

/**
 * `"pgrst_call" as [materialized] (select <alias>.* from <the call>)`: PostgREST's
 * `pgrst_source` CTE around the call (`callPlanToQuery`, `prepareCall` in
 * src/PostgREST/Query/Statements.hs). Filters, order and embeds apply outside it. PostgREST's
 * statement reads that CTE twice when it counts (exact or estimated) or writes CSV (the header
 * reads the first row), so Postgres materializes the call and the rows keep the function's own
 * order; read once, Postgres folds the call into the SELECT (an SQL function is inlined and its
 * scan may use an index the filters allow). `materialized` says which of the two PostgREST's
 * statement gets, so the rows come back in the same order (docs/compatibility.md#rest-order-of-rows).
 */
export function callCteSql(
  routine: RoutineInfo,
  args: CallArguments,
  alias: string,
  params: Params,
  materialized: boolean,
): string {
  const call = functionFromSql(routine, args, alias, params);
  return `${ident(CALL_CTE)} as ${materialized ? 'materialized ' : ''}(select ${ident(alias)}.* from ${call})`;
}
