// The local stack's well-known keys (docs/compatibility.md#local-stack-keys-and-ports) and the one
// JWT helper every service uses to sign and verify HS256 tokens with the project secret.
import { SignJWT, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';

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

export type VerifyResult =
  | { ok: true; claims: JwtClaims }
  | { ok: false; reason: 'expired' | 'not_yet_valid' | 'invalid'; message: string }
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

export class Keys {
  private readonly secret: Uint8Array;

  /**
   * `roles` decides which `role` claims a verified token may carry: a token signed with the
   * project's secret is still refused when it names a role the API could not switch to
   * (`postgres`, a superuser, anything not granted to `authenticator`), so no service runs a
   * request as it.
   */
  constructor(
    readonly jwtSecret: string,
    private readonly roles: RoleGate = STANDARD_ROLES,
  ) {
    this.secret = new TextEncoder().encode(jwtSecret);
  }

  async sign(claims: JwtClaims, options: { expiresInSeconds?: number } = {}): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const jwt = new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' });
    if (claims.iat === undefined) jwt.setIssuedAt(now);
    if (claims.exp === undefined && options.expiresInSeconds !== undefined) {
      jwt.setExpirationTime(now + options.expiresInSeconds);
    }
    return jwt.sign(this.secret);
  }

  async verify(token: string): Promise<VerifyResult> {
    let claims: JwtClaims;
    try {
      claims = (await jwtVerify(token, this.secret, { algorithms: ['HS256'] }))
        .payload as JwtClaims;
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) {
        return { ok: false, reason: 'expired', message: 'token is expired' };
      }
      if (error instanceof joseErrors.JWTClaimValidationFailed && error.claim === 'nbf') {
        return { ok: false, reason: 'not_yet_valid', message: 'token is not valid yet' };
      }
      return { ok: false, reason: 'invalid', message: describeJwtError(error) };
    }
    return (await this.refuseRole(claims.role)) ?? { ok: true, claims };
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

function describeJwtError(error: unknown): string {
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return 'signature is invalid';
  if (error instanceof joseErrors.JWSInvalid || error instanceof joseErrors.JWTInvalid) {
    return 'token is malformed';
  }
  if (error instanceof joseErrors.JOSEAlgNotAllowed) return 'signing method is not HS256';
  return error instanceof Error ? error.message : 'token could not be verified';
}

/**
 * The Kong rule of the CLI (docs/compatibility.md#gateway-headers-and-keys): keep `Authorization`
 * unless it is missing or `Bearer sb_…`; then map the apikey: secret → service_role JWT,
 * publishable → anon JWT, anything else → the apikey itself.
 */
export function effectiveBearer(
  authorization: string | null,
  apikey: string | null,
): string | null {
  if (authorization && !/^bearer\s+sb_/i.test(authorization)) {
    const match = /^bearer\s+(.+)$/i.exec(authorization.trim());
    return match ? match[1]!.trim() : authorization.trim();
  }
  if (!apikey) return null;
  if (apikey === SECRET_KEY) return SERVICE_ROLE_KEY;
  if (apikey === PUBLISHABLE_KEY) return ANON_KEY;
  return apikey;
}
