// `npm start` runs the emulator through deploy's startEmulatorProcess and prints what it found:
// the API, the mailbox and the emulator's console.
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { startEmulatorProcess, type EmulatorProcess } from '../deploy/src/emulator-process.js';

const REPO = path.resolve(__dirname, '..');

describe('the emulator as npm start runs it', () => {
  let emulator: EmulatorProcess;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(REPO, '.tmp', 'emulator-process-'));
    emulator = await startEmulatorProcess({ repoRoot: REPO, port: 0, mailPort: 0, dataDir });
  }, 180_000);

  afterAll(async () => {
    await emulator?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('reports the API, the mailbox and the console, each answering on loopback', async () => {
    expect(emulator.apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(emulator.mailUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(emulator.consoleUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/?$/);
    expect((await fetch(`${emulator.apiUrl}/auth/v1/health`)).status).toBe(200);
    // The console's own API (its page is built on first visit): signed out until the key is given.
    const session = await fetch(new URL('/api/session', emulator.consoleUrl!));
    expect({ status: session.status, body: await session.json() }).toEqual({ status: 200, body: { signedIn: false } });
  });
});
