// scripts/reserve-port.js: a port named before its server starts must stay free until it listens.
import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isPortReserved, reservePort } from '../../scripts/reserve-port.js';

const ephemeralStart = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);

describe('reservePort', () => {
  it('gives ports below the ephemeral range, where no listen(0) or outgoing connection lands', async () => {
    const held = await reservePort();
    try {
      expect(held.port).toBeGreaterThanOrEqual(20_000);
      expect(held.port).toBeLessThan(ephemeralStart);
    } finally {
      await held.release();
    }
  });

  it('never gives a port that is held to a second reservation', async () => {
    const held = await Promise.all(Array.from({ length: 40 }, () => reservePort()));
    try {
      expect(new Set(held.map(({ port }) => port)).size).toBe(held.length);
    } finally {
      await Promise.all(held.map(({ release }) => release()));
    }
  });

  it('says a port is reserved while it is held, whether or not anything listens on it, and not once released', async () => {
    const held = await reservePort();
    await expect(isPortReserved(held.port)).resolves.toBe(true);
    await held.release();
    await expect(isPortReserved(held.port)).resolves.toBe(false);
  });

  it('loses a reservation whose lock was removed while held without throwing in the process that held it', async () => {
    const held = await reservePort();
    rmSync(path.join(os.tmpdir(), 'portal-reserved-ports', `${held.port}.lock`), { recursive: true, force: true });
    // The lock is looked at again 5 s after it was taken; an error thrown then fails this test.
    await new Promise((resolve) => setTimeout(resolve, 6_500));
    await expect(isPortReserved(held.port)).resolves.toBe(false);
    await expect(held.release()).resolves.toBeUndefined();
  });
});
