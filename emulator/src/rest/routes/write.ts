// POST (insert, upsert), PATCH (update) and DELETE on a table or view: the mutation is the first
// CTE of one statement, the representation (with embeds) is read from its RETURNING. Statuses,
// Content-Range, Location and Preference-Applied as PostgREST
// (docs/compatibility.md#rest-responses).
import { requestErrors, RestError, schemaErrors } from '../errors.js';
import { readEnvelope, runAsCaller, statementAsCaller, type EnvelopeRow } from '../execute.js';
import { parseRowsBody, type BodyRow } from '../parse/body.js';
import { bodyFormat, contentTypeOf, negotiate } from '../parse/media.js';
import { formatApplied, type AppliedPreference } from '../parse/prefer.js';
import { parseQuery } from '../parse/query.js';
import type { ParsedQuery } from '../parse/types.js';
import { outputKeys, planRead, sourceOfRelation, type ReadLevel } from '../plan/read-plan.js';
import type { RestRequest } from '../request.js';
import { contentRange, csvHeader, profileHeaders } from '../respond.js';
import type { Relation } from '../schema/model.js';
import { conditionSql } from '../sql/conditions.js';
import { ident, qualifiedIdent } from '../sql/identifiers.js';
import {
  buildLevelParts,
  envelopeSql,
  levelSelect,
  newBuilder,
  orderSql,
  type Builder,
} from '../sql/read.js';
import {
  deleteSql,
  INSERTED_COLUMN,
  insertSql,
  reportsInserted,
  returningSql,
  TARGET_ALIAS,
  updateSql,
} from '../sql/write.js';
import { appliedCommon, bodyShape, explain, explainResponse, type RouteDeps } from './read.js';

type WriteMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function checkColumns(relation: Relation, names: Iterable<string>): void {
  for (const name of names) {
    if (!relation.columnsByName.has(name)) throw schemaErrors.columnNotFound(name, relation.name);
  }
}

/** The columns written: `columns=` when given, else the keys of the rows (which must agree). */
function writtenColumns(
  relation: Relation,
  rows: BodyRow[],
  columnsParam: string[] | undefined,
): string[] {
  if (columnsParam) {
    checkColumns(relation, columnsParam);
    return [...new Set(columnsParam)];
  }
  const first = rows[0] ? Object.keys(rows[0]) : [];
  for (const row of rows.slice(1)) {
    const keys = Object.keys(row);
    if (keys.length !== first.length || keys.some((k) => !first.includes(k))) {
      throw requestErrors.invalidBody('All object keys must match');
    }
  }
  checkColumns(relation, first);
  return first;
}

function notAllowed(relation: Relation, verb: 'insert into' | 'update' | 'delete from'): RestError {
  // Postgres' own words for a view that is not automatically updatable (SQLSTATE 55000).
  return new RestError(405, {
    code: '55000',
    message: `cannot ${verb} view "${relation.name}"`,
    details:
      'Views that do not select from a single table or view are not automatically updatable.',
  });
}

/** `Location: /todos?id=eq.5` for a created row, from its primary key (PostgREST's headers-only). */
function locationOf(relation: Relation, body: string | null): string | null {
  if (!body || relation.primaryKey.length === 0) return null;
  const rows = JSON.parse(body) as Record<string, unknown>[] | Record<string, unknown>;
  const row = Array.isArray(rows) ? rows[0] : rows;
  if (!row) return null;
  const query = relation.primaryKey
    .map((k) => `${encodeURIComponent(k)}=eq.${encodeURIComponent(String(row[k] ?? ''))}`)
    .join('&');
  return `/${encodeURIComponent(relation.name)}?${query}`;
}

interface MutationContext {
  relation: Relation;
  query: ParsedQuery;
  planned: ReadLevel;
  bodyText: string;
  contentType: string | null;
  returning: string;
  builder: Builder;
  request: RestRequest;
  applied: Set<AppliedPreference>;
}

function emptyMutation(relation: Relation): string {
  return `select *, false as ${ident(INSERTED_COLUMN)} from ${qualifiedIdent(relation.schema, relation.name)} as ${ident(TARGET_ALIAS)} where false`;
}

/** POST: insert, or upsert with `Prefer: resolution=…` on the primary key or `on_conflict`. */
function insertMutation({
  relation,
  query,
  bodyText,
  contentType,
  returning,
  builder,
  request,
  applied,
}: MutationContext): string {
  const { prefer } = request;
  if (!relation.insertable) throw notAllowed(relation, 'insert into');
  const body = parseRowsBody(bodyText, bodyFormat(contentType));
  const columns = writtenColumns(relation, body.rows, query.columns);
  let onConflict: { columns: string[]; resolution: 'merge' | 'ignore' } | undefined;
  const target = query.onConflict ?? relation.primaryKey;
  // PostgREST resolves conflicts only on a primary key or named columns; without either the
  // preference is not applied and the insert is plain.
  if (prefer.resolution && target.length > 0) {
    checkColumns(relation, target);
    onConflict = {
      columns: target,
      resolution: prefer.resolution === 'merge-duplicates' ? 'merge' : 'ignore',
    };
    applied.add('resolution');
  } else if (query.onConflict) {
    checkColumns(relation, query.onConflict);
  }
  if (prefer.missing === 'default') applied.add('missing');
  if (body.rows.length === 0) return emptyMutation(relation);
  return insertSql(
    relation,
    {
      columns,
      rows: body.rows,
      missingDefault: prefer.missing === 'default',
      ...(onConflict && { onConflict }),
      returning,
    },
    builder.params,
  );
}

/**
 * PUT: one row, addressed by `pk=eq.value` for every primary key column, inserted or replaced
 * (PostgREST's single-row upsert; PGRST105/114/115 when the request does not say one row).
 */
function putMutation({
  relation,
  query,
  planned,
  bodyText,
  contentType,
  returning,
  builder,
}: MutationContext): string {
  if (!relation.insertable || !relation.updatable) throw notAllowed(relation, 'insert into');
  const invalid = () =>
    new RestError(405, {
      code: 'PGRST105',
      message: "Filters must include all and only primary key columns with 'eq' operators",
    });
  if (relation.primaryKey.length === 0) throw invalid();
  const keyFilters = new Map<string, string>();
  for (const condition of planned.conditions) {
    if (condition.kind !== 'filter' || condition.filter.negated || condition.ref.jsonPath.length)
      throw invalid();
    const { operation } = condition.filter;
    if (operation.op !== 'eq' || ('quantifier' in operation && operation.quantifier))
      throw invalid();
    keyFilters.set(condition.ref.column.name, operation.value);
  }
  if (
    keyFilters.size !== relation.primaryKey.length ||
    relation.primaryKey.some((k) => !keyFilters.has(k))
  )
    throw invalid();
  if (planned.limit !== undefined || planned.offset !== undefined) {
    throw new RestError(400, {
      code: 'PGRST114',
      message: 'limit/offset querystring parameters are not allowed for PUT',
    });
  }
  const body = parseRowsBody(bodyText, bodyFormat(contentType));
  if (body.rows.length !== 1)
    throw requestErrors.invalidBody('Empty or invalid json', 'PUT takes exactly one row');
  const row = body.rows[0]!;
  const mismatch = relation.primaryKey.some(
    (k) => !Object.hasOwn(row, k) || String(row[k]) !== keyFilters.get(k),
  );
  if (mismatch)
    throw new RestError(400, {
      code: 'PGRST115',
      message: 'Payload values do not match URL in primary key column(s)',
    });
  const columns = writtenColumns(relation, [row], query.columns);
  return insertSql(
    relation,
    {
      columns,
      rows: [row],
      missingDefault: false,
      onConflict: { columns: relation.primaryKey, resolution: 'merge' },
      returning,
    },
    builder.params,
  );
}

/**
 * PATCH / DELETE with the filters. `limit`/`offset` (with `order`) pick the rows by ctid
 * first, as PostgREST's limited update/delete.
 */
function updateOrDeleteMutation(
  { relation, query, planned, bodyText, contentType, returning, builder }: MutationContext,
  method: 'PATCH' | 'DELETE',
): string {
  const isUpdate = method === 'PATCH';
  if (isUpdate && !relation.updatable) throw notAllowed(relation, 'update');
  if (!isUpdate && !relation.deletable) throw notAllowed(relation, 'delete from');
  const embedded = planned.conditions.find((c) => c.kind === 'embedded');
  if (embedded?.kind === 'embedded') throw requestErrors.embedFilter(embedded.embed.key);
  const { params } = builder;
  const limited = planned.limit !== undefined || planned.offset !== undefined;
  // Supabase loads pg-safeupdate for the API roles: no filter, no UPDATE/DELETE.
  if (planned.conditions.length === 0 && !limited)
    throw requestErrors.missingWhere(isUpdate ? 'UPDATE' : 'DELETE');
  let where: string[];
  if (limited) {
    if (relation.kind !== 'table' && relation.kind !== 'partitioned_table') {
      throw requestErrors.notImplemented(
        `limit on PATCH and DELETE needs a table; '${relation.name}' is a ${relation.kind.replace('_', ' ')}`,
      );
    }
    const inner = 'pgrst_limited';
    const scope = { alias: inner, embedAliases: new Map() };
    const conditions = planned.conditions.map((c) => conditionSql(c, scope, params));
    const order = planned.order
      .filter((t) => !t.embed)
      .map((t) => orderSql(t, inner, new Map(), builder));
    let select = `select ${ident(inner)}.ctid from ${qualifiedIdent(relation.schema, relation.name)} as ${ident(inner)}`;
    if (conditions.length) select += ` where ${conditions.join(' and ')}`;
    if (order.length) select += ` order by ${order.join(', ')}`;
    if (planned.limit !== undefined) select += ` limit ${params.add(planned.limit)}::bigint`;
    if (planned.offset !== undefined) select += ` offset ${params.add(planned.offset)}::bigint`;
    where = [`${ident(TARGET_ALIAS)}.ctid = any(array(${select}))`];
  } else {
    where = planned.conditions.map((c) =>
      conditionSql(c, { alias: TARGET_ALIAS, embedAliases: new Map() }, params),
    );
  }
  if (!isUpdate) return deleteSql(relation, where, returning);
  const body = parseRowsBody(bodyText, bodyFormat(contentType));
  if (!body.single)
    throw requestErrors.invalidBody(
      'Empty or invalid json',
      'PATCH takes one JSON object, not an array',
    );
  const row = body.rows[0]!;
  const columns = writtenColumns(relation, [row], query.columns);
  return columns.length
    ? updateSql(relation, columns, row, where, returning, params)
    : emptyMutation(relation);
}

/** The envelope, with how many rows an upsert inserted. */
type UpsertRow = EnvelopeRow & { inserted?: string | number | bigint | null };

export async function writeRelation(
  deps: RouteDeps,
  request: RestRequest,
  relation: Relation,
  method: WriteMethod,
  headers: { accept: string | null; contentType: string | null },
  bodyText: string,
): Promise<Response> {
  const { prefer } = request;
  const negotiated = negotiate(headers.accept, 'rows', {
    planEnabled: deps.service.config.api.db_plan_enabled,
  });
  // EXPLAIN of a write plans the very statement the write would run (PostgREST's mtSnippet
  // wraps prepareWrite's statement); the representation it is asked `for` shapes that statement.
  const representation = negotiated.kind === 'plan' ? negotiated.for : negotiated;
  const cache = await deps.cache.get();
  const query = parseQuery(request.query);
  const planned = planRead(cache, sourceOfRelation(relation), query);

  const returnMode = prefer.return ?? 'minimal';
  const wantBody = returnMode === 'representation';
  const wantLocation = returnMode === 'headers-only' && method === 'POST';
  // The representation reads the mutated rows: no filters (they went to the mutation).
  const representationLevel: ReadLevel = wantLocation
    ? {
        ...planned,
        items: relation.primaryKey.map((k) => ({
          kind: 'column' as const,
          key: k,
          ref: { column: relation.columnsByName.get(k)!, jsonPath: [] },
        })),
        embeds: [],
        conditions: [],
        order: [],
        grouped: false,
      }
    : { ...planned, conditions: [], order: planned.order };
  delete representationLevel.limit;
  delete representationLevel.offset;

  const builder = newBuilder();
  const { params } = builder;
  const returning = returningSql(wantBody || wantLocation);
  const applied = new Set<AppliedPreference>();
  const context: MutationContext = {
    relation,
    query,
    planned,
    bodyText,
    contentType: headers.contentType,
    returning,
    builder,
    request,
    applied,
  };
  let mutation: string;
  if (method === 'POST') mutation = insertMutation(context);
  else if (method === 'PUT') mutation = putMutation(context);
  else mutation = updateOrDeleteMutation(context, method);

  const alias = builder.aliases.table();
  const from = `"pgrst_mutation" as ${ident(alias)}`;
  const parts = buildLevelParts(representationLevel, alias, builder);
  const source =
    wantBody || wantLocation ? levelSelect(parts, from) : `select 1 from "pgrst_mutation"`;
  const shape = wantBody ? bodyShape(representation, false) : wantLocation ? 'array' : 'none';
  const upsert =
    (method === 'PUT' ||
      (method === 'POST' &&
        request.prefer.resolution === 'merge-duplicates' &&
        applied.has('resolution'))) &&
    reportsInserted(relation);
  const envelopeSelect = envelopeSql({
    shape,
    stripNulls: representation.kind === 'json' && representation.stripNulls,
  });
  // An upsert's status says whether it inserted anything (PostgREST 14: 200 when it only updated).
  const sql = `with "pgrst_mutation" as (${mutation}), "pgrst_source" as (${source}) ${
    upsert
      ? `select "pgrst_e".*, (select count(*) from "pgrst_mutation" where ${ident(INSERTED_COLUMN)}) as "inserted" from (${envelopeSelect}) as "pgrst_e"`
      : envelopeSelect
  }`;

  if (negotiated.kind === 'plan') {
    // With `analyze` Postgres runs the write; it commits unless `tx=rollback`, as in PostgREST.
    const plan = await runAsCaller(
      deps.service,
      request,
      (tx) => explain(tx, negotiated, sql, builder),
      { rollback: prefer.tx === 'rollback' },
    );
    return explainResponse(negotiated, plan);
  }

  const singular = representation.kind === 'json' && representation.singular && wantBody;
  const strictMax =
    prefer.handling === 'strict' &&
    prefer.maxAffected !== undefined &&
    (method === 'PATCH' || method === 'DELETE');
  // A check on the result must be able to undo the write: then it runs in a transaction of its
  // own; otherwise the statement goes in one exchange.
  const checked = singular || strictMax || prefer.tx === 'rollback';
  let inserted: UpsertRow['inserted'];
  const envelope = checked
    ? await runAsCaller(
        deps.service,
        request,
        async (tx) => {
          const row = (await tx.query<UpsertRow>(sql, params.values)).rows[0];
          inserted = row?.inserted;
          const result = readEnvelope(row);
          // Thrown inside the transaction, so the write rolls back as PostgREST's does.
          if (singular && result.pageTotal !== 1) throw requestErrors.singular(result.pageTotal);
          if (strictMax && result.pageTotal > prefer.maxAffected!)
            throw requestErrors.maxAffected(result.pageTotal);
          return result;
        },
        { rollback: prefer.tx === 'rollback' },
      )
    : await statementAsCaller(deps.service, request)
        .query<UpsertRow>(sql, params.values)
        .then(({ rows: [row] }) => {
          inserted = row?.inserted;
          return readEnvelope(row);
        });

  appliedCommon(request, applied);
  if (prefer.return) applied.add('return');
  if (prefer.maxAffected !== undefined && (method === 'PATCH' || method === 'DELETE'))
    applied.add('max-affected');
  const total = prefer.count ? envelope.pageTotal : null;
  const responseHeaders: Record<string, string> = {
    ...profileHeaders(request.schema, deps.service.config.api.schemas),
    // PostgREST: `*/total` for POST, PUT and DELETE, `0-(n-1)/total` for PATCH.
    'Content-Range':
      method === 'PATCH'
        ? contentRange(0, envelope.pageTotal - 1, total)
        : contentRange(1, 0, total),
  };
  const preferenceApplied = formatApplied(prefer, applied);
  if (preferenceApplied) responseHeaders['Preference-Applied'] = preferenceApplied;
  if (wantLocation) {
    const location = locationOf(relation, envelope.body);
    if (location) responseHeaders.Location = location;
  }
  // PostgREST 14: an upsert that inserted nothing answers 200 (POST) and a PUT that inserted
  // answers 201; where rows cannot be told apart (views) the old answers stay.
  const insertedAny = inserted === undefined || inserted === null ? null : Number(inserted) > 0;
  const createdStatus = upsert && insertedAny === false ? 200 : 201;
  if (!wantBody)
    return new Response(null, {
      status: method === 'POST' ? createdStatus : 204,
      headers: responseHeaders,
    });
  responseHeaders['Content-Type'] = contentTypeOf(representation);
  const body =
    representation.kind === 'csv'
      ? `${csvHeader(outputKeys(representationLevel))}\n${envelope.body ?? ''}`
      : envelope.body;
  const status =
    method === 'POST' ? createdStatus : method === 'PUT' && insertedAny === true ? 201 : 200;
  return new Response(body, { status, headers: responseHeaders });
}
