// Which function an rpc call means, as PostgREST's findProc decides it: a function fits when
// the argument names the request gives are exactly its required parameters plus any of its
// optional ones; with no fit, a POST falls back to a function with a single unnamed parameter
// whose type the body's media type names (json/jsonb, text, xml, bytea). More than one fit is
// PGRST203 (candidates in the order they were created); none is PGRST202 with PostgREST's
// "Perhaps you meant" hint.
import { schemaErrors } from '../errors.js';
import type { BodyFormat } from '../parse/media.js';
import type { FunctionParameter, RoutineInfo, SchemaCache } from '../schema/model.js';
import { qualified } from '../schema/model.js';
import { closest } from './suggest.js';

export interface FunctionMatch {
  routine: RoutineInfo;
  /** Named arguments the request gives, or `body` for a single unnamed parameter. */
  args: { kind: 'named'; names: string[] } | { kind: 'body'; parameter: FunctionParameter };
}

/** How the arguments arrive: a JSON (or form) object, or a raw body for one unnamed parameter. */
export type ArgumentSource =
  | { kind: 'query'; keys: string[] }
  | { kind: 'object'; keys: string[] }
  /** A JSON body that is not an object (array, scalar): only a json/jsonb parameter takes it. */
  | { kind: 'json-value' }
  | { kind: 'raw'; format: Extract<BodyFormat, 'text' | 'xml' | 'binary'> };

/** The parameter type each raw media type may fill (PostgREST's hasSingleUnnamedParam). */
const SINGLE_PARAMETER_TYPES: Record<'json' | 'text' | 'xml' | 'binary', readonly string[]> = {
  json: ['json', 'jsonb'],
  text: ['text'],
  xml: ['xml'],
  binary: ['bytea'],
};

function singleUnnamedParameter(
  routine: RoutineInfo,
  format: keyof typeof SINGLE_PARAMETER_TYPES,
): FunctionParameter | null {
  const [only, ...rest] = routine.parameters;
  if (!only || rest.length || only.name !== '') return null;
  return SINGLE_PARAMETER_TYPES[format].includes(only.type) ? only : null;
}

/**
 * PostgREST's matchesParams: the given keys minus the optional parameters must be exactly the
 * required ones (unnamed parameters can never be given by name).
 */
function fitsArguments(routine: RoutineInfo, keys: ReadonlySet<string>): boolean {
  const required = routine.parameters.filter((p) => !p.hasDefault).map((p) => p.name);
  const optional = new Set(routine.parameters.filter((p) => p.hasDefault).map((p) => p.name));
  const rest = [...keys].filter((k) => !optional.has(k));
  return rest.length === required.length && required.every((name) => keys.has(name));
}

function signature(routine: RoutineInfo): string {
  const params = routine.parameters.map((p) => `${p.name} => ${p.type}`).join(', ');
  return `${routine.schema}.${routine.name}(${params})`;
}

export function matchFunction(
  cache: SchemaCache,
  schema: string,
  name: string,
  source: ArgumentSource,
): FunctionMatch {
  const candidates = [...(cache.functions.get(qualified(schema, name)) ?? [])].sort(
    (a, b) => a.oid - b.oid,
  );
  const fits: FunctionMatch[] = [];
  const fallbacks: FunctionMatch[] = [];
  for (const routine of candidates) {
    if (source.kind === 'query' || source.kind === 'object') {
      // GET: query keys that are no parameter of this overload are filters on its result.
      const names = new Set(routine.parameters.map((p) => p.name));
      const given = source.kind === 'query' ? source.keys.filter((k) => names.has(k)) : source.keys;
      if (fitsArguments(routine, new Set(given))) {
        fits.push({ routine, args: { kind: 'named', names: given } });
        continue;
      }
    }
    const format =
      source.kind === 'raw' ? source.format : source.kind === 'query' ? null : ('json' as const);
    const parameter = format ? singleUnnamedParameter(routine, format) : null;
    if (parameter) fallbacks.push({ routine, args: { kind: 'body', parameter } });
  }
  const chosen = fits.length ? fits : fallbacks;
  if (chosen.length === 1) return chosen[0]!;
  if (chosen.length > 1)
    throw schemaErrors.ambiguousFunction(chosen.map((m) => signature(m.routine)));
  const keys = source.kind === 'query' || source.kind === 'object' ? source.keys : [];
  throw schemaErrors.functionNotFound(
    qualified(schema, name),
    keys,
    source.kind === 'query' ? 'query' : source.kind === 'raw' ? source.format : 'json',
    suggestFunction(cache, schema, name, keys, candidates),
  );
}

/**
 * PostgREST's hint: with no function of that name, the closest name; with overloads that did
 * not fit the arguments, the overload whose parameter list is closest to the (sorted) keys.
 */
function suggestFunction(
  cache: SchemaCache,
  schema: string,
  name: string,
  keys: string[],
  candidates: RoutineInfo[],
): string | null {
  const listed = (params: string[]) => `(${params.join(', ')})`;
  if (candidates.length) {
    const lists = candidates.map((r) => listed(r.parameters.map((p) => p.name)));
    const best = closest(listed([...keys].sort()), lists);
    return best ? `${qualified(schema, name)}${best}` : null;
  }
  const names = [...cache.functions.keys()]
    .filter((k) => k.startsWith(`${schema}.`))
    .map((k) => k.slice(schema.length + 1));
  const suggestion = closest(name, names);
  return suggestion ? qualified(schema, suggestion) : null;
}
