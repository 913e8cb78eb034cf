import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildCatalogue, generateAsset } from './functions-catalogue.js';

const REPO = path.resolve(__dirname, '../../..');

describe('the deployed functions catalogue', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'catalogue-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  function write(file: string, text: string): void {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }

  it('lists functions with verify_jwt from config.toml, the comment’s first paragraph and the examples', () => {
    write(
      'functions/hi/index.ts',
      '/**\n * hi: says hi.\n *\n * More.\n */\nDeno.serve(() => new Response("hi"));',
    );
    write(
      'functions/hi/examples.json',
      JSON.stringify([{ title: 'Say hi', method: 'GET', query: { name: 'Ada' } }]),
    );
    write('functions/locked/index.ts', 'Deno.serve(() => new Response("x"));');
    write('functions/off/index.ts', 'Deno.serve(() => new Response("x"));');
    write('functions/_shared/util.ts', 'export const x = 1;');
    write('config.toml', '[functions.hi]\nverify_jwt = false\n[functions.off]\nenabled = false\n');
    expect(buildCatalogue(root)).toEqual([
      {
        name: 'hi',
        verify_jwt: false,
        description: 'hi: says hi.',
        examples: [{ title: 'Say hi', method: 'GET', query: { name: 'Ada' } }],
      },
      { name: 'locked', verify_jwt: true, description: null, examples: [] },
    ]);
  });

  it('fails the build on an examples file that does not fit, naming it', () => {
    write('functions/hi/index.ts', 'Deno.serve(() => new Response("hi"));');
    write('functions/hi/examples.json', JSON.stringify([{ title: 'x', method: 'FETCH' }]));
    expect(() => buildCatalogue(root)).toThrow(/hi[/\\]examples\.json is not a list of examples/);
  });

  it('describes the project’s own functions', () => {
    const document = JSON.parse(generateAsset({ root: REPO })) as {
      functions: { name: string; verify_jwt: boolean; examples: unknown[] }[];
    };
    const own = ['echo', 'embed', 'hello', 'search-documents', 'slow'];
    expect(
      document.functions
        .filter((f) => own.includes(f.name))
        .map((f) => [f.name, f.verify_jwt, f.examples.length > 0]),
    ).toEqual([
      ['echo', true, true],
      ['embed', true, true],
      ['hello', false, true],
      ['search-documents', true, true],
      ['slow', true, true],
    ]);
  });

  it('describes the project’s own functions in words for people: no source paths, settings or wire shapes', () => {
    const document = JSON.parse(generateAsset({ root: REPO })) as {
      functions: { name: string; description: string | null }[];
    };
    for (const { name, description } of document.functions) {
      expect({ name, description }).toEqual({
        name,
        description: expect.not.stringMatching(/`|_shared|\.ts\b|\.toml|verify_jwt|→|^[a-z-]+:/),
      });
    }
  });

  it('says what an example that writes changes, and keeps read-only examples plain', () => {
    const document = JSON.parse(generateAsset({ root: REPO })) as {
      functions: { name: string; examples: { title: string; writes?: string }[] }[];
    };
    const examples = document.functions.flatMap((f) => f.examples.map((e) => [f.name, e.title, e.writes ?? null]));
    expect(examples).toContainEqual([
      'documents',
      'Add a pasted text',
      'Adds a document called “Refunds” to your library, where Search finds it, until you delete it.',
    ]);
    expect(examples).toContainEqual(['documents', 'List my documents', null]);
    write('functions/hi/index.ts', '// hi\nDeno.serve(() => new Response("hi"));');
    write('functions/hi/examples.json', JSON.stringify([{ title: 'x', writes: '' }]));
    expect(() => buildCatalogue(root)).toThrow(/hi[/\\]examples\.json is not a list of examples/);
  });
});
