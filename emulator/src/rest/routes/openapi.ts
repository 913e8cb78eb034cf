// GET/HEAD on the root: the OpenAPI document for the requested schema, showing what the
// caller's role has privileges on (asked of Postgres as that role, in its transaction),
// compressed as the caller accepts and answered 304 to a request naming its ETag
// (http/cached-document.ts).
import { CachedDocument } from '../../http/cached-document.js';
import { runAsCaller } from '../execute.js';
import { buildOpenApi } from '../openapi.js';
import { contentTypeOf, negotiate } from '../parse/media.js';
import type { RestRequest } from '../request.js';
import { profileHeaders } from '../respond.js';
import type { SchemaCache } from '../schema/model.js';
import type { RouteDeps } from './read.js';

const VISIBLE_SQL = `
  select 'r' as kind, c.oid::int8 as oid from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'f', 'p')
      and (has_table_privilege(c.oid, 'SELECT') or has_table_privilege(c.oid, 'INSERT')
        or has_table_privilege(c.oid, 'UPDATE') or has_table_privilege(c.oid, 'DELETE')
        or has_any_column_privilege(c.oid, 'SELECT'))
  union all
  select 'f', p.oid::int8 from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = $1 and p.prokind = 'f' and has_function_privilege(p.oid, 'EXECUTE')`;

/**
 * Documents by schema cache (so a reload after DDL or GRANT drops them), then by schema and
 * role: what a role may see only changes with the schema.
 */
const documents = new WeakMap<SchemaCache, Map<string, CachedDocument>>();

export async function serveOpenApi(
  deps: RouteDeps,
  request: RestRequest,
  accept: string | null,
): Promise<Response> {
  const representation = negotiate(accept, 'root');
  const cache = await deps.cache.get();
  const role =
    typeof request.claims?.role === 'string' && request.claims.role ? request.claims.role : 'anon';
  const key = `${request.schema}\u0000${role}`;
  let byKey = documents.get(cache);
  if (!byKey) {
    byKey = new Map();
    documents.set(cache, byKey);
  }
  let document = byKey.get(key);
  if (document === undefined) {
    document = new CachedDocument(JSON.stringify(await buildDocument(deps, request, cache)));
    byKey.set(key, document);
  }
  return document.respond(request, {
    'Content-Type': contentTypeOf(representation),
    ...profileHeaders(request.schema, deps.service.config.api.schemas),
  });
}

async function buildDocument(
  deps: RouteDeps,
  request: RestRequest,
  cache: SchemaCache,
): Promise<Record<string, unknown>> {
  const visibleRows = await runAsCaller(
    deps.service,
    request,
    async (tx) =>
      (await tx.query<{ kind: string; oid: string | number }>(VISIBLE_SQL, [request.schema])).rows,
  );
  const visible = { relations: new Set<number>(), functions: new Set<number>() };
  for (const row of visibleRows)
    (row.kind === 'r' ? visible.relations : visible.functions).add(Number(row.oid));
  const api = new URL(deps.service.apiUrl);
  return buildOpenApi(cache, {
    schema: request.schema,
    host: api.host,
    basePath: '/rest/v1/',
    scheme: api.protocol.replace(':', ''),
    visible,
  });
}
