// A function call as a FROM item: arguments arrive as one JSON parameter that json_to_record
// converts to the declared parameter types (PostgREST does the same), then the function is
// called with named notation so defaults fill what the request left out.
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
