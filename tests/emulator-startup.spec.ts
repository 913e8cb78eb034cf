// The emulator starts from its compiled build: through tsx, every module (node_modules included)
// went through tsx's module hooks on a second thread, about a second of each start. Packages one
// feature needs (passkeys, SSO, image renditions, resumable uploads, TOTP, Web3 sign-in) load on
// that feature's first use, not at start.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startTestEmulator, type TestEmulator } from '../emulator/test/harness.js';

const REPO = path.resolve(__dirname, '..');
const MODULE_LOAD_LOG = path.join(REPO, '.tmp', `emulator-module-loads-${process.pid}.log`);

const FIRST_USE_PACKAGES = [
  '@simplewebauthn/server',
  'sharp',
  '@node-saml/node-saml',
  'xml-crypto',
  '@xmldom/xmldom',
  'node-forge',
  '@tus/server',
  'qrcode',
  '@noble/curves',
  '@noble/hashes',
];

describe('portal-emulator start-up', () => {
  let emulator: TestEmulator;
  let loaded: string[];

  beforeAll(async () => {
    emulator = await startTestEmulator({
      env: {
        MODULE_LOAD_LOG,
        NODE_OPTIONS: `--import ${pathToFileURL(path.join(REPO, 'tests', 'support', 'module-load-log.mjs')).href}`,
      },
    });
    const health = await fetch(`${emulator.apiUrl}/auth/v1/health`);
    expect(health.status).toBe(200);
    loaded = readFileSync(MODULE_LOAD_LOG, 'utf8').split('\n');
  }, 150_000);

  afterAll(async () => {
    await emulator?.stop();
  });

  it('runs compiled: no TypeScript source and no tsx is loaded', () => {
    expect(loaded).toContainEqual(expect.stringMatching(/\/emulator\/dist\/cli\/[0-9a-f]+\/portal-emulator\.mjs$/));
    expect(loaded.filter((url) => /\/node_modules\/tsx\//.test(url) || url.endsWith('.ts'))).toEqual([]);
  });

  it('loads no package that only one feature needs before that feature is used', () => {
    const packagesLoaded = FIRST_USE_PACKAGES.filter((name) =>
      loaded.some((url) => url.includes(`/node_modules/${name}/`)),
    );
    expect(packagesLoaded).toEqual([]);
  });
});
