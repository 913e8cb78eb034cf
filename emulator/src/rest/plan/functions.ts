// Which function an rpc call means, as PostgREST's findProc (Plan.hs) decides it. The
// candidates are the callable overloads of that name, fewest parameters first (its `Ord Routine`).
// An overload fits when the argument keys are exactly its required parameters plus any of its
// optional ones (a function without parameters fits no keys, and no raw body); an overload that
// does not fit but has one unnamed parameter of the type the POST body's media type names
// (json/jsonb, text, xml, bytea) is a fallback. One fit wins; several are PGRST203; with none,
// one fallback wins, several are PGRST203; nothing is PGRST202 with PostgREST's fuzzy hint.
// See docs/compatibility.md#rest-rpc-resolution.
import { schemaErrors } from '../errors.js';
import type { BodyFormat } from '../parse/media.js';
import type { FunctionParameter, RoutineInfo, SchemaCache } from '../schema/model.js';
import { qualified } from '../schema/model.js';
import { FuzzySet } from './fuzzy-set.js';

export interface FunctionMatch {
  routine: RoutineInfo;
  /**
   * `named`: the parameters the argument keys name, called by name. `body`: a single unnamed
   * parameter, called with the whole payload as its one positional argument (PostgREST's
   * OnePosParam), whether it fitted by keys or as the media type's fallback.
   */
  args: { kind: 'named'; names: string[] } | { kind: 'body'; parameter: FunctionParameter };
}

/** How the arguments arrive. */
export type ArgumentSource =
  /** GET/HEAD: the query parameters that are no filter. */
  | { kind: 'query'; keys: string[] }
  /** POST of a JSON object, or of a form (`form`: no json/jsonb fallback). */
  | { kind: 'object'; keys: string[]; form?: boolean }
  /** A JSON body that is not an object (array, scalar): no keys. */
  | { kind: 'json-value' }
  | { kind: 'raw'; format: Extract<BodyFormat, 'text' | 'xml' | 'binary'> };

/** The parameter type each POST media type may fill (PostgREST's hasSingleUnnamedParam). */
const SINGLE_PARAMETER_TYPES: Record<'json' | 'text' | 'xml' | 'binary', readonly string[]> = {
  json: ['json', 'jsonb'],
  text: ['text'],
  xml: ['xml'],
  binary: ['bytea'],
};

function bodyMediaType(source: ArgumentSource): keyof typeof SINGLE_PARAMETER_TYPES | null {
  if (source.kind === 'raw') return source.format;
  if (source.kind === 'json-value' || (source.kind === 'object' && !source.form)) return 'json';
  return null;
}

function argumentKeys(source: ArgumentSource): string[] {
  return source.kind === 'query' || source.kind === 'object' ? source.keys : [];
}

/** The one parameter when it has no name (called positionally). */
function onlyUnnamedParameter(routine: RoutineInfo): FunctionParameter | null {
  const [only, ...rest] = routine.parameters;
  return only && rest.length === 0 && only.name === '' ? only : null;
}

/** PostgREST's matchesParams. */
function fitsArguments(
  routine: RoutineInfo,
  keys: ReadonlySet<string>,
  source: ArgumentSource,
): boolean {
  if (routine.parameters.length === 0) return keys.size === 0 && source.kind !== 'raw';
  const required = new Set(routine.parameters.filter((p) => !p.hasDefault).map((p) => p.name));
  const optional = new Set(routine.parameters.filter((p) => p.hasDefault).map((p) => p.name));
  const rest = new Set([...keys].filter((k) => !optional.has(k)));
  return rest.size === required.size && [...required].every((name) => rest.has(name));
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * PostgREST's `Ord Routine`: fewer parameters first; then the description (none first), then
 * the parameters one by one: name, type, optional before required, variadic last.
 */
export function compareRoutines(a: RoutineInfo, b: RoutineInfo): number {
  if (a.parameters.length !== b.parameters.length) return a.parameters.length - b.parameters.length;
  if (a.description !== b.description) {
    if (a.description === null) return -1;
    if (b.description === null) return 1;
    return compareText(a.description, b.description);
  }
  for (let i = 0; i < a.parameters.length; i++) {
    const p = a.parameters[i]!;
    const q = b.parameters[i]!;
    const order =
      compareText(p.name, q.name) ||
      compareText(p.displayType, q.displayType) ||
      Number(!p.hasDefault) - Number(!q.hasDefault) ||
      Number(p.variadic) - Number(q.variadic);
    if (order) return order;
  }
  return a.oid - b.oid;
}

function signature(routine: RoutineInfo): string {
  const params = routine.parameters.map((p) => `${p.name} => ${p.displayType}`).join(', ');
  return `${routine.schema}.${routine.name}(${params})`;
}

function matchOf(routine: RoutineInfo, keys: ReadonlySet<string>): FunctionMatch {
  const unnamed = onlyUnnamedParameter(routine);
  if (unnamed) return { routine, args: { kind: 'body', parameter: unnamed } };
  return {
    routine,
    args: {
      kind: 'named',
      names: routine.parameters.map((p) => p.name).filter((n) => keys.has(n)),
    },
  };
}

export function matchFunction(
  cache: SchemaCache,
  schema: string,
  name: string,
  source: ArgumentSource,
): FunctionMatch {
  const candidates = (cache.functions.get(qualified(schema, name)) ?? [])
    .filter((r) => r.callable)
    .sort(compareRoutines);
  const keys = new Set(argumentKeys(source));
  const media = bodyMediaType(source);
  const fits: RoutineInfo[] = [];
  const fallbacks: RoutineInfo[] = [];
  for (const routine of candidates) {
    if (fitsArguments(routine, keys, source)) fits.push(routine);
    else if (
      media &&
      SINGLE_PARAMETER_TYPES[media].includes(onlyUnnamedParameter(routine)?.type ?? '')
    )
      fallbacks.push(routine);
  }
  const chosen = fits.length ? fits : fallbacks;
  if (chosen.length === 1) return matchOf(chosen[0]!, keys);
  if (chosen.length > 1) throw schemaErrors.ambiguousFunction(chosen.map(signature));
  throw schemaErrors.functionNotFound(
    qualified(schema, name),
    [...keys],
    source.kind === 'raw' ? source.format : (media ?? 'query'),
    suggestFunction(cache, schema, name, [...keys], candidates),
  );
}

/** `(a, b)`: a parameter list as PostgREST's hint compares it, names sorted. */
function listed(names: string[]): string {
  return `(${[...names].sort(compareText).join(', ')})`;
}

/**
 * PostgREST's noRpcHint: with overloads of that name, the overload whose sorted parameter list
 * is closest to the sorted keys (score 0.33 or more); with none, the closest function name of
 * the schema (score 0.75 or more).
 */
function suggestFunction(
  cache: SchemaCache,
  schema: string,
  name: string,
  keys: string[],
  overloads: RoutineInfo[],
): string | null {
  if (overloads.length) {
    const lists = new FuzzySet(overloads.map((r) => listed(r.parameters.map((p) => p.name))));
    const best = lists.getOne(listed(keys));
    return best === null ? null : `${qualified(schema, name)}${best}`;
  }
  const names = [...cache.functions.values()]
    .filter((routines) => routines.some((r) => r.callable && r.schema === schema))
    .map((routines) => routines[0]!.name);
  const suggestion = new FuzzySet(names).getOne(name, 0.75);
  return suggestion === null ? null : qualified(schema, suggestion);
}
