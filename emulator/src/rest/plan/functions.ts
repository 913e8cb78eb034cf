// Which function an rpc call means: PostgREST matches overloads by the argument names the
// request gives (body keys for POST, query keys for GET), falls back to a function with a
// single unnamed json/jsonb parameter that takes the whole body, and refuses to guess between
// equally good overloads (PGRST203). None → PGRST202 with a "Perhaps you meant" hint.
import { schemaErrors } from '../errors.js';
import type { FunctionParameter, RoutineInfo, SchemaCache } from '../schema-cache.js';
import { qualified } from '../schema-cache.js';
import { closest } from './suggest.js';

export interface FunctionMatch {
  routine: RoutineInfo;
  /** Named arguments the request gives, or `body` for a single unnamed json parameter. */
  args: { kind: 'named'; names: string[] } | { kind: 'body'; parameter: FunctionParameter };
}

function isJsonBodyParameter(routine: RoutineInfo): FunctionParameter | null {
  const [only, ...rest] = routine.parameters;
  if (!only || rest.length || only.name !== '') return null;
  return only.type === 'json' || only.type === 'jsonb' ? only : null;
}

function signature(routine: RoutineInfo): string {
  const params = routine.parameters
    .map((p) => (p.name ? `${p.name} => ${p.type}` : p.type))
    .join(', ');
  return `${routine.schema}.${routine.name}(${params})`;
}

/**
 * `keys`: for POST the body's keys (exact match required); for GET the query keys, of which
 * the ones that are not parameters become filters.
 */
export function matchFunction(
  cache: SchemaCache,
  schema: string,
  name: string,
  keys: string[],
  mode: 'body' | 'query',
  bodyIsObject: boolean,
): FunctionMatch {
  const candidates = cache.functions.get(qualified(schema, name)) ?? [];
  const scored: { match: FunctionMatch; score: number }[] = [];
  for (const routine of candidates) {
    if (isJsonBodyParameter(routine)) continue;
    const named = routine.parameters.filter((p) => p.name !== '');
    if (named.length !== routine.parameters.length) continue;
    const names = new Set(named.map((p) => p.name));
    const given = keys.filter((k) => names.has(k));
    if (mode === 'body' && (!bodyIsObject || given.length !== keys.length)) continue;
    if (named.some((p) => !p.hasDefault && !given.includes(p.name))) continue;
    scored.push({ match: { routine, args: { kind: 'named', names: given } }, score: given.length });
  }
  if (scored.length) {
    const best = Math.max(...scored.map((s) => s.score));
    const top = scored.filter((s) => s.score === best);
    if (top.length === 1) return top[0]!.match;
    throw schemaErrors.ambiguousFunction(top.map((s) => signature(s.match.routine)));
  }
  const bodyTakers = candidates.filter((r) => isJsonBodyParameter(r));
  if (mode === 'body' && bodyTakers.length === 1) {
    return {
      routine: bodyTakers[0]!,
      args: { kind: 'body', parameter: isJsonBodyParameter(bodyTakers[0]!)! },
    };
  }
  if (bodyTakers.length > 1) throw schemaErrors.ambiguousFunction(bodyTakers.map(signature));
  throw schemaErrors.functionNotFound(
    qualified(schema, name),
    keys,
    mode === 'body',
    suggestFunction(cache, schema, name, keys, candidates),
  );
}

/**
 * PostgREST's hint: with no function of that name, the closest name; with overloads that did
 * not fit the arguments, the overload whose (sorted) parameter list is closest.
 */
function suggestFunction(
  cache: SchemaCache,
  schema: string,
  name: string,
  keys: string[],
  candidates: RoutineInfo[],
): string | null {
  const listed = (params: string[]) => `(${[...params].sort().join(', ')})`;
  if (candidates.length) {
    const lists = candidates.map((r) => listed(r.parameters.map((p) => p.name)));
    const best = closest(listed(keys), lists);
    return best ? `${qualified(schema, name)}${best}` : null;
  }
  const names = [...cache.functions.keys()]
    .filter((k) => k.startsWith(`${schema}.`))
    .map((k) => k.slice(schema.length + 1));
  const suggestion = closest(name, names);
  return suggestion ? qualified(schema, suggestion) : null;
}
