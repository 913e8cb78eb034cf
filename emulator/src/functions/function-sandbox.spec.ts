// What a function may touch, against a real emulator process: its own folder (read-only) and
// its temp directory, no other files, no processes, a bounded amount of memory; and whatever
// it tries, the emulator keeps serving other functions and its own memory stays put.
import { readdirSync, readFileSync } from 'node:fs';
import { FunctionsHttpError, FunctionsRelayError } from '@supabase/supabase-js';
import { startTestEmulator, type TestEmulator } from '../../test/harness.js';

// Generous: the memory-hungry functions below must reach their limit before the wall clock.
const TIMEOUT_MS = 20_000;

/** Runs `attempt` inside the function and answers `{ ok, value }` or the error it raised. */
const PROBE_HANDLER = `
  export const probe = (attempt: (op: string, params: URLSearchParams) => unknown) =>
    Deno.serve(async (req: Request) => {
      const params = new URL(req.url).searchParams;
      try {
        return Response.json({ ok: true, value: await attempt(params.get('op')!, params) });
      } catch (error) {
        const e = error as Error & { code?: string };
        return Response.json({ ok: false, name: e.name, code: e.code ?? null, message: e.message });
      }
    });`;

const FIXTURES: Record<string, string> = {
  'functions/_shared/probe.ts': PROBE_HANDLER,
  'functions/files/data.txt': 'bundled with the function',
  'functions/files/index.ts': `
    import { probe } from '../_shared/probe.ts';
    import fs from 'node:fs';
    const ops: Record<string, () => unknown> = {
      readOwn: () => Deno.readTextFile('./data.txt'),
      readConfig: () => Deno.readTextFile('../../config.toml'),
      writeOwnFolder: () => Deno.writeTextFile('./added.txt', 'x'),
      writeProject: () => Deno.writeTextFile('../../escaped.txt', 'x'),
      writeTempDir: async () => {
        const dir = await Deno.makeTempDir({ prefix: 'work-' });
        await Deno.writeTextFile(dir + '/note.txt', 'kept in temp');
        return Deno.readTextFile(dir + '/note.txt');
      },
      writeSlashTmp: async () => {
        await Deno.writeTextFile('/tmp/slash-tmp.txt', 'in /tmp');
        return Deno.readTextFile('/tmp/slash-tmp.txt');
      },
      nodeFsRead: () => fs.readFileSync('../../config.toml', 'utf8'),
      requireFsRead: () => require('fs').readFileSync('/etc/hostname', 'utf8'),
      dynamicImportRead: async () =>
        (await import('node:fs/promises')).readFile(Deno.cwd() + '/../../config.toml', 'utf8'),
      nodeFsWrite: () => fs.writeFileSync(Deno.cwd() + '/../../escaped.txt', 'x'),
      processBinding: () => (process as unknown as { binding(n: string): unknown }).binding('fs'),
    };
    probe((op) => ops[op]());`,
  'functions/spawn/index.ts': `
    import { probe } from '../_shared/probe.ts';
    import { execSync, ChildProcess } from 'node:child_process';
    import { setPriority } from 'node:os';
    const ops: Record<string, (pid: number) => unknown> = {
      denoCommand: () => new Deno.Command('ls'),
      execSync: () => String(execSync('id')),
      requireExec: () => String(require('child_process').execFileSync('/bin/sh', ['-c', 'id'])),
      worker: () => new (require('node:worker_threads').Worker)('1', { eval: true }),
      // An unspawned ChildProcess signals pid 0: its whole process group.
      groupKill: () => (new ChildProcess() as unknown as { _handle: { kill(s: number): number } })._handle.kill(15),
      killEmulator: (pid) => process.kill(pid, 'SIGKILL'),
      reniceEmulator: (pid) => setPriority(pid, 19),
      debugEmulator: (pid) => (process as unknown as { _debugProcess(pid: number): void })._debugProcess(pid),
    };
    probe((op, params) => ops[op](Number(params.get('emulator'))));`,
  // Bound when the module was linked, before the runtime took process.kill away; signal 0
  // only asks whether the emulator's process exists.
  'functions/imported-kill/index.ts': `
    import { kill } from 'node:process';
    let outcome: string;
    try {
      kill(process.ppid, 0);
      outcome = 'reached the emulator';
    } catch (error) {
      outcome = (error as { code?: string }).code ?? String(error);
    }
    Deno.serve(() => new Response(outcome));`,
  'functions/suicide/index.ts': `Deno.serve(() => { process.kill(process.pid, 'SIGKILL'); return new Response('still alive'); });`,
  'functions/exits/index.ts': `Deno.serve(() => { process.exit(3); });`,
  // Memory outside the JavaScript heap: buffers and array buffers, 1 GB in all, filled.
  'functions/buffers/index.ts': `
    Deno.serve(() => {
      const kept: Uint8Array[] = [];
      for (let i = 0; i < 512; i += 1) kept.push(Buffer.alloc(1 << 20, 1), new Uint8Array(1 << 20).fill(1));
      return new Response('kept ' + kept.length + ' MiB');
    });`,
  'functions/heap/index.ts': `
    Deno.serve(() => {
      const kept: string[][] = [];
      for (;;) kept.push(Array.from({ length: 1000 }, (_, i) => 'entry ' + i + ' ' + kept.length));
    });`,
  'functions/public/index.ts': `Deno.serve(() => new Response('public'));`,
};

const CONFIG = `
[functions.public]
verify_jwt = false
`;

/** The emulator's own process: the one started on this test's project folder. */
function emulatorPid(workdir: string): number {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (args.includes('start') && args.includes(workdir)) return Number(entry);
    } catch {
      // The process ended while we looked.
    }
  }
  throw new Error(`no emulator process runs on ${workdir}`);
}

function residentMb(pid: number): number {
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

interface ProbeAnswer {
  ok: boolean;
  value?: unknown;
  name?: string;
  code?: string | null;
  message?: string;
}

describe('function sandbox', () => {
  let emulator: TestEmulator;
  let starting: Promise<TestEmulator> | undefined;

  beforeAll(async () => {
    starting = startTestEmulator({
      configToml: CONFIG,
      files: FIXTURES,
      env: { PORTAL_FUNCTION_TIMEOUT_MS: String(TIMEOUT_MS) },
    });
    emulator = await starting;
  }, 180_000);

  afterAll(async () => {
    await (await starting?.catch(() => undefined))?.stop();
  }, 180_000);

  const probe = async (fn: string, op: string): Promise<ProbeAnswer> => {
    const emulatorParam = `emulator=${emulatorPid(emulator.workdir)}`;
    const { data, error } = await emulator
      .client()
      .functions.invoke(`${fn}?op=${op}&${emulatorParam}`, { method: 'GET' });
    expect(error).toBeNull();
    return data as ProbeAnswer;
  };

  const stillServing = async () => {
    const { data, error } = await emulator.client().functions.invoke('public', { method: 'GET' });
    expect(error).toBeNull();
    expect(data).toBe('public');
  };

  describe('files', () => {
    it("reads the function's own files", async () => {
      expect(await probe('files', 'readOwn')).toEqual({
        ok: true,
        value: 'bundled with the function',
      });
    });

    it('refuses to read the project outside the function folder, naming the path', async () => {
      const answer = await probe('files', 'readConfig');
      expect(answer).toMatchObject({ ok: false, name: 'PermissionDenied' });
      expect(answer.message).toMatch(/^Requires read access to ".*\/supabase\/config\.toml"/);
    });

    it.each(['writeOwnFolder', 'writeProject'])(
      'refuses writes outside the temp directory (%s)',
      async (op) => {
        const answer = await probe('files', op);
        expect(answer).toMatchObject({ ok: false, name: 'PermissionDenied' });
        expect(answer.message).toMatch(/^Requires write access to "/);
      },
    );

    it('writes and reads back in Deno.makeTempDir() and /tmp', async () => {
      expect(await probe('files', 'writeTempDir')).toEqual({ ok: true, value: 'kept in temp' });
      expect(await probe('files', 'writeSlashTmp')).toEqual({ ok: true, value: 'in /tmp' });
    });

    it.each(['nodeFsRead', 'requireFsRead', 'dynamicImportRead', 'nodeFsWrite', 'processBinding'])(
      'refuses the same through Node (%s)',
      async (op) => {
        expect(await probe('files', op)).toMatchObject({ ok: false, code: 'ERR_ACCESS_DENIED' });
      },
    );
  });

  describe('processes', () => {
    it('refuses Deno.Command with PermissionDenied', async () => {
      const answer = await probe('spawn', 'denoCommand');
      expect(answer).toMatchObject({ ok: false, name: 'PermissionDenied' });
      expect(answer.message).toMatch(/^Requires run access to "ls"/);
    });

    it.each([
      'execSync',
      'requireExec',
      'worker',
      'groupKill',
      'killEmulator',
      'reniceEmulator',
      'debugEmulator',
    ])('refuses %s, and the emulator keeps serving', async (op) => {
      expect(await probe('spawn', op)).toMatchObject({ ok: false, code: 'ERR_ACCESS_DENIED' });
      await stillServing();
    });

    it('refuses process.kill imported as a named export of node:process', async () => {
      const { data, error } = await emulator.client().functions.invoke('imported-kill');
      expect(error).toBeNull();
      expect(data).toBe('ERR_ACCESS_DENIED');
    });

    it('refuses process.kill of its own process: the handler fails, the emulator serves on', async () => {
      const { error, response } = await emulator.client().functions.invoke('suicide');
      expect(error).toBeInstanceOf(FunctionsHttpError);
      expect(response?.status).toBe(500);
      expect(emulator.output.join('\n')).toMatch(
        /\[functions\/suicide\].*PermissionDenied: process\.kill is not allowed/,
      );
      await stillServing();
    });

    it("ends only the function's own process on process.exit", async () => {
      const { error, response } = await emulator.client().functions.invoke('exits');
      expect(error).toBeInstanceOf(FunctionsRelayError);
      expect(response?.status).toBe(500);
      await stillServing();
    });
  });

  describe('memory', () => {
    it.each(['buffers', 'heap'])(
      'answers 546 WORKER_LIMIT when a function fills its memory (%s), and keeps the emulator small',
      async (name) => {
        const pid = emulatorPid(emulator.workdir);
        const before = residentMb(pid);
        const { error, response } = await emulator.client().functions.invoke(name);
        expect(error).toBeInstanceOf(FunctionsRelayError);
        expect(response?.status).toBe(546);
        expect(await (error as FunctionsRelayError).context.json()).toEqual({
          code: 'WORKER_LIMIT',
          message: 'Function failed due to not having enough compute resources (please check logs)',
        });
        expect(residentMb(pid) - before).toBeLessThan(100);
        await stillServing();
      },
      TIMEOUT_MS + 10_000,
    );
  });
});
