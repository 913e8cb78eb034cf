// Starts a throwaway local PostgreSQL server (Debian's package) for the real-PostgreSQL
// variants of the emulator's suites, and prints its URL. Used by `npm test`; usable alone:
//   node scripts/test-postgres.js start   → prints TEST_DATABASE_URL=…
//   node scripts/test-postgres.js stop
// Each user has a server and a folder of its own under .tmp/postgres/: a test run by its process
// id, the command line as `cli`. So a test run never stops another run's server, nor one started
// by hand for a benchmark; the servers of runs that died are stopped by the next start.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { reservePort } from './reserve-port.js';

const serversDir = path.resolve(import.meta.dirname, '..', '.tmp', 'postgres');
/** This process's server unless it names another owner. */
const OWN = `run-${process.pid}`;
const folderOf = (owner) => path.join(serversDir, owner);
const dataDirOf = (owner) => path.join(folderOf(owner), 'data');

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Stops and removes the servers of test runs whose process is gone (killed, or their machine restarted). */
function removeOrphans() {
  if (!existsSync(serversDir)) return;
  for (const owner of readdirSync(serversDir)) {
    const run = /^run-(\d+)$/.exec(owner);
    if (run && !isAlive(Number(run[1]))) stopTestPostgres(owner);
  }
}

export function findPostgresBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const bin = path.join(base, v, 'bin');
    if (existsSync(path.join(bin, 'initdb'))) return bin;
  }
  return null;
}

/** PostGIS for the server found (Debian's postgresql-postgis): the GeoJSON test needs it. */
export function hasPostgis() {
  const bin = findPostgresBin();
  if (!bin) return false;
  const version = path.basename(path.dirname(bin));
  return existsSync(path.join('/usr/share/postgresql', version, 'extension', 'postgis.control'));
}

/** Postgres refuses to run as root: run its tools as the `postgres` user then. */
function run(bin, tool, args) {
  const command = path.join(bin, tool);
  const asRoot = process.getuid?.() === 0;
  const result = asRoot
    ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' })
    : spawnSync(command, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${tool} failed: ${result.stderr || result.stdout}`);
  return result.stdout;
}

export async function startTestPostgres(owner = OWN) {
  const bin = findPostgresBin();
  if (!bin) return { url: null, reason: 'no PostgreSQL server installed (apt-get install postgresql)' };
  removeOrphans();
  stopTestPostgres(owner);
  const root = folderOf(owner);
  const dataDir = dataDirOf(owner);
  mkdirSync(root, { recursive: true });
  if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'postgres:postgres', root]);
  chmodSync(root, 0o700);
  run(bin, 'initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  // Held until the server listens on it.
  const { port, release } = await reservePort();
  try {
    run(bin, 'pg_ctl', [
      '-D', dataDir, '-w', '-l', path.join(root, 'server.log'),
      '-o', `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
      'start',
    ]);
  } finally {
    await release();
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, reason: null };
}

/** Stops the owner's server, if it runs, and removes its folder (an initdb is ~40 MB). */
export function stopTestPostgres(owner = OWN) {
  const bin = findPostgresBin();
  const dataDir = dataDirOf(owner);
  if (bin && existsSync(path.join(dataDir, 'postmaster.pid'))) {
    try {
      run(bin, 'pg_ctl', ['-D', dataDir, '-m', 'fast', 'stop']);
    } catch {
      // already stopped
    }
  }
  rmSync(folderOf(owner), { recursive: true, force: true });
}

if (process.argv[1] === import.meta.filename) {
  if (process.argv[2] === 'stop') stopTestPostgres('cli');
  else {
    const { url, reason } = await startTestPostgres('cli');
    console.log(url ? `TEST_DATABASE_URL=${url}` : `No PostgreSQL: ${reason}`);
  }
}
