import { isRestError } from '../errors.js';
import { parseArgumentsBody, parseCsv, parseRowsBody } from './body.js';

function code(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (isRestError(error)) return error.code;
    throw error;
  }
  return 'none';
}

describe('request bodies', () => {
  it('reads a JSON object or array of objects', () => {
    expect(parseRowsBody('{"a":1}', 'json')).toEqual({ rows: [{ a: 1 }], single: true });
    expect(parseRowsBody('[{"a":1},{"a":2}]', 'json')).toEqual({
      rows: [{ a: 1 }, { a: 2 }],
      single: false,
    });
  });

  it('refuses what is not a JSON object or array of objects (PGRST102)', () => {
    for (const body of ['', '{', '1', '"x"', '[1]', 'null', '[{"a":1},2]']) {
      expect(code(() => parseRowsBody(body, 'json'))).toBe('PGRST102');
    }
  });

  it('reads CSV with quotes, escaped quotes, newlines in fields and NULL', () => {
    expect(parseCsv('a,b,c\n1,"x, ""y""",NULL\n2,"line\nbreak",""\n')).toEqual([
      { a: '1', b: 'x, "y"', c: null },
      { a: '2', b: 'line\nbreak', c: '' },
    ]);
    expect(code(() => parseCsv('a,b\n1\n'))).toBe('PGRST102');
  });

  it('reads rpc arguments, treating an empty body as no arguments', () => {
    expect(parseArgumentsBody('', 'json')).toEqual({ object: {}, raw: '{}' });
    // An array names the arguments by its objects' keys, as PostgREST's payloadAttributes; an
    // array of anything else is refused before any function is looked at.
    expect(parseArgumentsBody('[{"a":1},{"a":2}]', 'json').object).toEqual({ a: 1 });
    expect(code(() => parseArgumentsBody('[1,2]', 'json'))).toBe('PGRST102');
    expect(code(() => parseArgumentsBody('[{"a":1},{"b":2}]', 'json'))).toBe('PGRST102');
    expect(parseArgumentsBody('a=1&b=x', 'form').object).toEqual({ a: '1', b: 'x' });
  });
});
