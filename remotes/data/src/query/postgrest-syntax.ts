// Quoting for the places in PostgREST's query grammar where a value sits inside punctuation: `in`
// lists, array literals, and logic trees (`or=(…)`). Plain `col=op.value` needs none: the value is
// everything after the operator (docs/compatibility.md#rest-requests).

const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_$]*$/;

/** Backslash-escapes `\` and `"`, then wraps in double quotes. */
function doubleQuoted(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** An item of an `in.(…)` list: quoted when it holds `,` `(` `)` `"` `\`, spaces at its ends, or is empty. */
export function listItem(value: string): string {
  return value === '' || /[,()"\\]/.test(value) || value.trim() !== value ? doubleQuoted(value) : value;
}

/** `in.(a,"b,c")` */
export function inList(values: readonly string[]): string {
  return `(${values.map(listItem).join(',')})`;
}

/** An element of a Postgres array literal: quoted when it holds `,{}"\`, whitespace, is empty or reads as NULL. */
export function arrayElement(value: string): string {
  return value === '' || /[,{}"\\\s]/.test(value) || value.toUpperCase() === 'NULL' ? doubleQuoted(value) : value;
}

/** `{a,"b c"}` — what `cs.` / `ov.` expect for array columns. */
export function arrayLiteral(values: readonly string[]): string {
  return `{${values.map(arrayElement).join(',')}}`;
}

/** A value inside a logic tree (`or=(col.op.value,…)`): quoted when it holds `,` `.` `:` `(` `)` `"` `\` or spaces. */
export function treeValue(value: string): string {
  return value === '' || /[,.:()"\\\s]/.test(value) ? doubleQuoted(value) : value;
}

/** A column name inside a logic tree: quoted unless it is a plain identifier. */
export function treeColumn(name: string): string {
  return PLAIN_NAME.test(name) ? name : doubleQuoted(name);
}

/**
 * A LIKE pattern that matches `text` literally: Postgres' escape character is `\`, so `\`, `%`
 * and `_` are escaped. PostgREST turns every `*` into `%`, and that cannot be escaped, so a `*`
 * typed by a person stays a wildcard.
 */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Splits "a, b , c" into ["a", "b", "c"], dropping empty items. */
export function splitList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}
