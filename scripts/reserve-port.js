// A port for a server that must be named before it starts (a relying party's origin written into
// the emulator's config, a PostgreSQL server's -p). A port taken with listen(0) and closed again is
// in the kernel's ephemeral range, where every other listen(0) and every outgoing connection on the
// machine draws from too: seconds later it may be taken, and the server fails with EADDRINUSE.
// Ports below that range are handed out by no one, so one chosen there stays free until its server
// listens, as long as the processes that choose this way take turns: each holds a lock on its port
// (proper-lockfile, machine-wide) from choosing it until its server listens, then releases it.
import { mkdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';

const LOWEST = 20_000;
const LOCKS = path.join(os.tmpdir(), 'portal-reserved-ports');

/** The first port of the kernel's ephemeral range (32768 when it cannot be read). */
function ephemeralStart() {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    const value = Number(low);
    return Number.isInteger(value) && value > LOWEST + 1000 ? value : 32_768;
  } catch {
    return 32_768;
  }
}

/** Whether nothing listens on 127.0.0.1:port now. */
function canListen(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * A free port on 127.0.0.1 below the ephemeral range, held for this process until `release()`
 * (call it once the server listens, or if it never starts).
 * @returns {Promise<{ port: number, release: () => Promise<void> }>}
 */
export async function reservePort() {
  mkdirSync(LOCKS, { recursive: true });
  const high = ephemeralStart();
  const span = high - LOWEST;
  const first = LOWEST + Math.floor(Math.random() * span);
  for (let tried = 0; tried < span; tried += 1) {
    const port = LOWEST + ((first - LOWEST + tried) % span);
    let unlock;
    try {
      // A reservation can be lost while held (its lock removed by another process or a clean-up of
      // the temporary folder): the server keeps its port, and proper-lockfile's default would throw
      // from a timer, ending the test process that held it.
      unlock = await lockfile.lock(path.join(LOCKS, String(port)), { realpath: false, stale: 30_000, update: 5_000, onCompromised: () => undefined });
    } catch {
      continue; // another process holds it
    }
    if (await canListen(port)) return { port, release: () => unlock().catch(() => undefined) };
    await unlock();
  }
  throw new Error(`No free port on 127.0.0.1 between ${LOWEST} and ${high}.`);
}

/** Whether a process holds `port` through `reservePort()` now (stopped servers' ports included). */
export async function isPortReserved(port) {
  return lockfile.check(path.join(LOCKS, String(port)), { realpath: false, stale: 30_000 });
}
