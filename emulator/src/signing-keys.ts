// `[auth] signing_keys_path` (docs/compatibility.md#asymmetric-jwt-signing-keys): the JSON array of
// JWKs the Supabase CLI's `gen signing-key` writes — RS256 or ES256, each with its `kid` and its
// private parts. The first key that can sign signs every token the emulator issues; every key in
// the file verifies, so rotating is putting the new key first and keeping the previous ones after it.
// Beside them the legacy JWT secret is a previously used key (HS256 tokens still verify) until
// `[auth] legacy_jwt_secret = "revoked"` revokes it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { importJWK, type CryptoKey, type JWK } from 'jose';
import { z } from 'zod';
import { ConfigError, type Config } from './config.js';

export const ASYMMETRIC_ALGORITHMS = ['RS256', 'ES256'] as const;
export type AsymmetricAlgorithm = (typeof ASYMMETRIC_ALGORITHMS)[number];

const base64url = z.string().regex(/^[A-Za-z0-9_-]+$/, 'not base64url');

const rsaKey = z.object({
  kty: z.literal('RSA'),
  alg: z.literal('RS256'),
  n: base64url,
  e: base64url,
  d: base64url.optional(),
  p: base64url.optional(),
  q: base64url.optional(),
  dp: base64url.optional(),
  dq: base64url.optional(),
  qi: base64url.optional(),
});

const ecKey = z.object({
  kty: z.literal('EC'),
  alg: z.literal('ES256'),
  crv: z.literal('P-256'),
  x: base64url,
  y: base64url,
  d: base64url.optional(),
});

const common = z.object({
  // GoTrue finds the key of a token by its `kid`: a key without one could never verify.
  kid: z.string().min(1, 'a key needs a kid'),
  use: z.string().optional(),
  key_ops: z.array(z.string()).optional(),
  ext: z.boolean().optional(),
});

const jwkSchema = z.intersection(common, z.discriminatedUnion('kty', [rsaKey, ecKey]));
const keyFileSchema = z.array(jwkSchema).min(1, 'the file holds no key');

export type SigningJwk = z.infer<typeof jwkSchema>;

export interface VerificationKey {
  kid: string;
  alg: AsymmetricAlgorithm;
  key: CryptoKey;
}

export type Signer = VerificationKey;

/** The hosted dashboard's states of the legacy JWT secret once a project signs with its own keys. */
export type LegacySecretState = 'previously_used' | 'revoked';

/** A key signs when it has its private part and does not exclude signing (GoTrue reads `key_ops`). */
function canSign(jwk: SigningJwk): boolean {
  return jwk.d !== undefined && (jwk.key_ops === undefined || jwk.key_ops.includes('sign'));
}

/** The public half as GoTrue's /.well-known/jwks.json serves it. */
function publicJwk(jwk: SigningJwk): JWK {
  const shared = { kid: jwk.kid, alg: jwk.alg, use: 'sig', key_ops: ['verify'] };
  return jwk.kty === 'RSA'
    ? { kty: 'RSA', n: jwk.n, e: jwk.e, ...shared }
    : { kty: 'EC', crv: jwk.crv, x: jwk.x, y: jwk.y, ...shared };
}

export class SigningKeySet {
  private constructor(
    readonly signer: Signer,
    private readonly verifiers: VerificationKey[],
    /** What /.well-known/jwks.json publishes: every key's public half, the signing key first. */
    readonly publicJwks: JWK[],
    /** Whether HS256 tokens signed with the JWT secret still verify. */
    readonly legacySecret: LegacySecretState,
  ) {}

  /** Parses and imports the keys; a message naming the key and the field when one is wrong. */
  static async fromJwks(
    keys: unknown,
    source: string,
    legacySecret: LegacySecretState = 'previously_used',
  ): Promise<SigningKeySet> {
    const parsed = keyFileSchema.safeParse(keys);
    if (!parsed.success) {
      const issues = parsed.error.issues
        .map((issue) => `${issue.path.length ? `[${issue.path.join('.')}] ` : ''}${issue.message}`)
        .join('; ');
      throw new Error(`${source}: not a JSON array of RS256/ES256 JWKs: ${issues}`);
    }
    const jwks = parsed.data;
    const kids = new Set<string>();
    for (const jwk of jwks) {
      if (kids.has(jwk.kid)) throw new Error(`${source}: two keys have the kid ${jwk.kid}`);
      kids.add(jwk.kid);
    }
    const signing = jwks.find(canSign);
    if (!signing) {
      throw new Error(
        `${source}: no key can sign (a signing key needs its private part "d", and "sign" in key_ops when it lists them)`,
      );
    }
    const importKey = async (jwk: JWK, alg: AsymmetricAlgorithm, kid: string) => {
      try {
        return (await importJWK(jwk, alg)) as CryptoKey;
      } catch (error) {
        throw new Error(`${source}: the key ${kid} cannot be used: ${(error as Error).message}`);
      }
    };
    const { key_ops: _ops, ext: _ext, use: _use, ...privateJwk } = signing;
    const signer: Signer = {
      kid: signing.kid,
      alg: signing.alg,
      key: await importKey(privateJwk, signing.alg, signing.kid),
    };
    const ordered = [signing, ...jwks.filter((jwk) => jwk !== signing)];
    const publics = ordered.map(publicJwk);
    const verifiers = await Promise.all(
      ordered.map(async (jwk, index) => ({
        kid: jwk.kid,
        alg: jwk.alg,
        key: await importKey(publics[index]!, jwk.alg, jwk.kid),
      })),
    );
    return new SigningKeySet(signer, verifiers, publics, legacySecret);
  }

  /** Reads `[auth] signing_keys_path`. */
  static async fromFile(file: string, legacySecret?: LegacySecretState): Promise<SigningKeySet> {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new Error(`auth.signing_keys_path: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
    let keys: unknown;
    try {
      keys = JSON.parse(text);
    } catch (error) {
      throw new Error(`${file}: not JSON: ${(error as Error).message}`);
    }
    return SigningKeySet.fromJwks(keys, file, legacySecret);
  }

  get algorithms(): AsymmetricAlgorithm[] {
    return [...new Set(this.verifiers.map((key) => key.alg))];
  }

  /**
   * The keys that may have signed a token with this header: the one with its `kid`, or without a
   * `kid` every key of its algorithm (PostgREST tries each key of its JWKS).
   */
  candidates(alg: string, kid: string | undefined): VerificationKey[] {
    return this.verifiers.filter((key) => key.alg === alg && (kid === undefined || key.kid === kid));
  }
}

/** The project's signing keys, or null when `[auth] signing_keys_path` is not set (HS256 only). */
export async function loadSigningKeys(config: Config): Promise<SigningKeySet | null> {
  const configured = config.auth.signing_keys_path;
  const legacySecret = config.auth.legacy_jwt_secret;
  if (!configured) {
    // Without signing keys the secret signs every token: it is in use, and revoking it would
    // leave the project without a key (the dashboard allows it only after a rotation).
    if (legacySecret === 'revoked') {
      throw new ConfigError(
        'auth.legacy_jwt_secret = "revoked" needs auth.signing_keys_path: without signing keys the JWT secret signs every token and cannot be revoked',
      );
    }
    return null;
  }
  // The CLI resolves the path from the supabase/ folder.
  const file = path.resolve(config.supabaseDir, configured);
  try {
    return await SigningKeySet.fromFile(file, legacySecret);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
}
