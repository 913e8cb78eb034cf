// grant_type=web3 through supabase-js's signInWithWeb3 (docs/compatibility.md#auth-web3-sign-in):
// Ethereum (EIP-4361) and Solana (SIWS) wallets made in the test sign in, one user per address,
// and messages that are replayed, expired, for another domain or badly signed are refused with
// GoTrue's answers, as is a chain the project has not enabled.
import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { base58, hex } from '@scure/base';
import type { SupabaseClient } from '@supabase/supabase-js';
import { ANON_KEY, startTestEmulator, type TestEmulator } from '../harness.js';
import { decodeJwt } from './auth-flows.suite.js';

const SITE = 'https://portal.example.com';

const CONFIG = `
[auth]
site_url = "${SITE}"

[auth.rate_limit]
token_refresh = 1000

[auth.web3.ethereum]
enabled = true

[auth.web3.solana]
enabled = true
`;

const utf8 = (text: string) => new TextEncoder().encode(text);

/** An EIP-1193 wallet holding one secp256k1 key, answering what supabase-js asks of it. */
function ethereumWallet() {
  const secretKey = secp256k1.utils.randomSecretKey();
  const publicKey = secp256k1.getPublicKey(secretKey, false);
  const address = `0x${hex.encode(keccak_256(publicKey.subarray(1)).subarray(12))}`;
  const sign = (message: string): `0x${string}` => {
    const bytes = utf8(message);
    const hash = keccak_256(
      new Uint8Array([...utf8(`\x19Ethereum Signed Message:\n${bytes.length}`), ...bytes]),
    );
    const recovered = secp256k1.sign(hash, secretKey, { prehash: false, format: 'recovered' });
    return `0x${hex.encode(recovered.subarray(1))}${(recovered[0]! + 27).toString(16)}`;
  };
  return {
    address,
    sign,
    // supabase-js never subscribes to wallet events for a sign-in.
    on() {},
    removeListener() {},
    async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
      if (method === 'eth_requestAccounts') return [address];
      if (method === 'eth_chainId') return '0x1';
      if (method === 'personal_sign') {
        const messageHex = String((params as string[])[0]).slice(2);
        return sign(new TextDecoder().decode(hex.decode(messageHex)));
      }
      throw new Error(`wallet: ${method} is not supported`);
    },
  };
}

/** A Solana wallet with signMessage and a base58 public key, as supabase-js uses one. */
function solanaWallet() {
  const secretKey = ed25519.utils.randomSecretKey();
  const address = base58.encode(ed25519.getPublicKey(secretKey));
  return {
    address,
    publicKey: { toBase58: () => address },
    signMessage: async (message: Uint8Array) => ed25519.sign(message, secretKey),
  };
}

/** A SIWE message as EIP-4361 writes it; fields can be replaced or dropped (null). */
function siweMessage(
  address: string,
  fields: Record<string, string | null> = {},
  domain = 'portal.example.com',
): string {
  const values: Record<string, string | null> = {
    URI: `${SITE}/account`,
    Version: '1',
    'Chain ID': '1',
    Nonce: `n${Math.random().toString(36).slice(2, 12)}`,
    'Issued At': new Date().toISOString(),
    ...fields,
  };
  const lines = Object.entries(values)
    .filter(([, value]) => value !== null)
    .map(([key, value]) => `${key}: ${value}`);
  return [
    `${domain} wants you to sign in with your Ethereum account:`,
    address,
    '',
    'Sign in to the portal',
    '',
    ...lines,
  ].join('\n');
}

export function describeWeb3SignIn(name: string, options: { postgres?: boolean } = {}): void {
  describe(name, () => {
    jest.setTimeout(60_000);
    let emulator: TestEmulator;
    let client: () => SupabaseClient;

    beforeAll(async () => {
      emulator = await startTestEmulator({ configToml: CONFIG, ...options });
      client = () => emulator.client(ANON_KEY);
    }, 120_000);

    afterAll(() => emulator?.stop(), 60_000);

    it('signs in with an Ethereum wallet, creating one user with a web3 identity, and finds it again', async () => {
      const wallet = ethereumWallet();
      const signIn = () =>
        client().auth.signInWithWeb3({
          chain: 'ethereum',
          wallet,
          statement: 'Sign in to the portal',
          options: { url: `${SITE}/account` },
        });
      const first = await signIn();
      expect(first.error).toBeNull();
      const user = first.data.user!;
      expect(user.app_metadata).toMatchObject({ provider: 'web3', providers: ['web3'] });
      expect(user.email).toBeFalsy();
      expect(user.identities).toHaveLength(1);
      expect(user.identities![0]).toMatchObject({
        provider: 'web3',
        id: `web3:ethereum:${wallet.address}`,
        identity_data: {
          sub: `web3:ethereum:${wallet.address}`,
          custom_claims: {
            address: wallet.address,
            chain: 'ethereum',
            network: '1',
            domain: 'portal.example.com',
            statement: 'Sign in to the portal',
          },
        },
      });
      const claims = decodeJwt(first.data.session!.access_token);
      expect(claims).toMatchObject({ sub: user.id, role: 'authenticated', aal: 'aal1' });
      expect((claims.amr as { method: string }[]).map((entry) => entry.method)).toEqual(['web3']);

      const again = await signIn();
      expect(again.error).toBeNull();
      expect(again.data.user!.id).toBe(user.id);
      expect(again.data.user!.identities).toHaveLength(1);

      const other = await client().auth.signInWithWeb3({
        chain: 'ethereum',
        wallet: ethereumWallet(),
        options: { url: `${SITE}/account` },
      });
      expect(other.error).toBeNull();
      expect(other.data.user!.id).not.toBe(user.id);
    });

    it('finds the same user whatever the case of the address in the message (EIP-55 checksum case)', async () => {
      const wallet = ethereumWallet();
      const lower = siweMessage(wallet.address);
      const first = await client().auth.signInWithWeb3({
        chain: 'ethereum',
        message: lower,
        signature: wallet.sign(lower),
      });
      expect(first.error).toBeNull();
      const upper = siweMessage(`0x${wallet.address.slice(2).toUpperCase()}`);
      const second = await client().auth.signInWithWeb3({
        chain: 'ethereum',
        message: upper,
        signature: wallet.sign(upper),
      });
      expect(second.error).toBeNull();
      expect(second.data.user!.id).toBe(first.data.user!.id);
    });

    it('signs in with a Solana wallet, one user per address, and finds it again', async () => {
      const wallet = solanaWallet();
      const signIn = () =>
        client().auth.signInWithWeb3({
          chain: 'solana',
          wallet,
          statement: 'Sign in to the portal',
          options: { url: `${SITE}/account`, signInWithSolana: { chainId: 'devnet' } },
        });
      const first = await signIn();
      expect(first.error).toBeNull();
      const user = first.data.user!;
      expect(user.identities![0]).toMatchObject({
        provider: 'web3',
        id: `web3:solana:${wallet.address}`,
        identity_data: {
          custom_claims: { address: wallet.address, chain: 'solana', network: 'devnet' },
        },
      });
      const again = await signIn();
      expect(again.error).toBeNull();
      expect(again.data.user!.id).toBe(user.id);
      const other = await client().auth.signInWithWeb3({
        chain: 'solana',
        wallet: solanaWallet(),
        options: { url: `${SITE}/account` },
      });
      expect(other.data.user!.id).not.toBe(user.id);
    });

    it('refuses a replayed Ethereum message and a second message with the same nonce', async () => {
      const wallet = ethereumWallet();
      const message = siweMessage(wallet.address, { Nonce: 'replay-nonce-1' });
      const signature = wallet.sign(message);
      const first = await client().auth.signInWithWeb3({ chain: 'ethereum', message, signature });
      expect(first.error).toBeNull();
      const replay = await client().auth.signInWithWeb3({ chain: 'ethereum', message, signature });
      expect(replay.error).toMatchObject({
        status: 400,
        message: 'Signed Ethereum message has already been used to sign in',
      });
      const sameNonce = siweMessage(wallet.address, {
        Nonce: 'replay-nonce-1',
        'Issued At': new Date(Date.now() - 1000).toISOString(),
      });
      const reused = await client().auth.signInWithWeb3({
        chain: 'ethereum',
        message: sameNonce,
        signature: wallet.sign(sameNonce),
      });
      expect(reused.error).toMatchObject({
        status: 400,
        message: 'Signed Ethereum message has already been used to sign in',
      });
    });

    it('refuses a replayed Solana message', async () => {
      const wallet = solanaWallet();
      const message = `portal.example.com wants you to sign in with your Solana account:\n${wallet.address}\n\nVersion: 1\nURI: ${SITE}/\nIssued At: ${new Date().toISOString()}`;
      const signature = await wallet.signMessage(utf8(message));
      expect(
        (await client().auth.signInWithWeb3({ chain: 'solana', message, signature })).error,
      ).toBeNull();
      const replay = await client().auth.signInWithWeb3({ chain: 'solana', message, signature });
      expect(replay.error).toMatchObject({
        status: 400,
        message: 'Signed Solana message has already been used to sign in',
      });
    });

    it.each([
      [
        'an expired message',
        {
          'Issued At': new Date(Date.now() - 5 * 60_000).toISOString(),
          'Expiration Time': new Date(Date.now() - 60_000).toISOString(),
        },
        'portal.example.com',
        'Signed Ethereum message is expired',
      ],
      [
        'a message issued more than 10 minutes ago',
        { 'Issued At': new Date(Date.now() - 11 * 60_000).toISOString() },
        'portal.example.com',
        'Ethereum message was issued too long ago',
      ],
      [
        'a message not valid yet',
        { 'Not Before': new Date(Date.now() + 5 * 60_000).toISOString() },
        'portal.example.com',
        'Signed Ethereum message becomes valid in the future',
      ],
      [
        'a message for another domain',
        {},
        'evil.example.com',
        'Signed Ethereum message is using a Domain that does not match the one in URI which is not allowed on this server',
      ],
      [
        'a message for another app',
        { URI: 'https://evil.example.com/' },
        'evil.example.com',
        'Signed Ethereum message is using URI which is not allowed on this server, message was signed for another app',
      ],
      [
        'a message for a plain-http address',
        { URI: 'http://portal.example.com/' },
        'portal.example.com',
        'Signed Ethereum message is using URI which does not use HTTPS',
      ],
    ])('refuses %s with invalid_grant', async (_what, fields, domain, description) => {
      const wallet = ethereumWallet();
      const message = siweMessage(wallet.address, fields, domain);
      const response = await fetch(`${emulator.apiUrl}/auth/v1/token?grant_type=web3`, {
        method: 'POST',
        headers: {
          apikey: ANON_KEY,
          'content-type': 'application/json',
          'x-supabase-api-version': '2024-01-01',
        },
        body: JSON.stringify({ chain: 'ethereum', message, signature: wallet.sign(message) }),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: 'invalid_grant',
        error_description: description,
      });
    });

    it('refuses a signature made by another key, for both chains', async () => {
      const wallet = ethereumWallet();
      const message = siweMessage(wallet.address);
      const forged = await client().auth.signInWithWeb3({
        chain: 'ethereum',
        message,
        signature: ethereumWallet().sign(message),
      });
      expect(forged.error).toMatchObject({
        status: 400,
        message: 'Signature does not match address in message',
      });

      const solana = solanaWallet();
      const solanaMessage = `portal.example.com wants you to sign in with your Solana account:\n${solana.address}\n\nVersion: 1\nURI: ${SITE}/\nIssued At: ${new Date().toISOString()}`;
      const forgedSolana = await client().auth.signInWithWeb3({
        chain: 'solana',
        message: solanaMessage,
        signature: await solanaWallet().signMessage(utf8(solanaMessage)),
      });
      expect(forgedSolana.error).toMatchObject({
        status: 400,
        message: 'Signature does not match address in message',
      });
      // Nothing was spent: the rightful signature still signs in.
      const genuine = await client().auth.signInWithWeb3({
        chain: 'solana',
        message: solanaMessage,
        signature: await solana.signMessage(utf8(solanaMessage)),
      });
      expect(genuine.error).toBeNull();
    });

    it('answers GoTrue validation errors for a malformed request', async () => {
      const wallet = ethereumWallet();
      const short = await client().auth.signInWithWeb3({
        chain: 'ethereum',
        message: 'too short',
        signature: wallet.sign('x'),
      });
      expect(short.error).toMatchObject({
        status: 400,
        code: 'validation_failed',
        message: 'message is too short',
      });
      const message = siweMessage(wallet.address);
      const truncated = await client().auth.signInWithWeb3({
        chain: 'ethereum',
        message,
        signature: '0x1234',
      });
      expect(truncated.error).toMatchObject({
        status: 400,
        code: 'validation_failed',
        message:
          'signature must be 65 bytes long, encoded as a 130 character-long hexadecimal string',
      });
      const response = await fetch(`${emulator.apiUrl}/auth/v1/token?grant_type=web3`, {
        method: 'POST',
        headers: {
          apikey: ANON_KEY,
          'content-type': 'application/json',
          'x-supabase-api-version': '2024-01-01',
        },
        body: JSON.stringify({ chain: 'bitcoin', message, signature: wallet.sign(message) }),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        code: 'web3_unsupported_chain',
        message: 'Unsupported chain',
      });
    });
  });
}

/** Which chains are on is configuration, not data: checked once, on PGlite. */
export function describeWeb3DisabledChain(name: string): void {
  describe(name, () => {
    jest.setTimeout(60_000);
    let emulator: TestEmulator;

    beforeAll(async () => {
      emulator = await startTestEmulator({
        configToml: `[auth]\nsite_url = "${SITE}"\n\n[auth.web3.ethereum]\nenabled = true\n`,
      });
    }, 120_000);

    afterAll(() => emulator?.stop(), 60_000);

    it("refuses Solana with GoTrue's disabled error and still signs in with Ethereum", async () => {
      const solana = await emulator.client(ANON_KEY).auth.signInWithWeb3({
        chain: 'solana',
        wallet: solanaWallet(),
        options: { url: `${SITE}/account` },
      });
      expect(solana.error).toMatchObject({
        status: 422,
        code: 'web3_provider_disabled',
        message: 'Solana Web3 provider is disabled',
      });
      const ethereum = await emulator.client(ANON_KEY).auth.signInWithWeb3({
        chain: 'ethereum',
        wallet: ethereumWallet(),
        options: { url: `${SITE}/account` },
      });
      expect(ethereum.error).toBeNull();
    });
  });
}
