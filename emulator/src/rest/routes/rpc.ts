// /rpc/<function>: POST with JSON arguments, GET and HEAD with query arguments (read-only
// transaction). Set-returning functions are filtered, ordered, paged and embedded like tables;
// a scalar comes back as its JSON value, a single composite as an object, void as 204.
import { requestErrors, RestError } from '../errors.js';
import { runAsCaller } from '../execute.js';
import { parseArgumentsBody } from '../parse/body.js';
import { bodyFormat, contentTypeOf, negotiate } from '../parse/media.js';
import { OPERATORS } from '../parse/filter.js';
import { formatApplied, type AppliedPreference } from '../parse/prefer.js';
import { parseQuery } from '../parse/query.js';
import { matchFunction } from '../plan/functions.js';
import { planRead, type ReadLevel, type ReadSource } from '../plan/read-plan.js';
import type { RestRequest } from '../request.js';
import { contentRange, profileHeaders, rowWindow } from '../respond.js';
import type { Column, RoutineInfo } from '../schema/model.js';
import { buildLevelParts, countSelect, envelopeSql, levelSelect, newBuilder } from '../sql/read.js';
import { CALL_CTE, callCteSql, SCALAR_COLUMN, type CallArguments } from '../sql/rpc.js';
import { ident } from '../sql/identifiers.js';
import {
  appliedCommon,
  bodyShape,
  capEmbeddedRows,
  explain,
  explainResponse,
  readResponse,
  runCountedRead,
  type RouteDeps,
} from './read.js';

/** Query keys that are never function arguments (`apikey` is the gateway's). */
const RESERVED = new Set(['select', 'columns', 'on_conflict', 'apikey']);
const RESERVED_LAST_SEGMENT = new Set(['order', 'limit', 'offset', 'and', 'or']);
const FILTER_OPERATORS = new Set(OPERATORS);

/**
 * PostgREST's split of a GET's query (QueryParams.hs): a parameter is a filter when its key is
 * an embed path (has a dot) or its value starts with an operator (`eq.`, `not.…`, `fts(…)`);
 * every other one, reserved names aside, is a function argument.
 */
function isArgument(key: string, value: string): boolean {
  if (RESERVED.has(key) || RESERVED_LAST_SEGMENT.has(key.split('.').at(-1)!)) return false;
  if (key.includes('.')) return false;
  const [first, ...rest] = value.split('.');
  const operator = first === 'not' ? rest.length > 0 : FILTER_OPERATORS.has(first!);
  const ftsWithConfig =
    value.includes('(') && FILTER_OPERATORS.has(value.slice(0, value.indexOf('(')));
  return !operator && !ftsWithConfig;
}

function resultSource(routine: RoutineInfo): ReadSource {
  const { result } = routine;
  if (result.kind === 'relation') {
    return {
      relation: result.relation,
      displayName: routine.name,
      // PostgREST reads the result as `pgrst_source AS <its table>` (funcTableName).
      alias: result.relation.name,
      columns: result.relation.columnsByName,
    };
  }
  if (result.kind === 'composite') {
    return {
      relation: null,
      displayName: routine.name,
      columns: new Map(result.columns.map((c) => [c.name, c])),
    };
  }
  return { relation: null, displayName: routine.name, columns: new Map<string, Column>() };
}

function bodyText(body: string | Uint8Array): string {
  return typeof body === 'string' ? body : new TextDecoder().decode(body);
}

export async function callFunction(
  deps: RouteDeps,
  request: RestRequest,
  name: string,
  headers: { accept: string | null; contentType: string | null },
  body: string | Uint8Array,
): Promise<Response> {
  const { method, prefer } = request;
  if (method !== 'GET' && method !== 'HEAD' && method !== 'POST')
    throw requestErrors.rpcMethod(method);
  const representation = negotiate(headers.accept, 'rows', {
    planEnabled: deps.service.config.api.db_plan_enabled,
  });
  const cache = await deps.cache.get();

  let match;
  let values: Record<string, unknown> = {};
  let rawBody: string | Uint8Array = '{}';
  if (method === 'POST') {
    const format = bodyFormat(headers.contentType);
    if (format === 'text' || format === 'xml' || format === 'binary') {
      // The body is the one unnamed parameter's value; bytes stay bytes (a bytea parameter).
      rawBody = format === 'binary' ? Buffer.from(body) : bodyText(body);
      match = matchFunction(cache, request.schema, name, { kind: 'raw', format });
    } else {
      const parsed = parseArgumentsBody(bodyText(body), format);
      values = parsed.object ?? {};
      // A form is passed on as the JSON of its fields, as a GET's arguments are; an array of
      // objects is passed whole (its first element names the arguments); any other JSON body
      // that is no object reaches a function as `[]` (PostgREST's payloadAttributes).
      rawBody =
        format === 'form'
          ? JSON.stringify(values)
          : parsed.object || parsed.raw.trimStart().startsWith('[')
            ? parsed.raw
            : '[]';
      match = matchFunction(
        cache,
        request.schema,
        name,
        parsed.object
          ? { kind: 'object', keys: Object.keys(parsed.object), form: format === 'form' }
          : { kind: 'json-value' },
      );
    }
  } else {
    for (const [key, value] of request.query) if (isArgument(key, value)) values[key] = value;
    rawBody = JSON.stringify(values);
    match = matchFunction(cache, request.schema, name, {
      kind: 'query',
      keys: Object.keys(values),
    });
  }
  const { routine } = match;
  const argumentNames = match.args.kind === 'named' ? new Set(match.args.names) : new Set<string>();
  const query = parseQuery(request.query, {
    isArgument: (key, value) => method !== 'POST' && isArgument(key, value),
  });

  const args: CallArguments =
    match.args.kind === 'body'
      ? { kind: 'body', parameter: match.args.parameter, body: rawBody }
      : {
          kind: 'named',
          parameters: routine.parameters.filter((p) => argumentNames.has(p.name)),
          values: Object.fromEntries(Object.entries(values).filter(([k]) => argumentNames.has(k))),
        };

  const scalar = routine.result.kind === 'scalar' || routine.result.kind === 'void';
  const source = resultSource(routine);
  const level: ReadLevel = scalar
    ? {
        relation: null,
        displayName: routine.name,
        columns: source.columns,
        items: [],
        conditions: [],
        order: [],
        embeds: [],
        grouped: false,
      }
    : planRead(cache, source, query);
  if (scalar) {
    // A scalar result has no columns to filter or embed; only paging applies to sets.
    const root = query.levels.get('');
    if (root?.limit !== undefined) level.limit = root.limit;
    if (root?.offset !== undefined) level.offset = root.offset;
  }
  if (routine.returnsSet) {
    const window = rowWindow(level, null, deps.service.config.api.max_rows);
    level.offset = window.offset;
    if (window.limit !== undefined) level.limit = window.limit;
  }
  capEmbeddedRows(level, deps.service.config.api.max_rows);

  const builder = newBuilder();
  const alias = builder.aliases.table();
  const head = method === 'HEAD';
  const minimal = prefer.return === 'minimal';
  const singleResult = !routine.returnsSet && routine.result.kind !== 'void';
  const answered = representation.kind === 'plan' ? representation.for : representation;
  let shape = bodyShape(answered, head || minimal || routine.result.kind === 'void');
  if (singleResult && shape === 'array') shape = 'object';
  // Materialized where PostgREST's statement reads its call twice: a count (exact, or
  // estimated: PostgREST counts up to max_rows in the same statement) or CSV's header.
  const materialized =
    prefer.count === 'exact' || prefer.count === 'estimated' || answered.kind === 'csv';
  const callCte = callCteSql(routine, args, alias, builder.params, materialized);
  const from = `${ident(CALL_CTE)} as ${ident(alias)}`;
  const parts = buildLevelParts(level, alias, builder);
  if (scalar) parts.projection = [`"${alias}"."${SCALAR_COLUMN}" as "${SCALAR_COLUMN}"`];
  const sourceSql = levelSelect(parts, from);
  if (representation.kind === 'plan') {
    const countSql = prefer.count === 'exact' ? countSelect(parts, from) : null;
    const statement = `with ${callCte}, "pgrst_source" as (${sourceSql}) ${envelopeSql({ shape, scalar, countSql })}`;
    const plan = await runAsCaller(
      deps.service,
      request,
      (tx) => explain(tx, representation, statement, builder),
      { watchSchema: deps.cache, rollback: prefer.tx === 'rollback' },
    );
    return explainResponse(representation, plan, head);
  }

  // `handling=strict, max-affected=N` bounds how many rows a set-returning function may touch.
  const strictMax = prefer.handling === 'strict' && prefer.maxAffected !== undefined;
  if (strictMax && !routine.returnsSet) {
    throw new RestError(400, {
      code: 'PGRST128',
      message:
        'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
    });
  }
  // A set answered as one object (`Accept: application/vnd.pgrst.object+json`, supabase-js
  // `.single()`): the body readResponse builds below.
  const singularSet =
    !singleResult &&
    routine.result.kind !== 'void' &&
    !minimal &&
    representation.kind === 'json' &&
    representation.singular;
  const envelope = await runAsCaller(
    deps.service,
    request,
    async (tx) => {
      const result = await runCountedRead(
        tx,
        builder,
        parts,
        from,
        sourceSql,
        {
          shape,
          stripNulls: representation.kind === 'json' && representation.stripNulls,
          scalar,
        },
        {
          // PostgREST counts the rows of every call (a scalar or a single row is one).
          mode: prefer.count,
          maxRows: deps.service.config.api.max_rows,
        },
        [callCte],
      );
      if (strictMax && result.pageTotal > prefer.maxAffected!)
        throw requestErrors.maxAffected(result.pageTotal);
      // Thrown inside the transaction, as PostgREST's check is: `.single()` on a function that
      // wrote two rows answers 406 and the rows are gone, not 406 with the rows committed.
      if (singularSet && result.pageTotal !== 1) throw requestErrors.singular(result.pageTotal);
      return result;
    },
    { watchSchema: deps.cache, rollback: prefer.tx === 'rollback' },
  );

  const applied = new Set<AppliedPreference>();
  appliedCommon(request, applied);
  if (strictMax) applied.add('max-affected');
  if (routine.result.kind === 'void' || minimal) {
    const headers: Record<string, string> = {
      ...profileHeaders(request.schema, deps.service.config.api.schemas),
      'Content-Range': contentRange(0, envelope.pageTotal - 1, envelope.total),
    };
    const preferenceApplied = formatApplied(prefer, applied);
    if (preferenceApplied) headers['Preference-Applied'] = preferenceApplied;
    return new Response(null, { status: 204, headers });
  }
  if (singleResult) {
    const headers: Record<string, string> = {
      'Content-Type': contentTypeOf(
        representation.kind === 'csv'
          ? representation
          : {
              kind: 'json',
              singular: representation.kind === 'json' && representation.singular,
              stripNulls: false,
            },
      ),
      'Content-Range': contentRange(0, envelope.pageTotal - 1, envelope.total),
      ...profileHeaders(request.schema, deps.service.config.api.schemas),
    };
    const preferenceApplied = formatApplied(prefer, applied);
    if (preferenceApplied) headers['Preference-Applied'] = preferenceApplied;
    return new Response(head ? null : (envelope.body ?? 'null'), { status: 200, headers });
  }
  return readResponse(request, deps, representation, level, envelope, level.offset ?? 0, applied);
}
