/**
 * Conversions between ISO 8601 timestamps (what Postgres `timestamptz` and the APIs speak)
 * and the `YYYY-MM-DDTHH:mm[:ss]` local wall-clock value a datetime-local input holds.
 */

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** An ISO timestamp (or Date) as the value of a datetime-local input, in the user's time zone. */
export function toDateTimeLocal(value: string | Date | null | undefined, withSeconds = false): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const base = `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
  return withSeconds ? `${base}:${pad(date.getSeconds())}` : base;
}

/** A datetime-local value (local wall-clock time) as an ISO timestamp in UTC, or null if empty/invalid. */
export function fromDateTimeLocal(local: string): string | null {
  if (!local) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/.exec(local);
  if (!match) return null;
  const [, y, mo, d, h, mi, s = '0', ms = '0'] = match;
  const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), Number(ms.padEnd(3, '0')));
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
