import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDenoGlobal } from './deno-global.js';

describe('Deno global: temp files', () => {
  let root: string;
  let tempDir: string;
  let functionDir: string;
  let deno: ReturnType<typeof createDenoGlobal>;

  beforeEach(() => {
    // Under the system /tmp, as when the emulator's data directory is there.
    root = mkdtempSync(path.join(tmpdir(), 'deno-global-'));
    tempDir = path.join(root, 'function-tmp');
    mkdirSync(tempDir);
    functionDir = path.join(root, 'project', 'supabase', 'functions', 'fn');
    mkdirSync(functionDir, { recursive: true });
    deno = createDenoGlobal({ functionDir, tempDir, onServe: () => undefined });
  });

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('writes and reads back in a folder from Deno.makeTempDir, wherever the temp directory lies', async () => {
    const dir = await deno.makeTempDir({ prefix: 'work-' });
    expect(path.dirname(dir)).toBe(tempDir);
    await deno.writeTextFile(path.join(dir, 'note.txt'), 'kept');
    expect(await deno.readTextFile(path.join(dir, 'note.txt'))).toBe('kept');
  });

  it('puts /tmp paths in the temp directory', async () => {
    await deno.writeTextFile('/tmp/from-function.txt', 'in tmp');
    expect(readFileSync(path.join(tempDir, 'from-function.txt'), 'utf8')).toBe('in tmp');
  });

  it('keeps the paths of a project that itself lies under /tmp (a checkout there)', async () => {
    await deno.writeTextFile('data.txt', 'beside the function');
    expect(readFileSync(path.join(functionDir, 'data.txt'), 'utf8')).toBe('beside the function');
    expect(await deno.readTextFile(path.join(functionDir, 'data.txt'))).toBe('beside the function');
  });

  it('refuses Deno.Command as the edge runtime does', () => {
    expect(() => new deno.Command('ls')).toThrow(deno.errors.PermissionDenied);
  });
});
