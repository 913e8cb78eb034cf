// `order=a.desc.nullslast,data->k,author(name).asc` (docs/compatibility.md#rest-requests).
import { Cursor, assertNoNul } from './cursor.js';
import type { OrderTerm } from './types.js';

export function parseOrder(input: string): OrderTerm[] {
  assertNoNul(input, 'order');
  const cursor = new Cursor(input, 'order');
  const terms: OrderTerm[] = [];
  for (;;) {
    terms.push(parseTerm(cursor));
    if (cursor.eat(',')) continue;
    if (!cursor.atEnd) throw cursor.fail(['","', '"."', 'end of input']);
    return terms;
  }
}

function parseTerm(cursor: Cursor): OrderTerm {
  const first = cursor.name(['field name']);
  const term: OrderTerm = { field: { name: first, jsonPath: [] } };
  if (cursor.eat('(')) {
    term.relation = first;
    term.field = cursor.field();
    cursor.expect(')', ['")"', '"->"', '"->>"']);
  } else {
    term.field.jsonPath = cursor.jsonPath();
  }
  if (cursor.eat('.asc')) term.direction = 'asc';
  else if (cursor.eat('.desc')) term.direction = 'desc';
  if (cursor.eat('.nullsfirst')) term.nulls = 'first';
  else if (cursor.eat('.nullslast')) term.nulls = 'last';
  if (!cursor.atEnd && cursor.peek() !== ',') {
    throw cursor.fail([
      '".asc"',
      '".desc"',
      '".nullsfirst"',
      '".nullslast"',
      '","',
      'end of input',
    ]);
  }
  return term;
}
