import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { base58, hex } from '@scure/base';
import { parseSignInMessage, SignInMessageError } from './web3-messages.js';
import {
  ethereumAddress,
  isEthereumSignatureOf,
  isSolanaSignatureOf,
  personalMessageHash,
} from './web3-signatures.js';

const SIWE = [
  'portal.example.com wants you to sign in with your Ethereum account:',
  '0xAbCdEf0123456789aBcDeF0123456789abCDef01',
  '',
  'Sign in to the portal',
  '',
  'URI: https://portal.example.com/account',
  'Version: 1',
  'Chain ID: 1',
  'Nonce: 8f3a9c2e1d',
  'Issued At: 2025-03-29T00:00:00.000Z',
  'Expiration Time: 2025-03-29T00:10:00Z',
  'Resources:',
  '- https://portal.example.com/terms',
].join('\n');

describe('parseSignInMessage', () => {
  it('reads every EIP-4361 field and lowercases the Ethereum address', () => {
    const parsed = parseSignInMessage('ethereum', SIWE);
    expect(parsed).toMatchObject({
      domain: 'portal.example.com',
      address: '0xabcdef0123456789abcdef0123456789abcdef01',
      statement: 'Sign in to the portal',
      version: '1',
      chainId: '1',
      nonce: '8f3a9c2e1d',
      notBefore: null,
    });
    expect(parsed.uri.href).toBe('https://portal.example.com/account');
    expect(parsed.issuedAt.toISOString()).toBe('2025-03-29T00:00:00.000Z');
    expect(parsed.expirationTime?.toISOString()).toBe('2025-03-29T00:10:00.000Z');
    expect(parsed.resources.map((url) => url.href)).toEqual(['https://portal.example.com/terms']);
  });

  it('reads a Solana message without a statement, keeping the address as written', () => {
    const address = base58.encode(new Uint8Array(32).fill(7));
    const parsed = parseSignInMessage(
      'solana',
      `localhost:3000 wants you to sign in with your Solana account:\n${address}\n\nVersion: 1\nURI: http://localhost:3000/\nIssued At: 2025-05-16T14:52:03.613Z\nChain ID: devnet`,
    );
    expect(parsed).toMatchObject({
      domain: 'localhost:3000',
      address,
      statement: null,
      chainId: 'devnet',
    });
  });

  it.each([
    [
      'a message of the other chain',
      SIWE.replace('Ethereum account', 'Solana account'),
      'does not end in',
    ],
    ['a bad address', SIWE.replace('0xAbCdEf', '0xZZCdEf'), 'address is not valid'],
    ['no Issued At', SIWE.replace(/Issued At: .*\n/, ''), 'Issued At is required'],
    ['no URI', SIWE.replace(/URI: .*\n/, ''), 'URI is required'],
    ['version 2', SIWE.replace('Version: 1', 'Version: 2'), 'unsupported version "2"'],
    [
      'a chain id that is not a number',
      SIWE.replace('Chain ID: 1', 'Chain ID: one'),
      'Chain ID is not valid',
    ],
    [
      'an unreadable time',
      SIWE.replace('2025-03-29T00:10:00Z', 'tomorrow'),
      'Expiration Time is not a valid',
    ],
    [
      'expiry before issue',
      SIWE.replace('2025-03-29T00:10:00Z', '2025-03-28T00:00:00Z'),
      'Issued At is after Expiration Time',
    ],
    ['a line without a key', SIWE.replace('Version: 1', 'Version 1'), 'is not "Key: value"'],
    [
      'too few lines',
      'x wants you to sign in with your Ethereum account:\n0x00',
      'at least 6 lines',
    ],
  ])('refuses %s', (_what, message, reason) => {
    expect(() => parseSignInMessage('ethereum', message)).toThrow(SignInMessageError);
    expect(() => parseSignInMessage('ethereum', message)).toThrow(reason);
  });
});

describe('web3 signatures', () => {
  const message = 'a sign-in message';

  function personalSign(secretKey: Uint8Array, text: string, vOffset: number): string {
    const recovered = secp256k1.sign(personalMessageHash(text), secretKey, {
      prehash: false,
      format: 'recovered',
    });
    // noble puts the recovery bit first; wallets send r‖s‖v.
    const rsv = new Uint8Array(65);
    rsv.set(recovered.subarray(1));
    rsv[64] = recovered[0]! + vOffset;
    return `0x${hex.encode(rsv)}`;
  }

  it('recovers the Ethereum signer whether v is 27/28 or 0/1', () => {
    const secretKey = secp256k1.utils.randomSecretKey();
    const address = ethereumAddress(secp256k1.getPublicKey(secretKey, false));
    expect(isEthereumSignatureOf(message, personalSign(secretKey, message, 27), address)).toBe(
      true,
    );
    expect(isEthereumSignatureOf(message, personalSign(secretKey, message, 0), address)).toBe(true);
    expect(
      isEthereumSignatureOf(`${message}!`, personalSign(secretKey, message, 27), address),
    ).toBe(false);
    const other = ethereumAddress(secp256k1.getPublicKey(secp256k1.utils.randomSecretKey(), false));
    expect(isEthereumSignatureOf(message, personalSign(secretKey, message, 27), other)).toBe(false);
    expect(isEthereumSignatureOf(message, `0x${'00'.repeat(65)}`, address)).toBe(false);
  });

  it('checks a Solana signature against the base58 key', () => {
    const secretKey = ed25519.utils.randomSecretKey();
    const address = base58.encode(ed25519.getPublicKey(secretKey));
    const signature = ed25519.sign(new TextEncoder().encode(message), secretKey);
    expect(isSolanaSignatureOf(message, signature, address)).toBe(true);
    expect(isSolanaSignatureOf(`${message}!`, signature, address)).toBe(false);
    const other = base58.encode(ed25519.getPublicKey(ed25519.utils.randomSecretKey()));
    expect(isSolanaSignatureOf(message, signature, other)).toBe(false);
  });
});
