// Passkeys and wallets on the account remote, in Chromium: a passkey registered on the Security
// page in the virtual authenticator (CDP WebAuthn, a platform authenticator holding resident keys)
// signs in on its own after sign-out and is then removed after a confirmation; "Sign in with
// Ethereum wallet" and "Sign in with Solana wallet" with a wallet the test injects into the page
// (its key made in the test, signing in Node through an exposed function), and a refusal in that
// wallet said in words.
// WebAuthn refuses IP addresses as a relying party; the portal is opened on localhost.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ed25519 } from '@noble/curves/ed25519.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { base58, hex } from '@scure/base';
import type { Route } from 'playwright-core';
import { launchBrowser, problems, type Browser, type TestPage } from './browser.js';
import { REPO, startTestPortal, type TestPortal } from './portal-harness.js';
import { answerTo, holdAnswers, nextFrames } from './support/hold-requests.js';
import { pagePerTest, withPageState } from './support/page-per-test.js';
import { signInWithPassword } from './support/sign-in.js';
import { newPerson } from './support/people.js';

jest.setTimeout(180_000);

let portal: TestPortal;
let browser: Browser;
let page: TestPage;
let siteUrl: string;

beforeAll(async () => {
  // The portal's own project has [auth.passkey] on; the relying party must be localhost.
  portal = await startTestPortal({ emulator: { configToml: `${readFileSync(path.join(REPO, 'supabase', 'config.toml'), 'utf8')}
[auth.web3.ethereum]
enabled = true

[auth.web3.solana]
enabled = true
` } });
  siteUrl = portal.url;
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const tab = pagePerTest(() => browser, {
  unexpectedConsole: (entries) => problems(entries).filter((e) => !/status of (400|401|403|404|422)/.test(e.text)),
});

it('registers a passkey on the Security page, signs in with it alone, then removes it after a confirmation', async () => {
  page = await tab.open();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const person = await newPerson(portal.emulator, 'acct-passkey');

  await page.goto(`${siteUrl}/account/sign-in`);
  await signInWithPassword(page, person.email, person.password);
  await page.waitForURL(/\/account(\/profile)?$/);
  await page.goto(`${siteUrl}/account/security`);
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await withPageState(page, page.getByTestId('passkey-list').getByText('not used yet').waitFor({ timeout: 30_000 }));
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);
  expect(credentials[0]!.rpId).toBe('localhost');

  // Signed out, no email typed: the authenticator offers the passkey and the person is in.
  await page.goto(`${siteUrl}/account`);
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.locator('form[aria-label="Sign in"]').waitFor();
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await withPageState(page, page.waitForURL((url) => !url.pathname.startsWith('/account/sign-in')));
  await page.goto(`${siteUrl}/account`);
  await withPageState(page, page.getByText(person.email).first().waitFor());
  const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(after.credentials[0]!.signCount).toBeGreaterThan(credentials[0]!.signCount);

  await page.goto(`${siteUrl}/account/security`);
  const list = page.getByTestId('passkey-list');
  await withPageState(page, list.getByText(/last used/).waitFor());
  await list.getByRole('button', { name: 'Remove Passkey' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Remove this passkey?' });
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await withPageState(page, page.getByText('No passkey yet').waitFor());
  const { data } = await portal.emulator.admin().auth.admin.passkey.listPasskeys({ userId: person.id });
  expect(data).toEqual([]);
});

it('keeps the passkey it added when an earlier read of the list answers last', async () => {
  page = await tab.open();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  const person = await newPerson(portal.emulator, 'acct-passkey-late');
  await page.goto(`${siteUrl}/account/sign-in`);
  await signInWithPassword(page, person.email, person.password);
  await page.waitForURL(/\/account(\/profile)?$/);

  // The page is drawn once its cards' first reads have answered (issue #40, CLS): the read that can
  // answer after an added passkey is one the page makes later, here when the session's token is
  // refreshed (every list is read again). The emulator answers it at once (none yet); the answer
  // reaches the page only once the passkey added meanwhile is listed (a slow network).
  await page.goto(`${siteUrl}/account/security`);
  await page.getByText('No passkey yet').waitFor();
  const isPasskeysRead = (url: URL) => url.pathname.endsWith('/auth/v1/passkeys');
  let first = true;
  let held: () => void = () => undefined;
  const firstHeld = new Promise<void>((resolve) => (held = resolve));
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let firstAnswered: Promise<unknown> = Promise.resolve();
  const hold = async (route: Route) => {
    if (!first || route.request().method() !== 'GET') return route.fallback();
    first = false;
    firstAnswered = page.waitForEvent('requestfinished', (request) => request === route.request());
    const response = await route.fetch();
    held();
    await released;
    await route.fulfill({ response });
  };
  await page.route(isPasskeysRead, hold);
  const list = page.getByTestId('passkey-list');
  try {
    await page.evaluate(async () => {
      type Session = { access_token: string };
      type Auth = { getSession(): Promise<{ data: { session: Session | null } }>; refreshSession(): Promise<{ data: { session: Session | null }; error: { message: string } | null }> };
      const { auth } = (globalThis as unknown as { __PORTAL_DEBUG__: { shell: { supabase: { auth: Auth } } } }).__PORTAL_DEBUG__.shell.supabase;
      const before = (await auth.getSession()).data.session!.access_token;
      // An access token minted in the second of the current one reads the same (its iat is in
      // seconds), and the lists are read again only for a new one: the refresh waits for the next second.
      const { iat } = JSON.parse(atob(before.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { iat: number };
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, (iat + 1) * 1000 - Date.now())));
      const { data, error } = await auth.refreshSession();
      if (error) throw new Error(error.message);
      if (data.session?.access_token === before) throw new Error('the refresh gave the same access token');
    });
    await firstHeld;
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await withPageState(page, list.getByText('not used yet').waitFor());
    await page.getByText('Passkey added').waitFor();
  } finally {
    release();
    await firstAnswered;
    await page.unroute(isPasskeysRead, hold);
  }
  // The page has read the late answer by its next frames (JSON, then one render).
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect(list.getByText('not used yet').count()).resolves.toBe(1);
  await expect(page.getByText('No passkey yet').count()).resolves.toBe(0);
});

it('says a passkey was removed only once its list no longer shows it', async () => {
  page = await tab.open();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  const person = await newPerson(portal.emulator, 'acct-passkey-remove-toast');
  await page.goto(`${siteUrl}/account/sign-in`);
  await signInWithPassword(page, person.email, person.password);
  await page.waitForURL(/\/account(\/profile)?$/);
  await page.goto(`${siteUrl}/account/security`);
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const list = page.getByTestId('passkey-list');
  await withPageState(page, list.getByText('not used yet').waitFor({ timeout: 30_000 }));

  await list.getByRole('button', { name: 'Remove Passkey' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Remove this passkey?' });
  // The list's read after the removal reaches the page late: the toast waits for it.
  const reads = await holdAnswers(page, (url) => url.pathname.endsWith('/auth/v1/passkeys'), {
    after: answerTo('DELETE', /\/auth\/v1\/passkeys\/[^/]+$/),
  });
  try {
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await reads.held;
    await nextFrames(page);
    await expect(page.getByText('Passkey removed').count()).resolves.toBe(0);
    await expect(list.getByText('not used yet').count()).resolves.toBe(1);
  } finally {
    await reads.release();
  }
  await withPageState(page, page.getByText('Passkey removed').waitFor());
  await expect(list.count()).resolves.toBe(0);
  await page.getByText('No passkey yet').waitFor();
});

it('says a passkey the project does not know is not registered here', async () => {
  page = await tab.open();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  // A resident key for this site the project never registered (another project's, say).
  const privateKey = (await import('node:crypto')).generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
  await cdp.send('WebAuthn.addCredential', {
    authenticatorId,
    credential: {
      credentialId: Buffer.from('unknown-passkey-id').toString('base64'),
      isResidentCredential: true,
      rpId: 'localhost',
      privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
      userHandle: Buffer.from(crypto.randomUUID()).toString('base64'),
      signCount: 0,
    },
  });
  await page.goto(`${siteUrl}/account/sign-in`);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await withPageState(page, page.getByText(/This passkey is not registered for an account here/).waitFor());
  expect(new URL(page.url()).pathname).toBe('/account/sign-in');
});

/** The page's window.ethereum: an EIP-1193 provider whose key lives in this test. */
const INJECT_WALLET = `
  window.ethereum = {
    on() {}, removeListener() {},
    request: ({ method, params }) => window.__testWallet(method, params ?? []),
  };
`;

function ethereumWallet() {
  const secretKey = secp256k1.utils.randomSecretKey();
  const publicKey = secp256k1.getPublicKey(secretKey, false);
  const address = `0x${hex.encode(keccak_256(publicKey.subarray(1)).subarray(12))}`;
  const utf8 = (text: string) => new TextEncoder().encode(text);
  return {
    address,
    answer(method: string, params: unknown[]): unknown {
      if (method === 'eth_requestAccounts') return [address];
      if (method === 'eth_chainId') return '0x1';
      if (method === 'personal_sign') {
        const bytes = hex.decode(String(params[0]).slice(2));
        const hash = keccak_256(new Uint8Array([...utf8(`\x19Ethereum Signed Message:\n${bytes.length}`), ...bytes]));
        const signature = secp256k1.sign(hash, secretKey, { prehash: false, format: 'recovered' });
        return `0x${hex.encode(signature.subarray(1))}${(signature[0]! + 27).toString(16)}`;
      }
      throw new Error(`wallet: ${method} is not supported`);
    },
  };
}

it('signs in with an Ethereum wallet the page finds, and says so when the person declines in the wallet', async () => {
  page = await tab.open();
  const wallet = ethereumWallet();
  let decline = true;
  await page.exposeFunction('__testWallet', (method: string, params: unknown[]) => {
    // EIP-1193's refusal: code 4001 "User Rejected Request".
    if (method === 'personal_sign' && decline) return Promise.reject(Object.assign(new Error('User rejected the request.'), { code: 4001 }));
    return wallet.answer(method, params);
  });
  await page.context().addInitScript(INJECT_WALLET);
  await page.goto(`${siteUrl}/account/sign-in`);
  await page.getByRole('button', { name: 'Sign in with Ethereum wallet' }).click();
  await withPageState(page, page.getByText('You declined the request in your wallet. Nothing was signed.').waitFor());
  expect(new URL(page.url()).pathname).toBe('/account/sign-in');

  decline = false;
  await page.getByRole('button', { name: 'Sign in with Ethereum wallet' }).click();
  await withPageState(page, page.waitForURL((url) => !url.pathname.startsWith('/account/sign-in')));
  const { data } = await portal.emulator.admin().auth.admin.listUsers({ perPage: 1000 });
  const providerId = `web3:ethereum:${wallet.address.toLowerCase()}`;
  const user = data.users.find((u) => u.identities?.some((i) => i.identity_data?.sub === providerId));
  expect(user).toBeDefined();
  expect(user!.last_sign_in_at).toBeTruthy();
});

/**
 * The page's window.solana: a wallet with a base58 public key and signMessage, as auth-js uses
 * one. The message crosses to the test as an array of bytes and the signature comes back so.
 */
function injectSolanaWallet(address: string): string {
  return `
    window.solana = {
      publicKey: { toBase58: () => ${JSON.stringify(address)} },
      signMessage: async (message) => new Uint8Array(await window.__testSolanaSign(Array.from(message))),
    };
  `;
}

it('signs in with a Solana wallet the page finds, and says so when the person declines in the wallet', async () => {
  page = await tab.open();
  const secretKey = ed25519.utils.randomSecretKey();
  const address = base58.encode(ed25519.getPublicKey(secretKey));
  const signed: string[] = [];
  let decline = true;
  await page.exposeFunction('__testSolanaSign', (message: number[]) => {
    // What Phantom and other wallets throw when the person says no (EIP-1193's code, reused).
    if (decline) return Promise.reject(Object.assign(new Error('User rejected the request.'), { code: 4001 }));
    const bytes = Uint8Array.from(message);
    signed.push(new TextDecoder().decode(bytes));
    return Array.from(ed25519.sign(bytes, secretKey));
  });
  await page.context().addInitScript(injectSolanaWallet(address));
  await page.goto(`${siteUrl}/account/sign-in`);
  await page.getByRole('button', { name: 'Sign in with Solana wallet' }).click();
  await withPageState(page, page.getByText('You declined the request in your wallet. Nothing was signed.').waitFor());
  expect(new URL(page.url()).pathname).toBe('/account/sign-in');

  decline = false;
  await page.getByRole('button', { name: 'Sign in with Solana wallet' }).click();
  await withPageState(page, page.waitForURL((url) => !url.pathname.startsWith('/account/sign-in')));
  // The wallet was asked to sign a Sign-In With Solana message for this site and this key.
  expect(signed).toHaveLength(1);
  expect(signed[0]!.split('\n').slice(0, 2)).toEqual([`${new URL(siteUrl).host} wants you to sign in with your Solana account:`, address]);
  const { data } = await portal.emulator.admin().auth.admin.listUsers({ perPage: 1000 });
  const user = data.users.find((u) => u.identities?.some((i) => i.identity_data?.sub === `web3:solana:${address}`));
  expect(user).toBeDefined();
  expect(user!.last_sign_in_at).toBeTruthy();
});
