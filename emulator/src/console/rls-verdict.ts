// The RLS verdict of one recorded REST or storage request: which table it touched with which
// command as which role, the policies Postgres applied (from pg_policies), and what they decided.
// For reads, on demand, how many rows RLS hid: the same query counted as the service role and as
// the caller (a fresh token with the caller's claims), through the gateway itself.
import type { Database } from '../db/database.js';
import type { Keys } from '../keys.js';
import type { RequestEntry } from '../observability/request-log.js';

export type Command = 'SELECT' | 'INSERT' | 'UPDATE' | 'DELETE';

export interface AppliedPolicy {
  name: string;
  /** PERMISSIVE policies allow (any one is enough); RESTRICTIVE ones must all pass. */
  permissive: 'PERMISSIVE' | 'RESTRICTIVE';
  roles: string[];
  /** The policy's command: ALL or the request's own. */
  command: string;
  using: string | null;
  withCheck: string | null;
}

export type Outcome =
  /** The role has BYPASSRLS (service_role): no policy was asked. */
  | 'bypassed'
  /** Row level security is off for the table: every row the grants allow. */
  | 'rls-off'
  /** A write RLS refused (42501 "violates row-level security policy"). */
  | 'refused-by-policy'
  /** Refused by a missing GRANT, before any policy. */
  | 'refused-by-grant'
  | 'answered'
  | 'failed';

export interface RlsVerdict {
  schema: string;
  table: string;
  commands: Command[];
  role: string;
  rlsEnabled: boolean;
  outcome: Outcome;
  /** One sentence a developer reads first. */
  summary: string;
  /** The policies for this table that apply to the commands and the role. */
  policies: AppliedPolicy[];
  /** Policies on the table for other commands or roles, not asked. */
  otherPolicies: number;
  /** Whether counting hidden rows makes sense for this request (a read, an update or delete). */
  canCountHidden: boolean;
}

export interface HiddenRows {
  /** Rows the query matches for the service role (RLS bypassed). */
  total: number;
  /** Rows it matches for the caller. */
  visible: number;
  hidden: number;
  /** What was counted (storage: the bucket and prefix, or the object), in words. */
  scope?: string;
}

export class VerdictError extends Error {}

interface Target {
  schema: string;
  table: string;
  commands: Command[];
  kind: 'rest' | 'storage';
}

function restCommands(method: string, prefer: string): Command[] {
  if (method === 'GET' || method === 'HEAD') return ['SELECT'];
  if (method === 'PATCH') return ['UPDATE'];
  if (method === 'DELETE') return ['DELETE'];
  if (method === 'PUT' || /resolution=merge-duplicates/.test(prefer)) return ['INSERT', 'UPDATE'];
  return ['INSERT'];
}

/** What a recorded request touched, or why there is no verdict for it. */
export function targetOf(entry: RequestEntry, exposedSchemas: readonly string[]): Target {
  const headers = entry.requestHeaders;
  if (entry.service === 'rest') {
    const name = decodeURIComponent(entry.path.slice('/rest/v1/'.length));
    if (!name || name.includes('/')) {
      throw new VerdictError(
        name.startsWith('rpc/')
          ? 'A function call: row level security applies inside it, to the tables it reads; there is no one table to explain.'
          : 'Not a table request (the OpenAPI description).',
      );
    }
    const profile = entry.method === 'GET' || entry.method === 'HEAD' ? headers['accept-profile'] : headers['content-profile'];
    return { schema: profile ?? exposedSchemas[0] ?? 'public', table: name, commands: restCommands(entry.method, headers.prefer ?? ''), kind: 'rest' };
  }
  if (entry.service === 'storage') {
    const rest = entry.path.slice('/storage/v1/'.length);
    if (rest.startsWith('bucket')) {
      return { schema: 'storage', table: 'buckets', commands: restCommands(entry.method, ''), kind: 'storage' };
    }
    if (rest.startsWith('object')) {
      const reads = entry.method === 'GET' || entry.method === 'HEAD' || /^object\/(list|sign|info)\b/.test(rest);
      const commands: Command[] = reads
        ? ['SELECT']
        : entry.method === 'DELETE'
          ? ['DELETE']
          : entry.method === 'PUT'
            ? ['UPDATE']
            : headers['x-upsert'] === 'true'
              ? ['INSERT', 'UPDATE']
              : ['INSERT'];
      return { schema: 'storage', table: 'objects', commands, kind: 'storage' };
    }
  }
  throw new VerdictError('The RLS verdict is for REST and storage requests.');
}

/** The refusal as the service worded it, when it was RLS or a grant. */
function refusalKind(entry: RequestEntry): 'policy' | 'grant' | null {
  const body = entry.responseBody.text ?? '';
  if (/row-level security/i.test(body)) return 'policy';
  if (/permission denied for (table|relation|schema)/i.test(body)) return 'grant';
  return null;
}

export async function explainRequest(db: Database, entry: RequestEntry, exposedSchemas: readonly string[]): Promise<RlsVerdict> {
  const target = targetOf(entry, exposedSchemas);
  const role = entry.role;
  const table = await db.query<{ rls: boolean }>(
    `select c.relrowsecurity as rls from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and c.relname = $2`,
    [target.schema, target.table],
  );
  if (table.rows.length === 0) throw new VerdictError(`There is no table ${target.schema}.${target.table}.`);
  const rlsEnabled = table.rows[0]!.rls;
  const bypass = await db.query<{ bypass: boolean }>('select rolbypassrls as bypass from pg_roles where rolname = $1', [role]);
  const bypasses = bypass.rows[0]?.bypass ?? false;
  const all = await db.query<{ name: string; permissive: string; roles: string[]; cmd: string; qual: string | null; with_check: string | null }>(
    `select policyname as name, permissive, roles::text[] as roles, cmd, qual, with_check
       from pg_policies where schemaname = $1 and tablename = $2 order by policyname`,
    [target.schema, target.table],
  );
  const applies = (p: (typeof all.rows)[number]) =>
    (p.cmd === 'ALL' || target.commands.includes(p.cmd as Command)) && (p.roles.includes(role) || p.roles.includes('public'));
  const policies: AppliedPolicy[] = all.rows.filter(applies).map((p) => ({
    name: p.name,
    permissive: p.permissive === 'RESTRICTIVE' ? 'RESTRICTIVE' : 'PERMISSIVE',
    roles: p.roles,
    command: p.cmd,
    using: p.qual,
    withCheck: p.with_check,
  }));
  const what = `${target.commands.join(' / ')} on ${target.schema}.${target.table} as ${role}`;
  const failed = entry.status >= 400;
  const refusal = failed ? refusalKind(entry) : null;
  let outcome: Outcome;
  let summary: string;
  if (refusal === 'grant') {
    outcome = 'refused-by-grant';
    summary = `Refused before any policy: ${role} has no GRANT for ${target.commands.join(' / ')} on ${target.schema}.${target.table}.`;
  } else if (bypasses) {
    outcome = 'bypassed';
    summary = `${role} bypasses row level security (BYPASSRLS): no policy was asked for ${what}.`;
  } else if (!rlsEnabled) {
    outcome = 'rls-off';
    summary = `Row level security is off for ${target.schema}.${target.table}: ${what} sees every row its grants allow.`;
  } else if (refusal === 'policy') {
    outcome = 'refused-by-policy';
    const permissive = policies.filter((p) => p.permissive === 'PERMISSIVE');
    summary =
      permissive.length === 0
        ? `Refused by row level security: no ${target.commands.join(' / ')} policy on ${target.schema}.${target.table} applies to ${role}, so nothing is allowed.`
        : `Refused by row level security: ${permissive.length} ${permissive.length === 1 ? 'policy was' : 'policies were'} checked for ${what} and none allowed the row${policies.length > permissive.length ? ' (or a restrictive policy refused it)' : ''}.`;
  } else if (failed) {
    outcome = 'failed';
    summary = `The request failed (${entry.status}) for a reason other than row level security; the policies below are those that would apply to ${what}.`;
  } else {
    outcome = 'answered';
    summary =
      policies.length === 0
        ? `No policy on ${target.schema}.${target.table} applies to ${what}: row level security lets no row through.`
        : `${policies.length} ${policies.length === 1 ? 'policy applies' : 'policies apply'} to ${what}; a row is ${target.commands.includes('SELECT') ? 'visible' : 'affected'} when any permissive one allows it.`;
  }
  return {
    schema: target.schema,
    table: target.table,
    commands: target.commands,
    role,
    rlsEnabled,
    outcome,
    summary,
    policies,
    otherPolicies: all.rows.length - policies.length,
    canCountHidden:
      target.kind === 'rest'
        ? !failed && (target.commands.includes('SELECT') || entry.method === 'PATCH' || entry.method === 'DELETE')
        : // A storage read RLS hid answers "not found" (400/404): exactly the one worth counting.
          target.commands.includes('SELECT') && entry.status !== 401 && entry.status !== 403,
  };
}

/** Filters of the original request, without paging or ordering: every row it could match. */
function countQuery(rawQuery: string): string {
  const params = new URLSearchParams(rawQuery);
  for (const name of ['limit', 'offset', 'order', 'columns', 'on_conflict']) params.delete(name);
  const query = params.toString();
  return query ? `?${query}` : '';
}

async function countRows(
  fetchGateway: (request: Request) => Promise<Response>,
  url: string,
  apikey: string,
  token: string,
  schema: string,
): Promise<number> {
  const response = await fetchGateway(
    new Request(url, {
      method: 'HEAD',
      headers: { apikey, authorization: `Bearer ${token}`, prefer: 'count=exact', 'accept-profile': schema },
    }),
  );
  const total = /\/(\d+)$/.exec(response.headers.get('content-range') ?? '');
  if (!response.ok || !total) throw new VerdictError(`Counting the rows failed (${response.status}): the query may have changed meaning since.`);
  return Number(total[1]);
}

/**
 * Counts the rows the request's filters match as the service role and as the caller, through
 * the gateway (`fetchGateway` is the app's own fetch: not recorded, not over the network).
 */
export async function countHiddenRows(
  entry: RequestEntry,
  verdict: RlsVerdict,
  keys: Keys,
  apiUrl: string,
  fetchGateway: (request: Request) => Promise<Response>,
): Promise<HiddenRows> {
  if (!verdict.canCountHidden) throw new VerdictError('Hidden rows are counted for REST reads, updates and deletes that succeeded, and for storage reads.');
  const url = `${apiUrl}/rest/v1/${encodeURIComponent(verdict.table)}${countQuery(entry.rawQuery)}`;
  const caller = entry.claims
    ? await keys.sign({ ...entry.claims, exp: Math.floor(Date.now() / 1000) + 60 })
    : keys.apiKeys.anon;
  // The project's own API keys: signed with its signing key when it has one (the legacy HS256
  // keys are refused once it revokes its JWT secret).
  const total = await countRows(fetchGateway, url, keys.apiKeys.anon, keys.apiKeys.serviceRole, verdict.schema);
  const visible = await countRows(fetchGateway, url, keys.apiKeys.anon, caller, verdict.schema);
  return { total, visible, hidden: Math.max(0, total - visible) };
}
