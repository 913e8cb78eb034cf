// Response framing as PostgREST does it: Content-Range and the 200/206/416 decision for reads
// (docs/compatibility.md#rest-responses), the error body, and CSV.
import { requestErrors, type RestError } from './errors.js';

/** `Content-Range: lower-upper/total`, `*` where unknown (PostgREST's contentRangeH). */
export function contentRange(lower: number, upper: number, total: number | null): string {
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  return `${range}/${total ?? '*'}`;
}

/** 416 when the offset is past a known total; 206 when a known total is not all returned. */
export function rangeStatus(lower: number, upper: number, total: number | null): number {
  if (total === null) return 200;
  if (lower > total)
    throw requestErrors.range(
      `An offset of ${lower} was requested, but there are only ${total} rows.`,
    );
  if (1 + upper - lower < total) return 206;
  return 200;
}

export interface RowWindow {
  offset: number;
  limit: number | undefined;
}

/**
 * The rows a read asks for: `offset`/`limit`, a `Range: a-b` header (still honoured for other
 * clients, docs/compatibility.md#rest-requests), capped at `max_rows`.
 */
export function rowWindow(
  query: { offset?: number; limit?: number },
  rangeHeader: string | null | undefined,
  maxRows: number | null,
): RowWindow {
  let offset = query.offset ?? 0;
  let end = query.limit !== undefined ? offset + query.limit : Infinity;
  if (rangeHeader) {
    const match = /^\s*(?:items=)?(\d+)-(\d*)\s*$/.exec(rangeHeader);
    if (match) {
      const from = Number(match[1]);
      const to = match[2] ? Number(match[2]) : Infinity;
      if (to < from) {
        throw requestErrors.range(
          'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
        );
      }
      // Intersect the header's window with offset/limit.
      offset = Math.max(offset, from);
      end = Math.min(end, to + 1);
    }
  }
  if (maxRows !== null) end = Math.min(end, offset + maxRows);
  return { offset, limit: end === Infinity ? undefined : Math.max(0, end - offset) };
}

export function errorResponse(
  error: RestError,
  extraHeaders: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(error.toBody()), {
    status: error.status,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      // PostgREST 14 names the error for proxies and logs.
      'Proxy-Status': `PostgREST; error=${error.code}`,
      ...extraHeaders,
      ...error.headers,
    },
  });
}

/** CSV header line (keys quoted when they need it, as RFC 4180). */
export function csvHeader(keys: string[]): string {
  return keys.map((k) => (/[",\n\r]/.test(k) ? `"${k.replace(/"/g, '""')}"` : k)).join(',');
}

/** PostgREST names the schema it answered from when more than one is exposed. */
export function profileHeaders(schema: string, exposed: readonly string[]): Record<string, string> {
  return exposed.length > 1 ? { 'Content-Profile': schema } : {};
}
