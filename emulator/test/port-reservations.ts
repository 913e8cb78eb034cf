// Ports a test emulator keeps across a restart. An emulator started on port 0 gets one of the
// operating system's ephemeral ports; stopped, that port is free, and any process on the machine
// that asks for a free port (another test's emulator, a browser, a server) may be given it before
// the emulator starts again on it. So test emulators listen on ports below the ephemeral range,
// which the system hands to nobody, and each port is reserved for one test process at a time by a
// lock in the machine's temporary folder, which every checkout and parallel run shares.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { removeDeadHoldersLock, takeFolderLock } from './folder-lock.js';

const RESERVATIONS_DIR = path.join(os.tmpdir(), 'portal-test-ports');
/** A reservation whose holder stopped refreshing it this long ago is taken for a dead process's. */
const RESERVATION_STALE_MS = 60_000;
/** How many ports below the ephemeral range test emulators draw from. */
const POOL_SIZE = 8_000;
const LOWEST_PORT = 1_024;

/** The ports the system hands out for `listen(0)` and outgoing connections (Linux, else IANA's). */
export function ephemeralPortRange(rangeFile = '/proc/sys/net/ipv4/ip_local_port_range'): { low: number; high: number } {
  try {
    const [low, high] = readFileSync(rangeFile, 'utf8').trim().split(/\s+/).map(Number);
    if (Number.isInteger(low) && Number.isInteger(high) && low! <= high!) return { low: low!, high: high! };
  } catch {
    // Not Linux: the IANA range, which macOS and Windows use.
  }
  return { low: 49_152, high: 65_535 };
}

/** The ports reservations draw from: below the ephemeral range, or above it if there is no room below. */
export function reservablePorts(range = ephemeralPortRange()): { low: number; high: number } {
  if (range.low - LOWEST_PORT >= POOL_SIZE) return { low: range.low - POOL_SIZE, high: range.low - 1 };
  if (65_535 - range.high >= POOL_SIZE) return { low: range.high + 1, high: range.high + POOL_SIZE };
  throw new Error(
    `The ephemeral port range ${range.low}-${range.high} leaves no ${POOL_SIZE} ports for test emulators; narrow it (sysctl net.ipv4.ip_local_port_range).`,
  );
}

export interface PortReservation {
  ports: number[];
  /** Gives the ports back; call it once their emulator has stopped for good. */
  release(): Promise<void>;
}

/** Whether a port can be listened on now. */
function canListen(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

async function reserveOne(candidate: number, host: string, dir: string): Promise<(() => Promise<void>) | null> {
  let release: () => Promise<void>;
  try {
    release = await takeFolderLock(path.join(dir, String(candidate)), {
      staleMs: RESERVATION_STALE_MS,
      waitMs: 0,
      // Lost only if this process could not refresh it for a minute; the emulator still holds the
      // port while it runs, and a restart finding it taken says so.
      onCompromised: () => undefined,
    });
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ELOCKED') return null;
    throw error;
  }
  // Held by no test process, but a process outside them (a developer's server) may listen on it.
  if (await canListen(candidate, host)) return release;
  await release();
  return null;
}

export interface ReserveOptions {
  /** Where the ports will be listened on. */
  host?: string;
  /** Draws the next port to try: random within `reservablePorts()` unless given. */
  candidates?: () => number;
  /** The folder of reservations: the machine's, shared by every test process, unless given. */
  dir?: string;
}

/** Reserves `count` ports that no other test process is given and that nothing listens on now. */
export async function reservePorts(
  count: number,
  { host = '127.0.0.1', candidates, dir = RESERVATIONS_DIR }: ReserveOptions = {},
): Promise<PortReservation> {
  mkdirSync(dir, { recursive: true });
  // Reservations of processes killed outright (a jest worker's end) would pile up otherwise.
  for (const name of readdirSync(dir)) {
    if (name.endsWith('.lock')) removeDeadHoldersLock(path.join(dir, name), RESERVATION_STALE_MS);
  }
  const pool = candidates ? null : reservablePorts();
  const next = candidates ?? (() => pool!.low + Math.floor(Math.random() * (pool!.high - pool!.low + 1)));
  const held: { port: number; release: () => Promise<void> }[] = [];
  const release = async () => {
    await Promise.all(held.splice(0).map((reservation) => reservation.release()));
  };
  try {
    for (let attempt = 0; held.length < count; attempt += 1) {
      if (attempt >= 200) throw new Error(`Could not reserve ${count} free ports for a test emulator in 200 tries.`);
      const port = next();
      if (held.some((reservation) => reservation.port === port)) continue;
      const releaseOne = await reserveOne(port, host, dir);
      if (releaseOne) held.push({ port, release: releaseOne });
    }
  } catch (error) {
    await release();
    throw error;
  }
  return { ports: held.map((reservation) => reservation.port), release };
}
