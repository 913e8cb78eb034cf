// The compiled CLI is rebuilt exactly when one of its source files changed, and a build runs as
// its sources would.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { compiledCli } from './compiled-cli.js';

const REPO = path.resolve(__dirname, '..', '..');

let root: string;
let options: { root: string; entry: string; outDir: string };

beforeEach(() => {
  mkdirSync(path.join(REPO, '.tmp'), { recursive: true });
  root = mkdtempSync(path.join(REPO, '.tmp', 'compiled-cli-'));
  mkdirSync(path.join(root, 'src'));
  writeFileSync(path.join(root, 'src', 'cli.ts'), "import { greeting } from './greeting.js';\nconst who: string = 'Ada';\nconsole.log(greeting(who));\nif (process.argv[2] === 'later') console.log((await import('./later.js')).later);\n");
  writeFileSync(path.join(root, 'src', 'greeting.ts'), 'export const greeting = (name: string): string => `Hello ${name}`;\n');
  writeFileSync(path.join(root, 'src', 'later.ts'), "export const later = 'loaded on demand';\n");
  options = { root, entry: path.join(root, 'src', 'cli.ts'), outDir: path.join(root, 'dist', 'cli') };
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const runCompiled = (file: string, ...args: string[]) => execFileSync(process.execPath, [file, ...args], { encoding: 'utf8' });

describe('compiledCli', () => {
  it('builds once, reuses the build while the sources are unchanged, and rebuilds when one changes', async () => {
    const first = await compiledCli(options);
    expect(first.built).toBe(true);
    expect(runCompiled(first.file)).toBe('Hello Ada\n');

    expect(await compiledCli(options)).toEqual({ file: first.file, built: false });

    writeFileSync(path.join(root, 'src', 'greeting.ts'), 'export const greeting = (name: string): string => `Hi ${name}`;\n');
    const second = await compiledCli(options);
    expect(second.built).toBe(true);
    expect(second.file).not.toBe(first.file);
    expect(runCompiled(second.file)).toBe('Hi Ada\n');
  });

  it('rebuilds when a module only loaded on demand changes, and keeps it out of the entry', async () => {
    const first = await compiledCli(options);
    expect(readFileSync(first.file, 'utf8')).not.toContain('loaded on demand');
    expect(runCompiled(first.file, 'later')).toBe('Hello Ada\nloaded on demand\n');

    writeFileSync(path.join(root, 'src', 'later.ts'), "export const later = 'changed';\n");
    const second = await compiledCli(options);
    expect(second.built).toBe(true);
    expect(runCompiled(second.file, 'later')).toBe('Hello Ada\nchanged\n');
  });

  it('gives processes that build at once the same working build', async () => {
    const builds = await Promise.all([compiledCli(options), compiledCli(options), compiledCli(options)]);
    expect(new Set(builds.map((b) => b.file)).size).toBe(1);
    expect(runCompiled(builds[0]!.file)).toBe('Hello Ada\n');
    expect(await compiledCli(options)).toEqual({ file: builds[0]!.file, built: false });
  });
});
