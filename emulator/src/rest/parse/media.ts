// What the client accepts (`Accept`) and what it sends (`Content-Type`), reduced to the
// representations PostgREST offers here.
import { requestErrors } from '../errors.js';

export type Representation =
  | { kind: 'json'; singular: false; stripNulls: boolean }
  | { kind: 'json'; singular: true; stripNulls: boolean }
  | { kind: 'csv' }
  | { kind: 'openapi' };

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
): Representation {
  if (!accept || !accept.trim())
    return target === 'root'
      ? { kind: 'openapi' }
      : { kind: 'json', singular: false, stripNulls: false };
  for (const range of parseMediaRanges(accept)) {
    const stripNulls = range.params.get('nulls') === 'stripped';
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
    }
  }
  throw requestErrors.notAcceptable(accept);
}

/** The `Content-Type` of a response in this representation. */
export function contentTypeOf(representation: Representation): string {
  switch (representation.kind) {
    case 'csv':
      return 'text/csv; charset=utf-8';
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
