// A whole query string → one ParsedQuery: `select`, filters and logic trees, `order`, `limit`,
// `offset` per embedding level (`comments.order=…`), and the write parameters `columns` and
// `on_conflict`. Keys that are rpc arguments are left to the rpc route.
import { requestErrors } from '../errors.js';
import { Cursor, assertNoNul } from './cursor.js';
import { parseFilter, parseLogicTree } from './filter.js';
import { parseOrder } from './order.js';
import { parseSelect } from './select.js';
import type { JsonStep, LevelModifiers, ParsedQuery } from './types.js';

/** Keys that are never filters (the gateway's own `apikey` included). */
const IGNORED_KEYS = new Set(['apikey']);

export interface ParseQueryOptions {
  /** rpc: query parameters that are function arguments rather than filters. */
  isArgument?: (key: string, value: string) => boolean;
}

export function parseQuery(
  pairs: Iterable<[string, string]>,
  options: ParseQueryOptions = {},
): ParsedQuery {
  const query: ParsedQuery = { select: [{ kind: 'star' }], levels: new Map() };
  const level = (path: string[]): LevelModifiers => {
    const key = path.join('.');
    let found = query.levels.get(key);
    if (!found) {
      found = { conditions: [], order: [] };
      query.levels.set(key, found);
    }
    return found;
  };

  for (const [key, value] of pairs) {
    if (IGNORED_KEYS.has(key) || options.isArgument?.(key, value)) continue;
    switch (key) {
      case 'select':
        query.select = parseSelect(value);
        continue;
      case 'columns':
        query.columns = parseNameList(value, 'columns parameter');
        continue;
      case 'on_conflict':
        query.onConflict = parseNameList(value, 'on_conflict parameter');
        continue;
    }
    assertNoNul(key, 'filter');
    const { path, last, jsonPath, lastQuoted } = parseKey(key);
    if (jsonPath.length === 0 && !lastQuoted) {
      if (last === 'order') {
        level(path).order.push(...parseOrder(value));
        continue;
      }
      if (last === 'limit' || last === 'offset') {
        level(path)[last] = parseCount(value, `${last} parameter`);
        continue;
      }
      if (last === 'or' || last === 'and') {
        const negated = path.at(-1) === 'not';
        const levelPath = negated ? path.slice(0, -1) : path;
        level(levelPath).conditions.push(parseLogicTree(last, negated, value));
        continue;
      }
    }
    level(path).conditions.push(parseFilter({ name: last, jsonPath }, value));
  }
  return query;
}

/** `comments.author.name->>x` → path [comments, author], field `name` with its JSON path. */
function parseKey(key: string): {
  path: string[];
  last: string;
  jsonPath: JsonStep[];
  lastQuoted: boolean;
} {
  const cursor = new Cursor(key, 'filter');
  const names: string[] = [];
  let lastQuoted = false;
  for (;;) {
    lastQuoted = cursor.peek() === '"';
    names.push(cursor.name());
    if (!cursor.eat('.')) break;
  }
  const jsonPath = cursor.jsonPath();
  if (!cursor.atEnd) throw cursor.fail(['"."', '"->"', '"->>"', 'end of input']);
  const last = names.pop()!;
  return { path: names, last, jsonPath, lastQuoted };
}

/** `columns="a","b"` / `on_conflict=a,b`. */
export function parseNameList(value: string, what: string): string[] {
  assertNoNul(value, what);
  const cursor = new Cursor(value, what);
  const names: string[] = [];
  for (;;) {
    names.push(cursor.name());
    if (cursor.eat(',')) continue;
    if (!cursor.atEnd) throw cursor.fail(['","', 'end of input']);
    return names;
  }
}

/** A non-negative row count (`limit`, `offset`). */
export function parseCount(value: string, what: string): number {
  const trimmed = value.trim();
  // PostgREST: a negative limit is a range error (416), not a parse error.
  if (/^-\d{1,15}$/.test(trimmed)) throw requestErrors.negativeLimit();
  if (!/^\d{1,15}$/.test(trimmed)) {
    const at = [...trimmed].findIndex((c) => !/\d/.test(c));
    throw requestErrors.parse(
      what,
      value,
      Math.max(1, at + 1),
      trimmed === ''
        ? 'unexpected end of input expecting digit'
        : 'expecting a non-negative integer',
    );
  }
  return Number(trimmed);
}
