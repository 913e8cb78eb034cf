// Who signed a sign-in message: Ethereum wallets sign with personal_sign (EIP-191, secp256k1,
// the signer recovered from the signature), Solana wallets sign the message's bytes with
// ed25519 under their base58 public key.
import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { base58, hex } from '@scure/base';

const utf8 = (text: string) => new TextEncoder().encode(text);

/** EIP-191 version 0x45: the hash personal_sign signs. */
export function personalMessageHash(message: string): Uint8Array {
  const bytes = utf8(message);
  const prefix = utf8(`\x19Ethereum Signed Message:\n${bytes.length}`);
  const joined = new Uint8Array(prefix.length + bytes.length);
  joined.set(prefix);
  joined.set(bytes, prefix.length);
  return keccak_256(joined);
}

/** The lowercase 0x address of an uncompressed secp256k1 public key. */
export function ethereumAddress(publicKey: Uint8Array): string {
  return `0x${hex.encode(keccak_256(publicKey.subarray(1)).subarray(12))}`;
}

/**
 * True when the 65-byte `r‖s‖v` signature (hex, with or without 0x; v 0/1 or 27/28) of the
 * message recovers to `address` (lowercase).
 */
export function isEthereumSignatureOf(
  message: string,
  signatureHex: string,
  address: string,
): boolean {
  try {
    const bytes = hex.decode(signatureHex.replace(/^0x/, '').toLowerCase());
    if (bytes.length !== 65) return false;
    const v = bytes[64]! >= 27 ? bytes[64]! - 27 : bytes[64]!;
    const signature = secp256k1.Signature.fromBytes(
      bytes.subarray(0, 64),
      'compact',
    ).addRecoveryBit(v);
    const publicKey = signature.recoverPublicKey(personalMessageHash(message)).toBytes(false);
    return ethereumAddress(publicKey) === address.toLowerCase();
  } catch {
    // A malformed signature or one no key can have made recovers nobody.
    return false;
  }
}

/** True when the 64-byte ed25519 signature of the message's UTF-8 bytes is by the base58 key `address`. */
export function isSolanaSignatureOf(
  message: string,
  signature: Uint8Array,
  address: string,
): boolean {
  try {
    const publicKey = base58.decode(address);
    if (publicKey.length !== 32 || signature.length !== 64) return false;
    return ed25519.verify(signature, utf8(message), publicKey);
  } catch {
    return false;
  }
}
