// A one-shot command on the database runs in a node without WebAssembly's optimising compiler
// (bin/one-shot.js): the command runs itself again with --liftoff-only, and ends as that run ends.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { oneShotNodeArgs } from './one-shot.js';

const REPO = path.resolve(__dirname, '..', '..');
const BIN = path.join(REPO, 'emulator', 'bin', 'portal-emulator.js');

describe('which commands run again with --liftoff-only', () => {
  it.each([
    [['migration', 'check', '--team', 'notes', '--team-migrations', 'supabase/migrations']],
    [['migration', 'up']],
    [['db', 'reset']],
    [['gen', 'types', 'typescript']],
    [['export', 'snapshot']],
  ])('%j does', (args) => {
    expect(oneShotNodeArgs(args, ['--enable-source-maps'])).toEqual(['--liftoff-only', '--enable-source-maps']);
  });

  it.each([[['start']], [['start', '--port', '0']], [['status']], [['migration', 'new', 'notes']], [['--help']], [[]]])('%j does not', (args) => {
    expect(oneShotNodeArgs(args, [])).toBeNull();
  });

  it('nor does a node that has the flag already', () => {
    expect(oneShotNodeArgs(['migration', 'check'], ['--liftoff-only'])).toBeNull();
  });
});

it('a migration check runs its database in a node with --liftoff-only, and exits with its code and words', async () => {
  const dir = mkdtempSync(path.join(REPO, '.tmp', 'one-shot-'));
  try {
    // Each node of the command writes down the flags it was started with.
    const log = path.join(dir, 'nodes.txt');
    writeFileSync(path.join(dir, 'record.cjs'), `require('node:fs').appendFileSync(${JSON.stringify(log)}, JSON.stringify(process.execArgv) + '\\n');\n`);
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = execFile(process.execPath, ['--require', path.join(dir, 'record.cjs'), BIN, 'migration', 'check', '--workdir', REPO], (_error, _stdout, stderr) => resolve({ code: child.exitCode, stderr }));
    });
    // Refused for want of a team: the second node's words and exit code reach the caller.
    expect(result.stderr).toContain('Name the team and its migrations');
    expect(result.code).toBe(1);
    const nodes = readFileSync(log, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as string[]);
    expect(nodes).toEqual([['--require', path.join(dir, 'record.cjs')], ['--liftoff-only', '--require', path.join(dir, 'record.cjs')]]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
