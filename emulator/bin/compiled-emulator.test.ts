// The compiled emulator is rebuilt exactly when one of its source files changed, and a build runs
// as its sources would: each source still finds the files beside it through import.meta.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { compiledEmulator } from './compiled-emulator.js';

const REPO = path.resolve(__dirname, '..', '..');

let root: string;
let options: { root: string; entry: string; outDir: string };

beforeEach(() => {
  mkdirSync(path.join(REPO, '.tmp'), { recursive: true });
  root = mkdtempSync(path.join(REPO, '.tmp', 'compiled-emulator-'));
  mkdirSync(path.join(root, 'src', 'db'), { recursive: true });
  writeFileSync(
    path.join(root, 'src', 'cli.ts'),
    [
      "import { banner, here, schema } from './db/schema.js';",
      'const who: string = schema();',
      'console.log(who);',
      'console.log(here);',
      'console.log(banner);',
      "if (process.argv[2] === 'later') console.log((await import('./later.js')).later);",
      '',
    ].join('\n'),
  );
  writeFileSync(
    path.join(root, 'src', 'db', 'schema.ts'),
    [
      "import { readFileSync } from 'node:fs';",
      "export const schema = (): string => readFileSync(new URL('./roles.sql', import.meta.url), 'utf8').trim();",
      'export const here: string = import.meta.dirname;',
      // Code written for another bundle mentions import.meta as text: it stays as written.
      "export const banner = 'const require = createRequire(import.meta.url);';",
      '',
    ].join('\n'),
  );
  writeFileSync(path.join(root, 'src', 'db', 'roles.sql'), 'create role anon;\n');
  writeFileSync(path.join(root, 'src', 'later.ts'), "export const later = 'loaded on demand';\n");
  options = { root, entry: path.join(root, 'src', 'cli.ts'), outDir: path.join(root, 'dist', 'cli') };
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const runCompiled = (file: string, ...args: string[]) => execFileSync(process.execPath, [file, ...args], { encoding: 'utf8' });

describe('compiledEmulator', () => {
  it('runs each source with its own import.meta, leaving text about import.meta alone', async () => {
    const { file } = await compiledEmulator(options);
    expect(file.startsWith(path.join(root, 'dist', 'cli'))).toBe(true);
    expect(runCompiled(file)).toBe(
      `create role anon;\n${path.join(root, 'src', 'db')}\nconst require = createRequire(import.meta.url);\n`,
    );
    expect(readFileSync(file, 'utf8')).toContain(JSON.stringify(pathToFileURL(path.join(root, 'src', 'db', 'schema.ts')).href));
  });

  it('builds once, reuses the build while the sources are unchanged, and rebuilds when one changes', async () => {
    const first = await compiledEmulator(options);
    expect(first.built).toBe(true);
    expect(await compiledEmulator(options)).toEqual({ file: first.file, built: false });

    writeFileSync(
      path.join(root, 'src', 'db', 'schema.ts'),
      "export const schema = (): string => 'changed';\nexport const here = 'here';\nexport const banner = '';\n",
    );
    const second = await compiledEmulator(options);
    expect(second.built).toBe(true);
    expect(second.file).not.toBe(first.file);
    expect(runCompiled(second.file)).toBe('changed\nhere\n\n');
  });

  it('keeps a module loaded on demand out of the entry, and rebuilds when it changes', async () => {
    const first = await compiledEmulator(options);
    expect(readFileSync(first.file, 'utf8')).not.toContain('loaded on demand');
    expect(runCompiled(first.file, 'later')).toContain('loaded on demand\n');

    writeFileSync(path.join(root, 'src', 'later.ts'), "export const later = 'changed later';\n");
    const second = await compiledEmulator(options);
    expect(second.built).toBe(true);
    expect(runCompiled(second.file, 'later')).toContain('changed later\n');
  });

  it('gives processes that build at once the same working build', async () => {
    const builds = await Promise.all([compiledEmulator(options), compiledEmulator(options), compiledEmulator(options)]);
    expect(new Set(builds.map((b) => b.file)).size).toBe(1);
    expect(runCompiled(builds[0]!.file)).toContain('create role anon;\n');
  });
});
