// Horizontal filters: `col=[not.]op[(any|all)].value`, `in.(…)`, `is.null`, `fts(config).q`,
// and logic trees `or=(a.eq.1,and(b.gt.2,not.c.is.null))` (docs/compatibility.md#rest-requests).
import { Cursor, assertNoNul } from './cursor.js';
import type {
  Condition,
  Field,
  Filter,
  IsValue,
  LogicTree,
  Operation,
  QuantifiedOperator,
  SimpleOperator,
  TextSearchOperator,
} from './types.js';

const QUANTIFIED: readonly QuantifiedOperator[] = [
  'eq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
];
const SIMPLE: readonly SimpleOperator[] = [
  ...QUANTIFIED,
  'neq',
  'isdistinct',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxl',
  'nxr',
  'adj',
];
const TEXT_SEARCH: readonly TextSearchOperator[] = ['fts', 'plfts', 'phfts', 'wfts'];
const IS_VALUES: readonly IsValue[] = ['null', 'not_null', 'true', 'false', 'unknown'];
export const OPERATORS: readonly string[] = [...SIMPLE, 'in', 'is', ...TEXT_SEARCH];
const OPERATOR_NAMES = OPERATORS.map((op) => `"${op}"`);
/** Logic trees nest at most this deep: deeper is a mistake, and would exhaust the stack. */
export const MAX_TREE_DEPTH = 32;

/** The value of a filter query parameter: everything after the operator is the value. */
export function parseFilter(field: Field, raw: string): Filter {
  assertNoNul(raw, 'filter');
  const cursor = new Cursor(raw, 'filter');
  const filter = parseOperationInto(cursor, field, false);
  if (!cursor.atEnd) throw cursor.fail(['end of input']);
  return filter;
}

/** `or=(…)` / `and=(…)` (`negated` for `not.or`). */
export function parseLogicTree(operator: 'and' | 'or', negated: boolean, raw: string): LogicTree {
  assertNoNul(raw, 'logic tree');
  const cursor = new Cursor(raw, 'logic tree');
  const tree = parseTreeBody(cursor, operator, negated, 0);
  if (!cursor.atEnd) throw cursor.fail(['end of input']);
  return tree;
}

function parseTreeBody(
  cursor: Cursor,
  operator: 'and' | 'or',
  negated: boolean,
  depth: number,
): LogicTree {
  if (depth > MAX_TREE_DEPTH) throw cursor.fail([`at most ${MAX_TREE_DEPTH} levels of nesting`]);
  cursor.expect('(');
  const children: Condition[] = [];
  for (;;) {
    children.push(parseCondition(cursor, depth));
    if (cursor.eat(',')) continue;
    cursor.expect(')', ['","', '")"']);
    return { kind: 'logic', operator, negated, children };
  }
}

function parseCondition(cursor: Cursor, depth: number): Condition {
  const negated = cursor.eat('not.');
  for (const operator of ['and', 'or'] as const) {
    if (cursor.startsWith(`${operator}(`)) {
      cursor.pos += operator.length;
      return parseTreeBody(cursor, operator, negated, depth + 1);
    }
  }
  if (negated) cursor.pos -= 'not.'.length;
  const field = cursor.field(['"and("', '"or("', '"not."', 'field name']);
  cursor.expect('.', ['"."', '"->"', '"->>"']);
  return parseOperationInto(cursor, field, true);
}

function parseOperationInto(cursor: Cursor, field: Field, delimited: boolean): Filter {
  const negated = cursor.eat('not.');
  const start = cursor.pos;
  while (/[a-z_]/.test(cursor.peek())) cursor.pos++;
  const op = cursor.input.slice(start, cursor.pos);
  if (!OPERATORS.includes(op)) {
    cursor.pos = start;
    throw cursor.fail(negated ? OPERATOR_NAMES : ['"not."', ...OPERATOR_NAMES]);
  }
  return { kind: 'filter', field, negated, operation: parseOperation(cursor, op, delimited) };
}

function parseOperation(cursor: Cursor, op: string, delimited: boolean): Operation {
  if ((TEXT_SEARCH as readonly string[]).includes(op)) {
    let config: string | undefined;
    if (cursor.eat('(')) {
      config = cursor.name(['text search configuration']);
      cursor.expect(')');
    }
    cursor.expect('.', ['"."', '"("']);
    const value = readValue(cursor, delimited);
    return { op: op as TextSearchOperator, value, ...(config !== undefined && { config }) };
  }
  if (op === 'in') {
    cursor.expect('.');
    const values = readList(cursor);
    return { op: 'in', values };
  }
  if (op === 'is') {
    cursor.expect('.');
    const start = cursor.pos;
    const word = readValue(cursor, delimited).toLowerCase();
    if (!(IS_VALUES as readonly string[]).includes(word)) {
      cursor.pos = start;
      throw cursor.fail(IS_VALUES.map((v) => `"${v}"`));
    }
    return { op: 'is', value: word as IsValue };
  }
  let quantifier: 'any' | 'all' | undefined;
  if ((QUANTIFIED as readonly string[]).includes(op) && cursor.peek() === '(') {
    if (cursor.eat('(any)')) quantifier = 'any';
    else if (cursor.eat('(all)')) quantifier = 'all';
    else throw cursor.fail(['"(any)"', '"(all)"']);
  }
  cursor.expect('.', quantifier ? ['"."'] : ['"."', '"(any)"', '"(all)"']);
  const value = readValue(cursor, delimited);
  return { op: op as SimpleOperator, value, ...(quantifier && { quantifier }) };
}

/** At the top level the value is the rest; inside a logic tree it ends at `,` or `)`. */
function readValue(cursor: Cursor, delimited: boolean): string {
  if (!delimited) return cursor.rest();
  if (cursor.peek() === '"') {
    const save = cursor.pos;
    const value = cursor.quoted();
    if (cursor.atEnd || cursor.peek() === ',' || cursor.peek() === ')') return value;
    cursor.pos = save;
  }
  if (cursor.peek() === '{') {
    // An array or JSON literal keeps its commas: `cs.{a,b}`, `cs.{"k":{"n":1}}`.
    let depth = 0;
    for (let i = cursor.pos; i < cursor.input.length; i++) {
      const char = cursor.input[i];
      if (char === '{') depth++;
      else if (char === '}' && --depth === 0) {
        const value = cursor.input.slice(cursor.pos, i + 1);
        cursor.pos = i + 1;
        return value;
      }
    }
  }
  const start = cursor.pos;
  while (!cursor.atEnd && cursor.peek() !== ',' && cursor.peek() !== ')') cursor.pos++;
  return cursor.input.slice(start, cursor.pos);
}

/** `(a,"b,c",d)` → ['a', 'b,c', 'd']. */
function readList(cursor: Cursor): string[] {
  cursor.expect('(');
  const values: string[] = [];
  if (cursor.eat(')')) return values;
  for (;;) {
    values.push(readValue(cursor, true));
    if (cursor.eat(',')) continue;
    cursor.expect(')', ['","', '")"']);
    return values;
  }
}
