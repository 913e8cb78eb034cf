// Text a person typed → the JSON value sent for a column, or a message saying what is wrong.
// Checked before anything is sent, so a typo costs no round trip; the server checks again and
// its refusal is shown as it comes.
import type { ColumnKind } from '../schema/column-kind.js';
import type { ColumnModel } from '../schema/openapi-model.js';

export type ParseResult = { ok: true; value: unknown } | { ok: false; message: string };

const ok = (value: unknown): ParseResult => ({ ok: true, value });
const fail = (message: string): ParseResult => ({ ok: false, message });

const INTEGER = /^[+-]?\d+$/;
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_DATETIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(:\d{2}(\.\d{1,6})?)?$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)(:[0-5]\d(\.\d{1,6})?)?([+-]\d{2}(:?\d{2})?)?$/;

const INTEGER_LIMITS: Record<string, bigint> = {
  smallint: 32767n,
  int2: 32767n,
  integer: 2147483647n,
  int4: 2147483647n,
  bigint: 9223372036854775807n,
  int8: 9223372036854775807n,
};

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function parseInteger(text: string, format: string): ParseResult {
  const trimmed = text.trim();
  if (!INTEGER.test(trimmed)) return fail('Enter a whole number (digits only), e.g. 42.');
  const big = BigInt(trimmed);
  const limit = INTEGER_LIMITS[format] ?? INTEGER_LIMITS.bigint!;
  if (big > limit || big < -limit - 1n) return fail(`Enter a whole number from ${-limit - 1n} to ${limit}.`);
  const value = Number(trimmed);
  // Beyond 2^53 a JSON number loses digits; Postgres reads the exact digits from a string.
  return ok(Number.isSafeInteger(value) ? value : big.toString());
}

function parseNumber(text: string, format: string): ParseResult {
  const trimmed = text.trim();
  if (!NUMBER.test(trimmed)) return fail('Enter a number, e.g. 3.14.');
  // numeric is exact: keep the digits as typed rather than rounding them through a double.
  if (format.startsWith('numeric') || format.startsWith('decimal')) return ok(trimmed);
  const value = Number(trimmed);
  return Number.isFinite(value) ? ok(value) : fail('The number is too large.');
}

function parseDate(text: string): ParseResult {
  const match = DATE.exec(text.trim());
  if (!match || !isRealDate(Number(match[1]), Number(match[2]), Number(match[3]))) return fail('Enter a date as YYYY-MM-DD, e.g. 2026-03-01.');
  return ok(text.trim());
}

function parseTimestamptz(text: string): ParseResult {
  const trimmed = text.trim();
  const local = LOCAL_DATETIME.exec(trimmed);
  // Without an offset the time is the person's own wall-clock time (what a datetime-local holds).
  const time = local ? new Date(trimmed.replace(' ', 'T')).getTime() : Date.parse(trimmed);
  if (!/^\d{4}-\d{2}-\d{2}/.test(trimmed) || Number.isNaN(time)) return fail('Enter a date and time, e.g. 2026-03-01T09:30.');
  if (local && !isRealDate(Number(local[1]), Number(local[2]), Number(local[3]))) return fail('Enter a date that exists.');
  return ok(local ? new Date(time).toISOString() : trimmed);
}

function parseTimestamp(text: string): ParseResult {
  const match = LOCAL_DATETIME.exec(text.trim());
  if (!match || !isRealDate(Number(match[1]), Number(match[2]), Number(match[3]))) return fail('Enter a date and time as YYYY-MM-DDTHH:mm, e.g. 2026-03-01T09:30.');
  return ok(text.trim().replace(' ', 'T'));
}

function parseTime(text: string): ParseResult {
  return TIME.test(text.trim()) ? ok(text.trim()) : fail('Enter a time as HH:mm, e.g. 09:30.');
}

function parseBoolean(text: string): ParseResult {
  const lower = text.trim().toLowerCase();
  if (lower === 'true') return ok(true);
  if (lower === 'false') return ok(false);
  return fail('Choose true or false.');
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; reason: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

/** Checks one element of an array column against the elements' kind. */
function checkElement(kind: ColumnKind, element: unknown, format: string): string | null {
  if (element === null) return null;
  switch (kind) {
    case 'integer':
    case 'number': {
      const text = typeof element === 'number' || typeof element === 'string' ? String(element) : null;
      const parsed = text === null ? null : kind === 'integer' ? parseInteger(text, format) : parseNumber(text, format);
      return parsed?.ok ? null : kind === 'integer' ? 'is not a whole number' : 'is not a number';
    }
    case 'boolean':
      return typeof element === 'boolean' ? null : 'is not true or false';
    case 'json':
      return null;
    default:
      if (typeof element !== 'string') return 'is not text: put it in double quotes';
      if (kind === 'text' || kind === 'other' || kind === 'enum') return null;
      {
        const parsed = parseScalar(kind, element, format, []);
        return parsed.ok ? null : `is not valid (${parsed.message})`;
      }
  }
}

function parseArray(column: ColumnModel, text: string): ParseResult {
  const example = column.itemKind === 'integer' || column.itemKind === 'number' ? '[1, 2, 3]' : '["a", "b"]';
  const parsed = parseJson(text.trim() === '' ? '[]' : text);
  if (!parsed.ok) return fail(`Enter a JSON array, e.g. ${example}. ${parsed.reason}`);
  if (!Array.isArray(parsed.value)) return fail(`Enter a JSON array (in square brackets), e.g. ${example}.`);
  const elementFormat = column.format.endsWith('[]') ? column.format.slice(0, -2) : column.format;
  for (const [index, element] of parsed.value.entries()) {
    const problem = checkElement(column.itemKind ?? 'other', element, elementFormat);
    if (problem) return fail(`Item ${index + 1} (${JSON.stringify(element)}) ${problem}.`);
  }
  return ok(parsed.value);
}

function parseScalar(kind: ColumnKind, text: string, format: string, enumValues: readonly string[]): ParseResult {
  switch (kind) {
    case 'integer':
      return parseInteger(text, format);
    case 'number':
      return parseNumber(text, format);
    case 'boolean':
      return parseBoolean(text);
    case 'date':
      return parseDate(text);
    case 'timestamptz':
      return parseTimestamptz(text);
    case 'timestamp':
      return parseTimestamp(text);
    case 'time':
      return parseTime(text);
    case 'uuid':
      return UUID.test(text.trim()) ? ok(text.trim().toLowerCase()) : fail('Enter a UUID like 123e4567-e89b-12d3-a456-426614174000.');
    case 'enum':
      return enumValues.includes(text) ? ok(text) : fail(`Choose one of: ${enumValues.join(', ')}.`);
    default:
      return ok(text);
  }
}

/** The value for `column` from the text a person typed (NULL is chosen separately, never typed). */
export function parseInput(column: ColumnModel, text: string): ParseResult {
  if (column.kind === 'array') return parseArray(column, text);
  if (column.kind === 'json') {
    const parsed = parseJson(text);
    return parsed.ok ? ok(parsed.value) : fail(`Not valid JSON: ${parsed.reason}`);
  }
  if ((column.kind === 'text' || column.kind === 'other') && column.maxLength !== null && [...text].length > column.maxLength) {
    return fail(`Use at most ${column.maxLength} characters.`);
  }
  return parseScalar(column.kind, text, column.format, column.enumValues);
}

/** A value of a scalar kind (a foreign key's target key, typed into a picker's search). */
export function parseKind(kind: ColumnKind, text: string): ParseResult {
  return parseScalar(kind, text, kind === 'integer' ? 'bigint' : kind, []);
}
