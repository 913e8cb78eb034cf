// The shell, unchanged, against a project that signs with asymmetric keys: the portal's own
// supabase/ folder with `[auth] signing_keys_path` added (an ES256 key as the Supabase CLI's
// `gen signing-key` writes it), the shell handed the ES256 anon key that project prints. A person
// signs in through the account remote in Chromium and the session the shell holds is ES256.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { decodeProtectedHeader } from 'jose';
import { cliSigningKey, signingKeysFile, type CliSigningKey } from '../emulator/test/signing-key-files.js';
import { launchBrowser, problems, type Browser, type TestPage } from './browser.js';
import { REPO, startTestPortal, type TestPortal } from './portal-harness.js';
import { pagePerTest } from './support/page-per-test.js';
import { newPerson } from './support/people.js';

jest.setTimeout(180_000);

let portal: TestPortal;
let browser: Browser;
let key: CliSigningKey;

/** What the emulator's start banner printed for a label. */
function printed(output: string[], label: string): string {
  const line = output.find((l) => l.trimStart().startsWith(`${label}: `));
  if (!line) throw new Error(`the emulator printed no "${label}"`);
  return line.trim().slice(label.length + 2);
}

beforeAll(async () => {
  key = await cliSigningKey('ES256');
  const config = readFileSync(path.join(REPO, 'supabase', 'config.toml'), 'utf8');
  if (!/^\[auth\]$/m.test(config)) throw new Error('supabase/config.toml has no [auth] table');
  portal = await startTestPortal({
    emulator: {
      configToml: config.replace(/^\[auth\]$/m, '[auth]\nsigning_keys_path = "./signing_keys.json"'),
      files: { 'signing_keys.json': signingKeysFile([key]) },
    },
    supabaseAnonKey: (emulator) => printed(emulator.output, 'anon key'),
  });
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const tab = pagePerTest(() => browser, { unexpectedConsole: problems });

it('signs in through the account remote and holds an ES256 session of the configured key', async () => {
  const anonKey = printed(portal.emulator.output, 'anon key');
  expect(decodeProtectedHeader(anonKey)).toMatchObject({ alg: 'ES256', kid: key.kid });
  const person = await newPerson(portal.emulator, 'signing-keys');
  const page: TestPage = await tab.open();
  const tokenAnswer = page.waitForResponse((response) => new URL(response.url()).pathname === '/auth/v1/token');
  await page.goto(`${portal.url}/account/sign-in`);
  const form = page.locator('form[aria-label="Sign in"]');
  await form.locator('input[name="email"]').fill(person.email);
  await form.locator('input[name="password"]').fill(person.password);
  await form.locator('button[type="submit"]').click();
  const answer = await tokenAnswer;
  expect(answer.status()).toBe(200);
  const session = (await answer.json()) as { access_token: string };
  await page.waitForURL('**/account');
  await expect(page.getByTestId('profile-email').textContent()).resolves.toBe(person.email);
  expect(decodeProtectedHeader(session.access_token)).toMatchObject({ alg: 'ES256', kid: key.kid });
});
