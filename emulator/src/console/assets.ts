// Where the console's built files come from: the browser app in emulator/console-app/, built
// with rspack the first time the console is opened, into
// node_modules/.cache/portal-console/<hash of its sources>, and reused by every later start
// until a source changes. No build step before `npm start` or `npm test`; the API starts as fast
// as without a console.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const emulatorDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const consoleDir = path.join(emulatorDir, 'console-app');
/**
 * The design system the console is built with: its sources in the portal's workspace, its
 * compiled files where the emulator is installed from the registry.
 */
function uiDir(): string {
  const ui = path.dirname(createRequire(path.join(emulatorDir, 'package.json')).resolve('@portal/ui/package.json'));
  return existsSync(path.join(ui, 'src')) ? path.join(ui, 'src') : path.join(ui, 'dist');
}
const cacheRoot = path.join(emulatorDir, 'node_modules', '.cache', 'portal-console');

function sourceHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (!/\.test\.tsx?$/.test(entry.name)) hash.update(path.relative(emulatorDir, file)).update(readFileSync(file));
    }
  };
  walk(consoleDir);
  walk(uiDir());
  return hash.digest('hex').slice(0, 16);
}

function runBuild(out: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(consoleDir, 'build.ts'), out], {
      cwd: emulatorDir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`building the console failed (exit ${code}):\n${output}`))));
  });
}

let building: Promise<string> | null = null;

/** The folder holding the console's index.html and scripts; builds it when missing. */
export function consoleAssets(): Promise<string> {
  building ??= (async () => {
    const dir = path.join(cacheRoot, sourceHash());
    if (existsSync(path.join(dir, 'index.html'))) return dir;
    mkdirSync(cacheRoot, { recursive: true });
    const scratch = mkdtempSync(path.join(cacheRoot, 'building-'));
    try {
      await runBuild(scratch);
      try {
        renameSync(scratch, dir);
      } catch (error) {
        // Another emulator finished the same build first: theirs is as good.
        if (!existsSync(path.join(dir, 'index.html'))) throw error;
      }
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
    return dir;
  })().catch((error: unknown) => {
    building = null;
    throw error;
  });
  return building;
}
