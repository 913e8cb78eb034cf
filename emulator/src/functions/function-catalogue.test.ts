import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readExamples } from './function-catalogue.js';

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
