import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ephemeralPortRange, reservablePorts, reservePorts, type PortReservation } from './port-reservations.js';

let dir: string;
const held: PortReservation[] = [];

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'port-reservations-test-'));
});

afterEach(async () => {
  await Promise.all(held.splice(0).map((reservation) => reservation.release()));
  rmSync(dir, { recursive: true, force: true });
});

/** A port nothing listens on now: one the system hands out, given back at once. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Candidates in this order, then the last one again and again. */
function inOrder(...ports: number[]): () => number {
  let next = 0;
  return () => ports[Math.min(next++, ports.length - 1)]!;
}

async function reserve(count: number, candidates: () => number): Promise<PortReservation> {
  const reservation = await reservePorts(count, { dir, candidates });
  held.push(reservation);
  return reservation;
}

describe('the pool', () => {
  it('reads the system ephemeral range, and falls back to the IANA range where there is none', () => {
    const file = path.join(dir, 'ip_local_port_range');
    writeFileSync(file, '32768\t60999\n');
    expect(ephemeralPortRange(file)).toEqual({ low: 32768, high: 60999 });
    expect(ephemeralPortRange(path.join(dir, 'missing'))).toEqual({ low: 49152, high: 65535 });
  });

  it('lies below the ephemeral range, above it when there is no room below, and says so when neither has room', () => {
    expect(reservablePorts({ low: 32768, high: 60999 })).toEqual({ low: 24768, high: 32767 });
    expect(reservablePorts({ low: 5000, high: 40000 })).toEqual({ low: 40001, high: 48000 });
    expect(() => reservablePorts({ low: 2000, high: 64000 })).toThrow(/leaves no 8000 ports for test emulators/);
  });
});

describe('reservePorts', () => {
  it('never gives a held port to another reservation, and gives it again once released', async () => {
    const [a, b, c] = [await freePort(), await freePort(), await freePort()];
    const first = await reserve(2, inOrder(a, b));
    expect(first.ports).toEqual([a, b]);
    const second = await reserve(1, inOrder(a, b, c));
    expect(second.ports).toEqual([c]);
    await first.release();
    const third = await reserve(1, inOrder(a));
    expect(third.ports).toEqual([a]);
  });

  it('skips a port something already listens on', async () => {
    const listener: Server = createServer();
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    try {
      const taken = (listener.address() as { port: number }).port;
      const free = await freePort();
      expect((await reserve(1, inOrder(taken, free))).ports).toEqual([free]);
    } finally {
      await new Promise((resolve) => listener.close(resolve));
    }
  });

  it('takes over the reservation of a process that died, and leaves a live one alone', async () => {
    const [dead, live, free] = [await freePort(), await freePort(), await freePort()];
    const longAgo = new Date(Date.now() - 5 * 60_000);
    mkdirSync(path.join(dir, `${dead}.lock`));
    utimesSync(path.join(dir, `${dead}.lock`), longAgo, longAgo);
    mkdirSync(path.join(dir, `${live}.lock`));
    expect((await reserve(2, inOrder(live, dead, free))).ports).toEqual([dead, free]);
  });

  it('clears away the reservations of dead processes, whatever ports it draws', async () => {
    const [dead, free] = [await freePort(), await freePort()];
    const longAgo = new Date(Date.now() - 5 * 60_000);
    mkdirSync(path.join(dir, `${dead}.lock`));
    utimesSync(path.join(dir, `${dead}.lock`), longAgo, longAgo);
    await reserve(1, inOrder(free));
    expect(existsSync(path.join(dir, `${dead}.lock`))).toBe(false);
  });

  it('gives up with a clear error when no port can be had, holding none', async () => {
    const port = await freePort();
    await reserve(1, inOrder(port));
    const other = await freePort();
    await expect(reservePorts(2, { dir, candidates: inOrder(other, port) })).rejects.toThrow(
      'Could not reserve 2 free ports for a test emulator in 200 tries.',
    );
    // The port it had drawn first was given back.
    expect((await reserve(1, inOrder(other))).ports).toEqual([other]);
  });
});
