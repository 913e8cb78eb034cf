// Dates and times as the person reads them: their locale's words and order (Intl), their own time
// zone for instants (timestamptz). A date, a timestamp without a zone and a time of day are
// wall-clock values: shown as written, never moved into another zone. Editing keeps the
// unambiguous ISO form; the cell's title holds it too.
import type { ColumnKind } from '../schema/column-kind.js';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?([+-]\d{2}(?::?\d{2})?)?$/;

const formats = new Map<string, Intl.DateTimeFormat>();
function format(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, options);
    formats.set(key, found);
  }
  return found;
}

/** The value in the person's locale, or null when it is not a date or time the kind expects. */
export function localeDateText(kind: ColumnKind, value: unknown, locale?: string, timeZone?: string): string | null {
  if (typeof value !== 'string') return null;
  switch (kind) {
    case 'date': {
      const m = DATE.exec(value);
      if (!m) return null;
      return format(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
    }
    case 'timestamp': {
      const m = LOCAL.exec(value);
      if (!m) return null;
      const at = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0));
      return format(locale, { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' }).format(at);
    }
    case 'timestamptz': {
      const at = Date.parse(value);
      if (Number.isNaN(at)) return null;
      return format(locale, { dateStyle: 'medium', timeStyle: 'medium', ...(timeZone && { timeZone }) }).format(at);
    }
    case 'time': {
      const m = TIME.exec(value);
      if (!m) return null;
      const at = Date.UTC(1970, 0, 1, Number(m[1]), Number(m[2]), Number(m[3] ?? 0));
      // A zone written with the time (timetz) is kept beside it, as written.
      return `${format(locale, { timeStyle: 'medium', timeZone: 'UTC' }).format(at)}${m[4] ? ` ${m[4]}` : ''}`;
    }
    default:
      return null;
  }
}
