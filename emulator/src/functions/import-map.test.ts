import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  applyImportMap,
  findImportMap,
  ImportMapError,
  readImportMap,
  stripJsonComments,
} from './import-map.js';

describe('import maps', () => {
  let root: string;
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
    return path.join(root, file);
  };

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'import-map-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('strips JSONC comments and trailing commas, but not inside strings', () => {
    const text = '{\n // note\n "a": "http://x/*y*/", /* block */ "b": [1, 2,],\n}';
    expect(JSON.parse(stripJsonComments(text))).toEqual({ a: 'http://x/*y*/', b: [1, 2] });
  });

  it('maps exact keys, the longest prefix key, and relative targets to absolute paths', () => {
    const file = write(
      'functions/fn/deno.json',
      JSON.stringify({
        imports: {
          zod: 'npm:zod@4',
          'lib/': '../_shared/',
          'lib/deep/': './deep/',
          greeting: './greeting.ts',
        },
      }),
    );
    const map = readImportMap(file);
    const importer = path.join(root, 'functions/fn/index.ts');
    expect(applyImportMap(map, 'zod', importer)).toBe('npm:zod@4');
    expect(applyImportMap(map, 'lib/x.ts', importer)).toBe(
      path.join(root, 'functions/_shared/x.ts'),
    );
    expect(applyImportMap(map, 'lib/deep/y.ts', importer)).toBe(
      path.join(root, 'functions/fn/deep/y.ts'),
    );
    expect(applyImportMap(map, 'greeting', importer)).toBe(
      path.join(root, 'functions/fn/greeting.ts'),
    );
    expect(applyImportMap(map, 'other', importer)).toBeNull();
  });

  it('prefers the scope that contains the importer', () => {
    const file = write(
      'deno.jsonc',
      JSON.stringify({ imports: { x: 'npm:x@1' }, scopes: { './vendor/': { x: 'npm:x@2' } } }),
    );
    const map = readImportMap(file);
    expect(applyImportMap(map, 'x', path.join(root, 'vendor/a.ts'))).toBe('npm:x@2');
    expect(applyImportMap(map, 'x', path.join(root, 'src/a.ts'))).toBe('npm:x@1');
  });

  it("follows deno.json's importMap to a separate file", () => {
    write('maps/import_map.json', JSON.stringify({ imports: { y: './y.ts' } }));
    const map = readImportMap(
      write('deno.json', JSON.stringify({ importMap: './maps/import_map.json' })),
    );
    expect(applyImportMap(map, 'y', path.join(root, 'a.ts'))).toBe(path.join(root, 'maps/y.ts'));
  });

  it('explains what is wrong with a broken map', () => {
    expect(() => readImportMap(write('bad.json', '{ "imports": '))).toThrow(ImportMapError);
    expect(() => readImportMap(write('bad2.json', '{ "imports": { "a": 1 } }'))).toThrow(
      /"imports.a" must be a string/,
    );
  });

  it("finds the function's own map before the shared one, and lists every candidate", () => {
    const functionsDir = path.join(root, 'functions');
    const fnDir = path.join(functionsDir, 'fn');
    mkdirSync(fnDir, { recursive: true });
    expect(findImportMap(fnDir, functionsDir).file).toBeNull();
    const shared = write('functions/import_map.json', '{}');
    expect(findImportMap(fnDir, functionsDir).file).toBe(shared);
    const own = write('functions/fn/deno.json', '{}');
    const found = findImportMap(fnDir, functionsDir);
    expect(found.file).toBe(own);
    expect(found.candidates).toContain(shared);
  });
});
