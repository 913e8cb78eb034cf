// The local stack's well-known keys (docs/compatibility.md#local-stack-keys-and-ports) and the one
// JWT helper every service uses to sign and verify tokens: HS256 with the project secret, or the
// asymmetric keys of `[auth] signing_keys_path` (docs/compatibility.md#asymmetric-jwt-signing-keys).
import {
  SignJWT,
  decodeProtectedHeader,
  errors as joseErrors,
  jwtVerify,
  type JWK,
  type JWTPayload,
} from 'jose';
import type { SigningKeySet } from './signing-keys.js';

export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
export const PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';
export const SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz';

export interface JwtClaims extends JWTPayload {
  role?: string;
  sub?: string;
  email?: string;
  phone?: string;
  aal?: string;
  session_id?: string;
  is_anonymous?: boolean;
  app_metadata?: Record<string, unknown>;
  user_metadata?: Record<string, unknown>;
  amr?: { method: string; timestamp: number }[];
  [claim: string]: unknown;
}

/** Why a token's signature was not accepted, for each service to word as its upstream does. */
export type InvalidKind = 'malformed' | 'algorithm' | 'unknown_key' | 'signature' | 'other';

/**
 * A refusal as the jose library words it: storage-api verifies with jose (the project secret for
 * HS256 and for any token whose key it cannot find) and answers jose's message as it is.
 */
interface JoseWording {
  joseMessage: string;
}

export type VerifyResult =
  | { ok: true; claims: JwtClaims }
  | ({ ok: false; reason: 'expired' | 'not_yet_valid'; message: string } & JoseWording)
  | ({ ok: false; reason: 'invalid'; kind: InvalidKind; message: string } & JoseWording)
  | {
      ok: false;
      reason: 'role';
      /** The `role` claim as sent (JSON for a claim that is not a string). */
      role: string;
      /** Whether such a role exists at all (PostgREST answers the two cases differently). */
      known: boolean;
      /** As Postgres words the refusal to switch to that role. */
      message: string;
    };

/** Whether the API may run a request as a role (see db/request-roles.ts). */
export type RoleVerdict = 'granted' | 'not_granted' | 'unknown';
export interface RoleGate {
  check(role: string): Promise<RoleVerdict>;
}

/** The roles every Supabase project's API may run as. */
const STANDARD_ROLES: RoleGate = {
  check: (role) =>
    Promise.resolve(
      ['anon', 'authenticated', 'service_role'].includes(role) ? 'granted' : 'unknown',
    ),
};

/** The anon and service_role API keys (JWTs) the project hands out. */
export interface ApiKeys {
  anon: string;
  serviceRole: string;
}

const LEGACY_API_KEYS: ApiKeys = { anon: ANON_KEY, serviceRole: SERVICE_ROLE_KEY };

/** The CLI signs the API keys of a project with signing keys for ten years from its start. */
const API_KEY_LIFETIME_SECONDS = 10 * 365 * 24 * 60 * 60;

class InvalidToken extends Error {
  constructor(
    readonly kind: InvalidKind,
    message: string,
    /** jose's wording when it differs (see `JoseWording`). */
    readonly joseMessage: string = message,
  ) {
    super(message);
  }
}

export class Keys {
  private readonly secret: Uint8Array;

  /**
   * `roles` decides which `role` claims a verified token may carry: a token signed with the
   * project's secret is still refused when it names a role the API could not switch to
   * (`postgres`, a superuser, anything not granted to `authenticator`), so no service runs a
   * request as it. `signing` (see `Keys.load`) signs with the first usable key of
   * `signing_keys_path` and verifies with all of them, besides the secret.
   */
  constructor(
    readonly jwtSecret: string,
    private readonly roles: RoleGate = STANDARD_ROLES,
    private readonly signing: SigningKeySet | null = null,
    readonly apiKeys: ApiKeys = LEGACY_API_KEYS,
  ) {
    this.secret = new TextEncoder().encode(jwtSecret);
  }

  /** With signing keys, the anon and service_role keys are signed with the current one, as the CLI does. */
  static async load(jwtSecret: string, roles: RoleGate, signing: SigningKeySet | null): Promise<Keys> {
    if (!signing) return new Keys(jwtSecret, roles);
    const signer = new Keys(jwtSecret, roles, signing);
    const apiKey = (role: string) =>
      signer.sign({ iss: 'supabase-demo', role }, { expiresInSeconds: API_KEY_LIFETIME_SECONDS, issuedAt: false });
    return new Keys(jwtSecret, roles, signing, {
      anon: await apiKey('anon'),
      serviceRole: await apiKey('service_role'),
    });
  }

  /** The public keys /.well-known/jwks.json publishes; none for a project signing with its secret. */
  get publicJwks(): JWK[] {
    return this.signing ? this.signing.publicJwks.map((jwk) => ({ ...jwk })) : [];
  }

  async sign(
    claims: JwtClaims,
    options: { expiresInSeconds?: number; issuedAt?: boolean } = {},
  ): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const signer = this.signing?.signer;
    const jwt = new SignJWT({ ...claims }).setProtectedHeader(
      signer ? { alg: signer.alg, kid: signer.kid, typ: 'JWT' } : { alg: 'HS256', typ: 'JWT' },
    );
    if (claims.iat === undefined && options.issuedAt !== false) jwt.setIssuedAt(now);
    if (claims.exp === undefined && options.expiresInSeconds !== undefined) {
      jwt.setExpirationTime(now + options.expiresInSeconds);
    }
    return jwt.sign(signer ? signer.key : this.secret);
  }

  async verify(token: string): Promise<VerifyResult> {
    let claims: JwtClaims;
    try {
      claims = await this.verifySignature(token);
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) {
        return { ok: false, reason: 'expired', message: 'token is expired', joseMessage: error.message };
      }
      if (error instanceof joseErrors.JWTClaimValidationFailed && error.claim === 'nbf') {
        return { ok: false, reason: 'not_yet_valid', message: 'token is not valid yet', joseMessage: error.message };
      }
      return { ok: false, reason: 'invalid', ...describeJwtError(error) };
    }
    return (await this.refuseRole(claims.role)) ?? { ok: true, claims };
  }

  /**
   * GoTrue's key lookup: HS256 with the project secret (legacy tokens stay valid beside
   * asymmetric ones, as the CLI always lists HS256 among the valid methods, until the project
   * revokes its legacy secret: then HS256 is no valid method), RS256/ES256 with the key named by
   * `kid` — or, without a `kid`, each key of that algorithm.
   */
  private async verifySignature(token: string): Promise<JwtClaims> {
    let header: ReturnType<typeof decodeProtectedHeader>;
    try {
      header = decodeProtectedHeader(token);
    } catch {
      throw new InvalidToken('malformed', 'token is malformed', await this.secretRefusal(token, 'HS256'));
    }
    const alg = typeof header.alg === 'string' ? header.alg : String(header.alg);
    if (alg === 'HS256') {
      if (this.signing?.legacySecret === 'revoked') {
        throw new InvalidToken('algorithm', 'signing method HS256 is invalid');
      }
      return (await jwtVerify(token, this.secret, { algorithms: ['HS256'] })).payload as JwtClaims;
    }
    if (!this.signing?.algorithms.some((known) => known === alg)) {
      throw new InvalidToken('algorithm', `signing method ${alg} is invalid`, await this.secretRefusal(token, 'HS256'));
    }
    const kid = typeof header.kid === 'string' ? header.kid : undefined;
    const candidates = this.signing.candidates(alg, kid);
    if (candidates.length === 0) {
      throw new InvalidToken('unknown_key', `invalid kid: ${kid}`, await this.secretRefusal(token, alg));
    }
    let failure: unknown;
    for (const candidate of candidates) {
      try {
        return (await jwtVerify(token, candidate.key, { algorithms: [candidate.alg] }))
          .payload as JwtClaims;
      } catch (error) {
        if (!(error instanceof joseErrors.JWSSignatureVerificationFailed)) throw error;
        failure = error;
      }
    }
    throw failure;
  }

  /**
   * jose's own reason for refusing a token checked against the project secret with `algorithm`
   * allowed — what storage-api answers for a token that is malformed, names an algorithm it does
   * not accept (`HS256` then) or a key it does not have (it falls back to the secret).
   */
  private async secretRefusal(token: string, algorithm: string): Promise<string> {
    try {
      await jwtVerify(token, this.secret, { algorithms: [algorithm] });
    } catch (error) {
      if (error instanceof Error) return error.message;
    }
    return 'token could not be verified';
  }

  /** Null when the token may run as its `role` claim (none means anon). */
  private async refuseRole(claim: unknown): Promise<VerifyResult | null> {
    if (claim === undefined || claim === null) return null;
    const role = typeof claim === 'string' ? claim : JSON.stringify(claim);
    const verdict = typeof claim === 'string' ? await this.roles.check(role) : 'unknown';
    if (verdict === 'granted') return null;
    return verdict === 'not_granted'
      ? {
          ok: false,
          reason: 'role',
          role,
          known: true,
          message: `permission denied to set role "${role}"`,
        }
      : { ok: false, reason: 'role', role, known: false, message: `role "${role}" does not exist` };
  }
}

function describeJwtError(error: unknown): { kind: InvalidKind; message: string } & JoseWording {
  if (error instanceof InvalidToken) {
    return { kind: error.kind, message: error.message, joseMessage: error.joseMessage };
  }
  const joseMessage = error instanceof Error ? error.message : 'token could not be verified';
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) {
    return { kind: 'signature', message: 'signature is invalid', joseMessage };
  }
  if (error instanceof joseErrors.JWSInvalid || error instanceof joseErrors.JWTInvalid) {
    return { kind: 'malformed', message: 'token is malformed', joseMessage };
  }
  return { kind: 'other', message: joseMessage, joseMessage };
}

/**
 * The Kong rule of the CLI (docs/compatibility.md#gateway-headers-and-keys): keep `Authorization`
 * unless it is missing or `Bearer sb_…`; then map the apikey: secret → service_role JWT,
 * publishable → anon JWT, anything else → the apikey itself. The JWTs are the project's
 * (`Keys.apiKeys`): signed with its signing key when it has one.
 */
export function effectiveBearer(
  authorization: string | null,
  apikey: string | null,
  apiKeys: ApiKeys,
): string | null {
  if (authorization && !/^bearer\s+sb_/i.test(authorization)) {
    const match = /^bearer\s+(.+)$/i.exec(authorization.trim());
    return match ? match[1]!.trim() : authorization.trim();
  }
  if (!apikey) return null;
  if (apikey === SECRET_KEY) return apiKeys.serviceRole;
  if (apikey === PUBLISHABLE_KEY) return apiKeys.anon;
  return apikey;
}
