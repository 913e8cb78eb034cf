// No import cycle anywhere (issue #41): the production code of every workspace, type-only
// imports included, imports in one direction. A cycle is reported with the files that import
// each other; break it by moving what both need into a file of its own (see
// docs/boundaries.md#no-import-cycles).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cyclesOf, importGraph, type Workspace } from './support/import-graph.js';

const root = path.resolve(__dirname, '..');

/** The root package.json's workspaces (`remotes/*` expanded), each with its package.json. */
function workspaces(base: string): Workspace[] {
  const patterns = (JSON.parse(readFileSync(path.join(base, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces;
  const folders = patterns.flatMap((pattern) =>
    pattern.endsWith('/*')
      ? readdirSync(path.join(base, pattern.slice(0, -2)), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => `${pattern.slice(0, -2)}/${entry.name}`)
      : [pattern],
  );
  return folders.flatMap((folder) => {
    try {
      return [{ folder, manifest: JSON.parse(readFileSync(path.join(base, folder, 'package.json'), 'utf8')) as Workspace['manifest'] }];
    } catch {
      return [];
    }
  });
}

describe('import cycles', () => {
  it("finds none in any workspace's production code, type-only imports included", () => {
    const graph = importGraph(root, workspaces(root));
    // The graph covers every workspace (a wrong walk would find no cycle in nothing).
    expect(graph.size).toBeGreaterThan(500);
    expect(graph.get('emulator/src/server.ts')).toContain('emulator/src/http/service.ts');
    expect(cyclesOf(graph)).toEqual([]);
    // It parses every production file of the repository (about 660): a busy machine needs more than the default.
  }, 120_000);

  describe('on a made-up workspace', () => {
    let dir: string;
    beforeAll(() => {
      dir = mkdtempSync(path.join(tmpdir(), 'import-cycles-'));
      const write = (file: string, text: string) => {
        mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        writeFileSync(path.join(dir, file), text);
      };
      write('package.json', JSON.stringify({ workspaces: ['app', 'lib'] }));
      write('lib/package.json', JSON.stringify({ name: '@made-up/lib', exports: { '.': './src/index.ts', './sub': './src/sub.ts' } }));
      write('app/package.json', JSON.stringify({ name: '@made-up/app' }));
      // A value import one way, a type-only import back: a cycle all the same.
      write('app/src/a.ts', "import { b } from './b.js';\nexport const a = b + 1;\n");
      write('app/src/b.ts', "import type { A } from './types/a-type.js';\nexport const b: A = 1;\n");
      write('app/src/types/a-type.ts', "import type { a } from '../a.js';\nexport type A = typeof a;\n");
      // Through import() and a workspace package name, and back with require().
      write('app/src/lazy.ts', "export const load = () => import('@made-up/lib/sub');\n");
      write('lib/src/sub.ts', "export const again = () => require('../../app/src/lazy.js');\n");
      // A test that imports back is not production code, and an acyclic chain is no cycle.
      write('app/src/a.test.ts', "import { a } from './a.js';\nimport { c } from './c.js';\nexport const used = [a, c];\n");
      write('app/src/c.ts', "export { d as c } from './d.js';\n");
      write('app/src/d.ts', "export const d = 4;\n");
      write('lib/src/index.ts', "export * from './sub.js';\n");
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('reports each cycle once, with the files that import each other, however the imports are written', () => {
      const graph = importGraph(dir, workspaces(dir));
      expect(graph.has('app/src/a.test.ts')).toBe(false);
      expect(cyclesOf(graph)).toEqual([
        ['app/src/a.ts', 'app/src/b.ts', 'app/src/types/a-type.ts'],
        ['app/src/lazy.ts', 'lib/src/sub.ts'],
      ]);
    });
  });
});
