// Starts a throwaway local PostgreSQL server (Debian's package) for the real-PostgreSQL
// variants of the emulator's suites, and prints its URL. Used by `npm test`; usable alone:
//   node scripts/test-postgres.js start   → prints TEST_DATABASE_URL=…
//   node scripts/test-postgres.js stop
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '.tmp', 'postgres');
const dataDir = path.join(root, 'data');

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

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
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

export async function startTestPostgres() {
  const bin = findPostgresBin();
  if (!bin) return { url: null, reason: 'no PostgreSQL server installed (apt-get install postgresql)' };
  stopTestPostgres();
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'postgres:postgres', root]);
  chmodSync(root, 0o700);
  run(bin, 'initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  run(bin, 'pg_ctl', [
    '-D', dataDir, '-w', '-l', path.join(root, 'server.log'),
    '-o', `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
    'start',
  ]);
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, reason: null };
}

export function stopTestPostgres() {
  const bin = findPostgresBin();
  if (!bin || !existsSync(path.join(dataDir, 'postmaster.pid'))) return;
  try {
    run(bin, 'pg_ctl', ['-D', dataDir, '-m', 'fast', 'stop']);
  } catch {
    // already stopped
  }
}

if (process.argv[1] === import.meta.filename) {
  if (process.argv[2] === 'stop') stopTestPostgres();
  else {
    const { url, reason } = await startTestPostgres();
    console.log(url ? `TEST_DATABASE_URL=${url}` : `No PostgreSQL: ${reason}`);
  }
}
