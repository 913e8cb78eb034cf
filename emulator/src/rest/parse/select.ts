// `select=` grammar as postgrest-js emits it (docs/compatibility.md#rest-requests): columns,
// `alias:col`, `col::cast`, JSON paths, `count()` and `col.sum()` aggregates, embeds with
// `!hint`/`!inner`, `...spread(…)` and nested levels.
import { Cursor, assertNoNul } from './cursor.js';
import type { AggregateName, EmbedItem, SelectItem } from './types.js';

const AGGREGATES: readonly AggregateName[] = ['count', 'sum', 'avg', 'max', 'min'];
/** Embeds nest at most this deep: deeper is a mistake, and would exhaust the stack. */
export const MAX_EMBED_DEPTH = 32;
const ITEM_END = ['","', '")"', 'end of input'];

export function parseSelect(input: string): SelectItem[] {
  assertNoNul(input, 'select parameter');
  const cursor = new Cursor(input, 'select parameter');
  if (cursor.atEnd) return [{ kind: 'star' }];
  const items = parseItems(cursor, false, 0);
  if (!cursor.atEnd) throw cursor.fail(['","', 'end of input']);
  return items;
}

function parseItems(cursor: Cursor, nested: boolean, depth: number): SelectItem[] {
  const items: SelectItem[] = [];
  if (nested && cursor.peek() === ')') return items;
  if (depth > MAX_EMBED_DEPTH)
    throw cursor.fail([`at most ${MAX_EMBED_DEPTH} levels of embedding`]);
  for (;;) {
    items.push(parseItem(cursor, depth));
    if (!cursor.eat(',')) return items;
  }
}

function parseCast(cursor: Cursor): string | undefined {
  if (!cursor.eat('::')) return undefined;
  return cursor.name(['type name']);
}

function parseItem(cursor: Cursor, depth: number): SelectItem {
  if (cursor.eat('*')) return { kind: 'star' };
  if (cursor.eat('...'))
    return parseEmbed(cursor, undefined, cursor.name(['relation name']), true, depth);

  const first = cursor.name(['"*"', '"..."', 'field name']);
  let alias: string | undefined;
  let name = first;
  if (cursor.peek() === ':' && cursor.peek(1) !== ':') {
    cursor.pos++;
    alias = first;
    if (cursor.startsWith('...')) throw cursor.fail(['field name (a spread cannot have an alias)']);
    name = cursor.name(['field name', 'relation name']);
  }

  if (name === 'count' && cursor.eat('()')) {
    return {
      kind: 'count',
      ...(alias !== undefined && { alias }),
      ...optional('cast', parseCast(cursor)),
    };
  }
  if (cursor.peek() === '!' || cursor.peek() === '(')
    return parseEmbed(cursor, alias, name, false, depth);

  const field = { name, jsonPath: cursor.jsonPath() };
  const cast = parseCast(cursor);
  let aggregate: AggregateName | undefined;
  let aggregateCast: string | undefined;
  if (cursor.peek() === '.') {
    cursor.pos++;
    const fn = AGGREGATES.find((candidate) => cursor.startsWith(`${candidate}()`));
    if (!fn) throw cursor.fail(AGGREGATES.map((a) => `"${a}()"`));
    cursor.pos += fn.length + 2;
    aggregate = fn;
    aggregateCast = parseCast(cursor);
  }
  if (!cursor.atEnd && cursor.peek() !== ',' && cursor.peek() !== ')') {
    throw cursor.fail(['"->"', '"->>"', '"::"', '"."', '"("', '"!"', ...ITEM_END]);
  }
  return {
    kind: 'field',
    ...(alias !== undefined && { alias }),
    field,
    ...optional('cast', cast),
    ...optional('aggregate', aggregate),
    ...optional('aggregateCast', aggregateCast),
  };
}

function parseEmbed(
  cursor: Cursor,
  alias: string | undefined,
  name: string,
  spread: boolean,
  depth: number,
): EmbedItem {
  let hint: string | undefined;
  let join: EmbedItem['join'] = 'left';
  while (cursor.eat('!')) {
    const word = cursor.name(['embed hint', '"inner"', '"left"']);
    if (word === 'inner' || word === 'left') join = word;
    else if (hint === undefined) hint = word;
    else throw cursor.fail(['"inner"', '"left"', '"(" (only one hint per embed)']);
  }
  cursor.expect('(', ['"("', '"!"']);
  const select = parseItems(cursor, true, depth + 1);
  cursor.expect(')', ['","', '")"']);
  return {
    kind: 'embed',
    ...(alias !== undefined && { alias }),
    name,
    ...optional('hint', hint),
    join,
    spread,
    select,
  };
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
