import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FUNCTION_NAME, leadingDescription, readExamples } from './function-catalogue.js';

describe('leadingDescription', () => {
  it('takes the first paragraph of a leading block comment', () => {
    expect(
      leadingDescription(
        '/**\n * Says hello\n * to people.\n *\n * Details.\n */\nDeno.serve(() => new Response());',
      ),
    ).toBe('Says hello to people.');
  });

  it('takes leading line comments, after blank lines', () => {
    expect(leadingDescription('\n\n// One line.\n// Two.\n\n// Later.\ncode();')).toBe(
      'One line. Two.',
    );
  });

  it('is null without a leading comment', () => {
    expect(leadingDescription('import x from "y";\n// not leading')).toBeNull();
  });
});

describe('FUNCTION_NAME', () => {
  it('accepts CLI slugs only', () => {
    expect(['hello', 'search-documents', 'a_b1'].every((name) => FUNCTION_NAME.test(name))).toBe(
      true,
    );
    expect(
      ['_shared', '1abc', 'bad.name', '', 'a b'].some((name) => FUNCTION_NAME.test(name)),
    ).toBe(false);
  });
});

describe('readExamples', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'examples-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the requests to try from examples.json, and none without the file', () => {
    expect(readExamples(dir, () => undefined)).toEqual([]);
    const examples = [
      { title: 'Greet Ada', method: 'GET', query: { name: 'Ada' } },
      { title: 'By JSON', method: 'POST', path: '/x', json: { name: 'Ada' } },
    ];
    writeFileSync(path.join(dir, 'examples.json'), JSON.stringify(examples));
    expect(readExamples(dir, () => undefined)).toEqual(examples);
  });

  it('reports a file that does not fit and gives no examples', () => {
    writeFileSync(
      path.join(dir, 'examples.json'),
      JSON.stringify([{ title: 'x', method: 'FETCH' }]),
    );
    const warnings: string[] = [];
    expect(readExamples(dir, (line) => warnings.push(line))).toEqual([]);
    expect(warnings[0]).toMatch(/examples\.json is not a list of examples:.*method/s);
  });
});
