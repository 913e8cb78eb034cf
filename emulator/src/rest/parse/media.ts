// What the client accepts (`Accept`) and what it sends (`Content-Type`), reduced to the
// representations PostgREST offers here.
import { requestErrors } from '../errors.js';

export type Representation =
  | { kind: 'json'; singular: false; stripNulls: boolean }
  | { kind: 'json'; singular: true; stripNulls: boolean }
  | { kind: 'csv' }
  | { kind: 'openapi' }
  /** A FeatureCollection of the rows (PostGIS's ST_AsGeoJSON of each). */
  | { kind: 'geojson' }
  | PlanRepresentation;

export const PLAN_OPTIONS = ['analyze', 'verbose', 'settings', 'buffers', 'wal'] as const;
export type PlanOption = (typeof PLAN_OPTIONS)[number];

/**
 * `application/vnd.pgrst.plan[+json|+text]; for="<media type>"; options=a|b`: the EXPLAIN of
 * the statement that would answer `for` (application/json when absent, text when no suffix).
 */
export interface PlanRepresentation {
  kind: 'plan';
  format: 'json' | 'text';
  for: Exclude<Representation, PlanRepresentation | { kind: 'openapi' } | { kind: 'geojson' }>;
  /** The `for` media type as PostgREST names it back. */
  forMime: string;
  options: PlanOption[];
}

export interface NegotiateOptions {
  /** `[api] db_plan_enabled`: PostgREST's db-plan-enabled, off by default. */
  planEnabled?: boolean;
  /** The database has PostGIS, so `application/geo+json` can be answered. */
  geoJson?: boolean;
}

const PLAN_TYPES: Record<string, 'json' | 'text'> = {
  'application/vnd.pgrst.plan': 'text',
  'application/vnd.pgrst.plan+text': 'text',
  'application/vnd.pgrst.plan+json': 'json',
};

interface MediaRange {
  type: string;
  params: Map<string, string>;
  q: number;
}

function parseMediaRanges(header: string): MediaRange[] {
  const ranges: MediaRange[] = [];
  for (const part of header.split(',')) {
    const [type = '', ...rawParams] = part.split(';');
    if (!type.trim()) continue;
    const params = new Map<string, string>();
    for (const raw of rawParams) {
      const eq = raw.indexOf('=');
      if (eq > 0)
        params.set(
          raw.slice(0, eq).trim().toLowerCase(),
          raw
            .slice(eq + 1)
            .trim()
            .replace(/^"|"$/g, ''),
        );
    }
    const q = params.has('q') ? Number(params.get('q')) : 1;
    ranges.push({ type: type.trim().toLowerCase(), params, q: Number.isFinite(q) ? q : 0 });
  }
  return ranges.filter((r) => r.q > 0).sort((a, b) => b.q - a.q);
}

/**
 * The representation of a read. `openapi` is offered only on the root; `singular`-only Accept
 * values are refused on the root as PostgREST does.
 */
export function negotiate(
  accept: string | null | undefined,
  target: 'rows' | 'root',
  options: NegotiateOptions = {},
): Representation {
  if (!accept || !accept.trim())
    return target === 'root'
      ? { kind: 'openapi' }
      : { kind: 'json', singular: false, stripNulls: false };
  const ranges = parseMediaRanges(accept);
  for (const range of ranges) {
    const stripNulls = range.params.get('nulls') === 'stripped';
    const planFormat = PLAN_TYPES[range.type];
    if (planFormat) {
      const plan = target === 'rows' && options.planEnabled ? planOf(range, planFormat) : null;
      if (plan) return plan;
      continue;
    }
    switch (range.type) {
      case '*/*':
      case 'application/*':
        return target === 'root'
          ? { kind: 'openapi' }
          : { kind: 'json', singular: false, stripNulls: false };
      case 'application/json':
        return target === 'root'
          ? { kind: 'openapi' }
          : { kind: 'json', singular: false, stripNulls: false };
      case 'application/openapi+json':
        if (target === 'root') return { kind: 'openapi' };
        break;
      case 'application/vnd.pgrst.array+json':
        if (target === 'rows') return { kind: 'json', singular: false, stripNulls };
        break;
      case 'application/vnd.pgrst.object+json':
        if (target === 'rows') return { kind: 'json', singular: true, stripNulls };
        break;
      case 'application/vnd.pgrst.object':
        if (target === 'rows') return { kind: 'json', singular: true, stripNulls };
        break;
      case 'text/csv':
        if (target === 'rows') return { kind: 'csv' };
        break;
      case 'application/geo+json':
        if (target === 'rows' && options.geoJson) return { kind: 'geojson' };
        break;
    }
  }
  // PostgREST names a plan media type back in its normalized form.
  const named = ranges.some((r) => PLAN_TYPES[r.type])
    ? ranges
        .map((r) => {
          const format = PLAN_TYPES[r.type];
          return format
            ? planMime(format, r.params.get('for') ?? 'application/json', planOptions(r))
            : r.type;
        })
        .join(', ')
    : accept;
  throw requestErrors.notAcceptable(named);
}

function planOptions(range: MediaRange): PlanOption[] {
  const listed = (range.params.get('options') ?? '').split('|');
  return PLAN_OPTIONS.filter((option) => listed.includes(option));
}

function planMime(format: 'json' | 'text', forMime: string, options: PlanOption[]): string {
  return `application/vnd.pgrst.plan+${format}; for="${forMime}"${options.length ? `; options=${options.join('|')}` : ''}`;
}

/** The plan of what `for` names, or null when that is not a representation of rows. */
function planOf(range: MediaRange, format: 'json' | 'text'): PlanRepresentation | null {
  const forMime = (range.params.get('for') ?? 'application/json').trim().toLowerCase();
  let inner: Representation;
  try {
    inner = negotiate(forMime, 'rows');
  } catch {
    return null;
  }
  if (inner.kind === 'plan' || inner.kind === 'openapi' || inner.kind === 'geojson') return null;
  return { kind: 'plan', format, for: inner, forMime, options: planOptions(range) };
}

/** The `Content-Type` of a response in this representation. */
export function contentTypeOf(representation: Representation): string {
  switch (representation.kind) {
    case 'plan':
      return `${planMime(representation.format, representation.forMime, representation.options)}; charset=utf-8`;
    case 'csv':
      return 'text/csv; charset=utf-8';
    case 'geojson':
      return 'application/geo+json; charset=utf-8';
    case 'openapi':
      return 'application/openapi+json; charset=utf-8';
    case 'json':
      if (representation.singular) {
        return representation.stripNulls
          ? 'application/vnd.pgrst.object+json; nulls=stripped; charset=utf-8'
          : 'application/vnd.pgrst.object+json; charset=utf-8';
      }
      return representation.stripNulls
        ? 'application/vnd.pgrst.array+json; nulls=stripped; charset=utf-8'
        : 'application/json; charset=utf-8';
  }
}

export type BodyFormat = 'json' | 'csv' | 'form' | 'text' | 'xml' | 'binary';

/** The format of a request body; a missing Content-Type is JSON, as PostgREST assumes. */
export function bodyFormat(contentType: string | null | undefined): BodyFormat {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  switch (type) {
    case '':
    case 'application/json':
    case 'application/vnd.pgrst.object+json':
    case 'application/vnd.pgrst.array+json':
      return 'json';
    case 'text/csv':
      return 'csv';
    case 'application/x-www-form-urlencoded':
      return 'form';
    case 'text/plain':
      return 'text';
    case 'text/xml':
      return 'xml';
    case 'application/octet-stream':
      return 'binary';
  }
  throw requestErrors.unsupportedContentType(contentType ?? '');
}
