// Request bodies of writes and rpc: JSON (object or array of objects), CSV with a header row,
// or a form. Anything else is PGRST102 with a message saying what was wrong.
import { requestErrors } from '../errors.js';
import type { BodyFormat } from './media.js';

export type BodyRow = Record<string, unknown>;

export interface ParsedBody {
  rows: BodyRow[];
  /** The body was a single object (not an array). */
  single: boolean;
}

function parseJson(text: string): unknown {
  if (text.trim() === '') throw requestErrors.invalidBody('Empty or invalid json');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw requestErrors.invalidBody('Empty or invalid json', (error as Error).message);
  }
}

function isObject(value: unknown): value is BodyRow {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** RFC 4180 CSV; unquoted `NULL` is null as PostgREST reads it. */
export function parseCsv(text: string): BodyRow[] {
  const records: (string | null)[][] = [];
  let record: (string | null)[] = [];
  let field = '';
  let quoted = false;
  let wasQuoted = false;
  let i = 0;
  const endField = () => {
    record.push(!wasQuoted && field === 'NULL' ? null : field);
    field = '';
    wasQuoted = false;
  };
  while (i < text.length) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else field += char;
      i++;
      continue;
    }
    if (char === '"' && field === '') {
      quoted = true;
      wasQuoted = true;
    } else if (char === ',') endField();
    else if (char === '\n' || char === '\r') {
      endField();
      records.push(record);
      record = [];
      if (char === '\r' && text[i + 1] === '\n') i++;
    } else field += char;
    i++;
  }
  if (quoted) throw requestErrors.invalidBody('Invalid CSV', 'A quoted field is not closed');
  if (field !== '' || wasQuoted || record.length) {
    endField();
    records.push(record);
  }
  const [header, ...rows] = records.filter((r) => !(r.length === 1 && r[0] === ''));
  if (!header) return [];
  return rows.map((values, line) => {
    if (values.length !== header.length) {
      throw requestErrors.invalidBody(
        'Invalid CSV',
        `Row ${line + 1} has ${values.length} fields, the header has ${header.length}`,
      );
    }
    return Object.fromEntries(header.map((name, j) => [name ?? '', values[j] ?? null]));
  });
}

/** A table write's body: one object or an array of objects. */
export function parseRowsBody(text: string, format: BodyFormat): ParsedBody {
  switch (format) {
    case 'csv':
      return { rows: parseCsv(text), single: false };
    case 'form':
      return { rows: [Object.fromEntries(new URLSearchParams(text))], single: true };
    case 'json': {
      const value = parseJson(text);
      if (isObject(value)) return { rows: [value], single: true };
      if (Array.isArray(value)) {
        const bad = value.findIndex((row) => !isObject(row));
        if (bad >= 0)
          throw requestErrors.invalidBody(
            'Empty or invalid json',
            `Element ${bad} of the array is not an object`,
          );
        return { rows: value as BodyRow[], single: false };
      }
      throw requestErrors.invalidBody(
        'Empty or invalid json',
        'Expected a JSON object or an array of objects',
      );
    }
    default:
      throw requestErrors.invalidBody(
        'Empty or invalid json',
        `A ${format} body cannot be written to a table`,
      );
  }
}

/**
 * An rpc body: a JSON object of arguments (or any JSON for a single json parameter), or a form.
 * As PostgREST's `payloadAttributes` (src/PostgREST/ApiRequest/Payload.hs), an array of objects
 * with the same keys names the arguments by those keys, and the call takes the first element's
 * values (`json_to_recordset(…) LIMIT 1`); an array whose first element is not an object, or
 * whose objects' keys differ, is 400 PGRST102; an empty array or a scalar names none.
 * `object` is the arguments by name, `raw` the body a single unnamed parameter takes whole.
 */
export function parseArgumentsBody(
  text: string,
  format: BodyFormat,
): { object: BodyRow | null; raw: string } {
  if (format === 'form')
    return { object: Object.fromEntries(new URLSearchParams(text)), raw: text };
  if (format !== 'json') {
    throw requestErrors.invalidBody(
      'Empty or invalid json',
      `A ${format} body cannot be passed as function arguments`,
    );
  }
  if (text.trim() === '') return { object: {}, raw: '{}' };
  const value = parseJson(text);
  if (Array.isArray(value) && value.length > 0) {
    const first: unknown = value[0];
    if (!isObject(first)) throw requestErrors.invalidBody('All object keys must match');
    const keys = new Set(Object.keys(first));
    const uniform = value.every(
      (row) =>
        isObject(row) &&
        Object.keys(row).length === keys.size &&
        Object.keys(row).every((key) => keys.has(key)),
    );
    if (!uniform) throw requestErrors.invalidBody('All object keys must match');
    return { object: first, raw: text };
  }
  return { object: isObject(value) ? value : null, raw: text };
}
