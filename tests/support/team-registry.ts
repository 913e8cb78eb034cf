// A throwaway npm registry for a team's repository made from the published packages
// (tests/team-repository.spec.ts, bench/create-to-live.ts): Verdaccio 6.8.0 on a free port of
// 127.0.0.1 with its storage in a folder of the caller's, the portal's packages released into it
// by `npm run release:packages`, every other package fetched from the npm registry; and commands
// run as a team runs them, with npm pointed at that registry alone.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';

export interface TeamRegistry {
  url: string;
  /** The environment a team's commands run in: npm pointed at this registry alone. */
  env: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

export interface Finished {
  code: number | null;
  output: string;
}

/** A free port of 127.0.0.1 (Verdaccio takes a port, not 0). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Each line `child` prints, to `onLine`; resolves with what `match` finds in one, rejects if it exits first. */
export function awaitLine<T>(child: ChildProcess, match: (line: string) => T | undefined, what: string): Promise<T> {
  const lines: string[] = [];
  return new Promise<T>((resolve, reject) => {
    for (const stream of [child.stdout, child.stderr]) {
      if (!stream) continue;
      createInterface({ input: stream }).on('line', (line) => {
        lines.push(line);
        const found = match(line);
        if (found !== undefined) resolve(found);
      });
    }
    child.once('exit', (code) => reject(new Error(`${what} exited (${code}):\n${lines.slice(-40).join('\n')}`)));
  });
}

/** Runs `command` through the shell, as a person types it, in `cwd`; its output, whatever its exit code. */
export function sh(command: string, cwd: string, env: NodeJS.ProcessEnv): Promise<Finished> {
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', command], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/**
 * Starts Verdaccio with its storage and configuration in `work`, and releases the packages of the
 * portal's repository at `repo` into it.
 */
export async function startTeamRegistry(work: string, repo: string): Promise<TeamRegistry> {
  const port = await freePort();
  const config = path.join(work, 'verdaccio.yaml');
  writeFileSync(
    config,
    [
      `storage: ${path.join(work, 'registry')}`,
      'uplinks:',
      `  npmjs: { url: ${JSON.stringify(process.env.PORTAL_UPSTREAM_REGISTRY ?? 'https://registry.npmjs.org/')} }`,
      'packages:',
      // The portal's packages only from what the release published here; everything else from the npm registry.
      "  '@portal/*': { access: $all, publish: $all }",
      "  '**': { access: $all, publish: $all, proxy: npmjs }",
      'log: { type: stdout, format: pretty, level: warn }',
      '',
    ].join('\n'),
  );
  const bin = path.join(path.dirname(createRequire(path.join(repo, 'package.json')).resolve('verdaccio/package.json')), 'bin', 'verdaccio');
  const verdaccio = spawn(process.execPath, [bin, '--config', config, '--listen', `127.0.0.1:${port}`], { stdio: ['ignore', 'pipe', 'pipe'] });
  const stop = async () => {
    if (verdaccio.exitCode !== null || verdaccio.signalCode !== null) return;
    const exited = new Promise((resolve) => verdaccio.once('exit', resolve));
    verdaccio.kill('SIGTERM');
    await exited;
  };
  try {
    // The line it prints once it listens.
    const url = await awaitLine(verdaccio, (line) => /http address - (http:\/\/\S+?)\/? -/.exec(line)?.[1], 'Verdaccio');
    // npm's own configuration for the team: this registry for every package, with a token
    // (Verdaccio here lets anyone publish, but npm sends nothing without one). The caller's other
    // npm_* settings stay out.
    const npmrc = path.join(work, '.npmrc');
    writeFileSync(npmrc, `registry=${url}/\n//${new URL(url).host}/:_authToken=team-repository\n`);
    // npm's cache for the team: this machine's downloads (`_cacache`, addressed by their content,
    // so safe to share), but an `_npx` folder of its own. npm runs again what `npm create`
    // installed once, as long as the package's range admits it, even after a newer release: here a
    // @portal/create-remote an earlier run installed, with the @portal/deploy of then, whose
    // template names package versions this registry does not have.
    const cache = path.join(work, 'npm-cache');
    mkdirSync(cache);
    const machineCache = execFileSync('npm', ['config', 'get', 'cache'], { encoding: 'utf8' }).trim();
    mkdirSync(path.join(machineCache, '_cacache'), { recursive: true });
    symlinkSync(path.join(machineCache, '_cacache'), path.join(cache, '_cacache'));
    const env = {
      ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key))),
      npm_config_userconfig: npmrc,
      npm_config_cache: cache,
      npm_config_registry: `${url}/`,
      npm_config_update_notifier: 'false',
      npm_config_fund: 'false',
      npm_config_audit: 'false',
    };
    const released = await sh(`node --import tsx scripts/release-packages.ts --registry ${url}`, repo, env);
    if (released.code !== 0) throw new Error(`The release failed:\n${released.output.slice(-4000)}`);
    return { url, env, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
