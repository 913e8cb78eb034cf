// Signing keys as the Supabase CLI's `supabase gen signing-key --algorithm RS256|ES256` writes
// them into the file `[auth] signing_keys_path` names: private JWKs with kid, use, key_ops, alg, ext.
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';

export type CliSigningKey = JWK & { kid: string; alg: 'RS256' | 'ES256' };

export async function cliSigningKey(alg: 'RS256' | 'ES256'): Promise<CliSigningKey> {
  const { privateKey } = await generateKeyPair(alg, { extractable: true, ...(alg === 'RS256' ? { modulusLength: 2048 } : {}) });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: randomUUID(), use: 'sig', key_ops: ['sign', 'verify'], alg, ext: true };
}

/** The file's contents: a JSON array, indented as the CLI writes it. */
export function signingKeysFile(keys: CliSigningKey[]): string {
  return JSON.stringify(keys, null, 2) + '\n';
}
