// The reading of a functions folder that the emulator and the functions remote's build share.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ENTRYPOINTS, findEntrypoint, FUNCTION_NAME, leadingDescription } from './function-catalogue.js';

describe('leadingDescription', () => {
  it('takes the first paragraph of a leading block comment', () => {
    expect(
      leadingDescription(
        '/**\n * Says hello\n * to people.\n *\n * Details.\n */\nDeno.serve(() => new Response());',
      ),
    ).toBe('Says hello to people.');
  });

  it('takes leading line comments, after blank lines and a byte order mark', () => {
    expect(leadingDescription('\uFEFF\n\n// One line.\n// Two.\n\n// Later.\ncode();')).toBe(
      'One line. Two.',
    );
  });

  it('is null without a leading comment', () => {
    expect(leadingDescription('import x from "y";\n// not leading')).toBeNull();
    expect(leadingDescription('code(); // not leading')).toBeNull();
  });

  it('keeps a catalogue line short', () => {
    expect(leadingDescription(`// ${'a'.repeat(600)}`)).toHaveLength(500);
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

describe('findEntrypoint', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'function-entry-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finds the first entrypoint in the CLI order, and none in a folder without one', () => {
    const fn = path.join(dir, 'hello');
    mkdirSync(fn);
    expect(findEntrypoint(fn)).toBeNull();
    writeFileSync(path.join(fn, 'index.js'), '');
    expect(findEntrypoint(fn)).toBe(path.join(fn, 'index.js'));
    writeFileSync(path.join(fn, 'index.tsx'), '');
    expect(findEntrypoint(fn)).toBe(path.join(fn, 'index.tsx'));
    expect(ENTRYPOINTS[0]).toBe('index.ts');
  });
});
