// The emulator starts from its compiled build: through tsx, every module (node_modules included)
// went through tsx's module hooks on a second thread, about a second of each start.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startTestEmulator } from '../emulator/test/harness.js';

const REPO = path.resolve(__dirname, '..');

describe('portal-emulator start-up', () => {
  it('runs compiled: no TypeScript source and no tsx is loaded', async () => {
    const emulator = await startTestEmulator({
      env: {
        MODULE_LOAD_LOG: path.join(REPO, '.tmp', `emulator-module-loads-${process.pid}.log`),
        NODE_OPTIONS: `--import ${pathToFileURL(path.join(REPO, 'tests', 'support', 'module-load-log.mjs')).href}`,
      },
    });
    try {
      const health = await fetch(`${emulator.apiUrl}/auth/v1/health`);
      expect(health.status).toBe(200);
      const loaded = readFileSync(path.join(REPO, '.tmp', `emulator-module-loads-${process.pid}.log`), 'utf8').split('\n');
      expect(loaded).toContainEqual(expect.stringMatching(/\/emulator\/dist\/cli\/[0-9a-f]+\/portal-emulator\.mjs$/));
      expect(loaded.filter((url) => /\/node_modules\/tsx\//.test(url) || url.endsWith('.ts'))).toEqual([]);
    } finally {
      await emulator.stop();
    }
  }, 150_000);
});
