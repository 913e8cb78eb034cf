// Rows → CSV (RFC 4180): a header line, CRLF line ends, fields quoted when they hold a comma, a
// quote, a line break or spaces at their ends. NULL is an empty field; an empty string is `""`,
// so the two stay apart. Objects and arrays are written as JSON, as the table shows them.

/**
 * Spreadsheets run a cell that starts with one of these as a formula (`=HYPERLINK(…)` can send
 * other cells to any site), so such text is written as OWASP recommends for CSV injection: a
 * single quote before it, the whole field quoted. The text stays readable and is shown, not run.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function field(value: unknown): string {
  if (value === null || value === undefined) return '';
  // Numbers from numeric columns (-5, -1.5e3) are written as they are: they cannot hold a formula,
  // and a quote before them would turn them into text for the spreadsheet. Only text is neutralised,
  // including text that merely looks like a number ('-5' in a text column), as OWASP advises.
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  const text = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (FORMULA_START.test(text)) return `"'${text.replace(/"/g, '""')}"`;
  return text === '' || /[",\r\n]/.test(text) || text.trim() !== text ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(columns: readonly string[], rows: ReadonlyArray<Record<string, unknown>>): string {
  const lines = [columns.map(field).join(',')];
  for (const row of rows) lines.push(columns.map((column) => field(row[column])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** A file name for an export of `table`: `tasks-2026-03-01.csv`. */
export function csvFileName(table: string, now = new Date()): string {
  const safe = table.replace(/[^\w.-]+/g, '_') || 'export';
  return `${safe}-${now.toISOString().slice(0, 10)}.csv`;
}
