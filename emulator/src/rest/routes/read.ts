// GET / HEAD on a table or view: one statement with the page, the JSON (or CSV) body and, when
// `Prefer: count=…` asks, the total; then Content-Range and 200/206/416 as PostgREST.
import type { Queryable } from '../../db/database.js';
import type { ServiceContext } from '../../http/service.js';
import { requestErrors } from '../errors.js';
import {
  readEnvelope,
  runAsCaller,
  statementAsCaller,
  type Envelope,
  type EnvelopeRow,
} from '../execute.js';
import {
  contentTypeOf,
  negotiate,
  type PlanRepresentation,
  type Representation,
} from '../parse/media.js';
import { formatApplied, type AppliedPreference } from '../parse/prefer.js';
import { parseQuery } from '../parse/query.js';
import { outputKeys, planRead, sourceOfRelation, type ReadLevel } from '../plan/read-plan.js';
import type { RestRequest } from '../request.js';
import { timezoneApplied } from '../request.js';
import { contentRange, csvHeader, profileHeaders, rangeStatus, rowWindow } from '../respond.js';
import type { SchemaCacheStore } from '../schema/cache.js';
import type { Relation } from '../schema/model.js';
import { ident, qualifiedIdent } from '../sql/identifiers.js';
import {
  buildLevelParts,
  countSelect,
  envelopeSql,
  newBuilder,
  pagedLevelSelect,
  type BodyShape,
  type Builder,
  type LevelParts,
} from '../sql/read.js';

export interface RouteDeps {
  service: ServiceContext;
  cache: SchemaCacheStore;
}

export function bodyShape(
  representation: Representation,
  head: boolean,
  geoJsonFunction: string | null = null,
): BodyShape {
  if (head) return 'none';
  if (representation.kind === 'csv') return 'csv';
  if (representation.kind === 'geojson' && geoJsonFunction) return { geoJsonFunction };
  if (representation.kind === 'json' && representation.singular) return 'object';
  return 'array';
}

/**
 * The planner's row estimate for what the filters match (`count=planned`): EXPLAIN of the page
 * query itself (so every parameter is used), read below its Limit and Sort nodes.
 */
async function plannedCount(
  tx: Pick<Queryable, 'query'>,
  source: string,
  params: unknown[],
): Promise<number> {
  const result = await tx.query<{ 'QUERY PLAN': unknown }>(
    `explain (format json) ${source}`,
    params,
  );
  const raw = result.rows[0]?.['QUERY PLAN'];
  type PlanNode = { 'Node Type': string; 'Plan Rows': number; Plans?: PlanNode[] };
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  let node = plan[0]?.Plan;
  while (
    node &&
    ['Limit', 'Sort', 'Incremental Sort'].includes(node['Node Type']) &&
    node.Plans?.[0]
  )
    node = node.Plans[0];
  return Math.round(node?.['Plan Rows'] ?? 0);
}

/**
 * EXPLAIN of the statement that would have answered, with the options asked for. JSON comes
 * back as one value, text as one row per line (PostgREST ends each with a newline).
 */
export async function explain(
  tx: Pick<Queryable, 'query'>,
  plan: PlanRepresentation,
  statement: string,
  builder: Builder,
): Promise<string> {
  const options = [`format ${plan.format}`, ...plan.options].join(', ');
  const result = await tx.query<{ 'QUERY PLAN': unknown }>(
    `explain (${options}) ${statement}`,
    builder.params.values,
  );
  if (plan.format === 'json') {
    const raw = result.rows[0]?.['QUERY PLAN'];
    return `${typeof raw === 'string' ? raw : JSON.stringify(raw)}\n`;
  }
  return result.rows.map((row) => `${String(row['QUERY PLAN'])}\n`).join('');
}

export function explainResponse(plan: PlanRepresentation, body: string, head = false): Response {
  return new Response(head ? null : body, {
    status: 200,
    headers: { 'Content-Type': contentTypeOf(plan) },
  });
}

export interface CountPlan {
  mode: 'exact' | 'planned' | 'estimated' | undefined;
  maxRows: number;
}

/** Planned and estimated counts ask EXPLAIN first: two statements, so one transaction. */
export function countNeedsPlan(count: CountPlan): boolean {
  return count.mode === 'planned' || count.mode === 'estimated';
}

/**
 * Runs `with pgrst_source as (<source>) <envelope>` and resolves the count the way the
 * preference asks: exact (a count subquery in the same statement), planned (EXPLAIN's
 * estimate), estimated (exact up to max_rows, planned beyond, as PostgREST).
 */
export async function runCountedRead(
  tx: Pick<Queryable, 'query'>,
  builder: Builder,
  parts: LevelParts,
  from: string,
  source: string,
  envelope: { shape: BodyShape; stripNulls: boolean; scalar?: boolean },
  count: CountPlan,
  /** CTEs `source` and `from` read (an rpc's call), written before `pgrst_source`. */
  ctes: string[] = [],
): Promise<Envelope> {
  const withCtes = ctes.map((cte) => `${cte}, `).join('');
  let planned: number | null = null;
  if (countNeedsPlan(count)) {
    const explained = ctes.length ? `with ${ctes.join(', ')} ${source}` : source;
    planned = await plannedCount(tx, explained, builder.params.values);
  }
  const exact =
    count.mode === 'exact' ||
    (count.mode === 'estimated' && planned !== null && planned <= count.maxRows);
  const sql = `with ${withCtes}"pgrst_source" as (${source}) ${envelopeSql({ ...envelope, countSql: exact ? countSelect(parts, from) : null })}`;
  const result = readEnvelope((await tx.query<EnvelopeRow>(sql, builder.params.values)).rows[0]);
  if (!exact && planned !== null) result.total = planned;
  return result;
}

/** Preferences every request applies when given (PostgREST's Preference-Applied for reads). */
export function appliedCommon(request: RestRequest, applied: Set<AppliedPreference>): void {
  const { prefer } = request;
  if (prefer.count) applied.add('count');
  if (prefer.tx) applied.add('tx');
  if (prefer.handling) applied.add('handling');
  if (timezoneApplied(request)) applied.add('timezone');
}

/** `Content-Location: /<table>?<query sorted by key>`, as PostgREST answers reads. */
export function contentLocation(name: string, query: [string, string][]): string {
  const sorted = [...query].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const canonical = sorted
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
  return `/${encodeURIComponent(name)}${canonical ? `?${canonical}` : ''}`;
}

/**
 * Builds the read response from the envelope (range checks, singular check, headers), with
 * `extraHeaders` among its headers (a plain record all the way to Node's response: setting a
 * header on a made Response builds a `Headers` for it).
 */
export function readResponse(
  request: RestRequest,
  deps: RouteDeps,
  representation: Representation,
  level: ReadLevel,
  envelope: Envelope,
  offset: number,
  applied: Set<AppliedPreference>,
  extraHeaders: Record<string, string> = {},
): Response {
  const head = request.method === 'HEAD';
  const lower = offset;
  const upper = lower + envelope.pageTotal - 1;
  const headers: Record<string, string> = {
    'Content-Type': contentTypeOf(representation),
    'Content-Range': contentRange(lower, upper, envelope.total),
    ...profileHeaders(request.schema, deps.service.config.api.schemas),
    ...extraHeaders,
  };
  const preferenceApplied = formatApplied(request.prefer, applied);
  if (preferenceApplied) headers['Preference-Applied'] = preferenceApplied;
  if (representation.kind === 'json' && representation.singular && envelope.pageTotal !== 1) {
    throw requestErrors.singular(envelope.pageTotal);
  }
  const status =
    representation.kind === 'json' && representation.singular
      ? 200
      : rangeStatus(lower, upper, envelope.total);
  let body: string | null = head ? null : envelope.body;
  if (!head && representation.kind === 'csv') {
    body = `${csvHeader(outputKeys(level))}\n${envelope.body ?? ''}`;
  }
  return new Response(body, { status, headers });
}

/**
 * PostgREST's treeRestrictRange: max_rows bounds every embedded level, not only the root, so an
 * embedded array holds at most max_rows rows, and each embed's subquery carries its LIMIT
 * (which also keeps Postgres from flattening a to-one embed into a join that would reorder the
 * parent's rows). See docs/compatibility.md#rest-order-of-rows.
 */
export function capEmbeddedRows(level: ReadLevel, maxRows: number | null): void {
  for (const embed of level.embeds) {
    const window = rowWindow(embed.level, null, maxRows);
    embed.level.offset = window.offset;
    if (window.limit !== undefined) embed.level.limit = window.limit;
    capEmbeddedRows(embed.level, maxRows);
  }
}

export async function readRelation(
  deps: RouteDeps,
  request: RestRequest,
  relation: Relation,
  accept: string | null,
  rangeHeader: string | null,
): Promise<Response> {
  const cache = await deps.cache.get();
  const representation = negotiate(accept, 'rows', {
    planEnabled: deps.service.config.api.db_plan_enabled,
    geoJson: cache.geoJsonFunction !== null,
  });
  const query = parseQuery(request.query);
  const level = planRead(cache, sourceOfRelation(relation), query);
  const window = rowWindow(
    level,
    request.method === 'GET' || request.method === 'HEAD' ? rangeHeader : null,
    deps.service.config.api.max_rows,
  );
  level.offset = window.offset;
  if (window.limit !== undefined) level.limit = window.limit;
  else delete level.limit;
  capEmbeddedRows(level, deps.service.config.api.max_rows);

  const builder = newBuilder();
  const alias = builder.aliases.table();
  const from = `${qualifiedIdent(relation.schema, relation.name)} as ${ident(alias)}`;
  const parts = buildLevelParts(level, alias, builder);
  const source = pagedLevelSelect(level, parts, alias, from);
  if (representation.kind === 'plan') {
    const shape = bodyShape(representation.for, request.method === 'HEAD');
    const countSql = request.prefer.count === 'exact' ? countSelect(parts, from) : null;
    const statement = `with "pgrst_source" as (${source}) ${envelopeSql({ shape, countSql })}`;
    return explainResponse(
      representation,
      await explain(statementAsCaller(deps.service, request), representation, statement, builder),
      request.method === 'HEAD',
    );
  }
  const stripNulls = representation.kind === 'json' && representation.stripNulls;
  const count: CountPlan = {
    mode: request.prefer.count,
    maxRows: deps.service.config.api.max_rows,
  };
  const read = (tx: Pick<Queryable, 'query'>) =>
    runCountedRead(
      tx,
      builder,
      parts,
      from,
      source,
      {
        shape: bodyShape(representation, request.method === 'HEAD', cache.geoJsonFunction),
        stripNulls,
      },
      count,
    );
  const envelope = countNeedsPlan(count)
    ? await runAsCaller(deps.service, request, read)
    : await read(statementAsCaller(deps.service, request));
  const applied = new Set<AppliedPreference>();
  appliedCommon(request, applied);
  return readResponse(request, deps, representation, level, envelope, window.offset, applied, {
    'Content-Location': contentLocation(relation.name, request.query),
  });
}
