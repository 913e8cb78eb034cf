// Passkeys as GoTrue keeps them (docs/compatibility.md#auth-passkeys): discoverable credentials in
// auth.webauthn_credentials, one-time expiring ceremonies in auth.webauthn_challenges, checked by
// @simplewebauthn/server against the project's relying party ([auth.webauthn]).
import { randomUUID } from 'node:crypto';
// @simplewebauthn/server is loaded on the first ceremony, not at the emulator's start.
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { z } from 'zod';
import type { Queryable } from '../../db/database.js';
import { fail } from '../errors.js';
import type { UserRow } from '../users/users.js';
import { isUuid } from '../users/users.js';
import { checkedAgainst, type RelyingParty } from './webauthn.js';

export type ChallengeType = 'registration' | 'authentication';

export interface PasskeyRow {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: string;
  sign_count: number;
  transports: string[];
  friendly_name: string;
  created_at: Date;
  updated_at: Date;
  last_used_at: Date | null;
}

/** GoTrue's list item: id, friendly_name, created_at and last_used_at (left out while unused). */
export function toPasskeyJson(row: PasskeyRow): Record<string, unknown> {
  return {
    id: row.id,
    ...(row.friendly_name ? { friendly_name: row.friendly_name } : {}),
    created_at: new Date(row.created_at).toISOString(),
    ...(row.last_used_at ? { last_used_at: new Date(row.last_used_at).toISOString() } : {}),
  };
}

// Binary columns travel as hex so PGlite and node-postgres read and write them alike.
const PASSKEY_COLUMNS = `id, user_id, encode(credential_id, 'hex') as credential_id,
  encode(public_key, 'hex') as public_key, sign_count::int as sign_count, transports, friendly_name,
  created_at, updated_at, last_used_at`;

export async function passkeysOf(tx: Queryable, userId: string): Promise<PasskeyRow[]> {
  const { rows } = await tx.query<PasskeyRow>(
    `select ${PASSKEY_COLUMNS} from auth.webauthn_credentials where user_id = $1 order by created_at asc`,
    [userId],
  );
  return rows;
}

export async function findPasskey(
  tx: Queryable,
  userId: string,
  id: string,
): Promise<PasskeyRow | null> {
  if (!isUuid(id)) return null;
  const { rows } = await tx.query<PasskeyRow>(
    `select ${PASSKEY_COLUMNS} from auth.webauthn_credentials where id = $1 and user_id = $2`,
    [id, userId],
  );
  return rows[0] ?? null;
}

function hexToBase64url(hex: string): string {
  return Buffer.from(hex, 'hex').toString('base64url');
}

function descriptor(row: PasskeyRow): { id: string; transports: AuthenticatorTransport[] } {
  return {
    id: hexToBase64url(row.credential_id),
    transports: row.transports as AuthenticatorTransport[],
  };
}

/** What auth.webauthn_challenges.session_data keeps between options and verify. */
const SessionData = z.object({ challenge: z.string() });

/** Stores a ceremony's challenge; answers its id and expiry (UNIX seconds). */
export async function storeChallenge(
  tx: Queryable,
  type: ChallengeType,
  userId: string | null,
  challenge: string,
  expiryMs: number,
): Promise<{ challengeId: string; expiresAt: number }> {
  const challengeId = randomUUID();
  const expiresAt = new Date(Date.now() + expiryMs);
  // Expired challenges are deleted here, since an abandoned ceremony never comes back to use up
  // its own; GoTrue's periodic clean-up deletes them the same way (models/cleanup.go).
  await tx.query('delete from auth.webauthn_challenges where expires_at < now()');
  await tx.query(
    `insert into auth.webauthn_challenges (id, user_id, challenge_type, session_data, expires_at)
     values ($1, $2, $3, $4::jsonb, $5)`,
    [challengeId, userId, type, JSON.stringify({ challenge }), expiresAt.toISOString()],
  );
  return { challengeId, expiresAt: Math.floor(expiresAt.getTime() / 1000) };
}

/**
 * Takes a challenge out of the table in one statement, so it answers once however many verify
 * calls race for it (GoTrue's ConsumeWebAuthnChallengeByID); an expired one is gone too.
 */
export async function consumeChallenge(
  tx: Queryable,
  challengeId: string,
  type: ChallengeType,
  userId: string | null,
): Promise<string> {
  const { rows } = await tx.query<{ session_data: unknown; expired: boolean }>(
    `delete from auth.webauthn_challenges
     where id = $1 and challenge_type = $2 and user_id is not distinct from $3::uuid
     returning session_data, expires_at < now() as expired`,
    [challengeId, type, userId],
  );
  const row = rows[0];
  if (!row) fail('webauthn_challenge_not_found');
  if (row.expired) fail('webauthn_challenge_expired');
  const session = SessionData.safeParse(row.session_data);
  if (!session.success) fail('webauthn_challenge_not_found');
  return session.data.challenge;
}

/** The WebAuthn user name GoTrue gives a passkey: the email, else the phone. */
function webauthnName(user: UserRow): string {
  return user.email || user.phone || user.id;
}

function webauthnDisplayName(user: UserRow): string {
  const name = (user.raw_user_meta_data as Record<string, unknown> | null)?.name;
  return typeof name === 'string' && name ? name : webauthnName(user);
}

/**
 * Options for navigator.credentials.create(): a resident (discoverable) key whose user handle is
 * the user's id, excluding the keys the user already has.
 */
export async function passkeyCreationOptions(
  rp: RelyingParty,
  user: UserRow,
  existing: PasskeyRow[],
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { generateRegistrationOptions } = await import('@simplewebauthn/server');
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: webauthnName(user),
    userDisplayName: webauthnDisplayName(user),
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map(descriptor),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
}

/** Options for navigator.credentials.get() with no allowCredentials: the authenticator offers its passkeys. */
export async function passkeyRequestOptions(
  rp: RelyingParty,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { generateAuthenticationOptions } = await import('@simplewebauthn/server');
  return generateAuthenticationOptions({ rpID: rp.id, userVerification: 'preferred' });
}

const Base64url = z.string().regex(/^[A-Za-z0-9_-]*={0,2}$/);

const RegistrationShape = z.object({
  id: Base64url,
  rawId: Base64url,
  type: z.literal('public-key'),
  response: z.object({ clientDataJSON: Base64url, attestationObject: Base64url }).loose(),
});

const AssertionShape = z.object({
  id: Base64url,
  rawId: Base64url,
  type: z.literal('public-key'),
  response: z
    .object({
      clientDataJSON: Base64url,
      authenticatorData: Base64url,
      signature: Base64url,
      userHandle: Base64url.optional(),
    })
    .loose(),
});

function invalidResponse(): never {
  fail('webauthn_verification_failed', 'Invalid credential response');
}

/** A verified registration: the key to store. */
export interface NewPasskey {
  credentialId: Buffer;
  publicKey: Buffer;
  counter: number;
  transports: string[];
  aaguid: string;
  backupEligible: boolean;
  backedUp: boolean;
  attestationType: string;
}

export async function verifyPasskeyRegistration(
  rp: RelyingParty,
  challenge: string,
  credential: unknown,
): Promise<NewPasskey> {
  const shape = RegistrationShape.safeParse(credential);
  if (!shape.success) invalidResponse();
  const { verifyRegistrationResponse } = await import('@simplewebauthn/server');
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response: credential as RegistrationResponseJSON,
      expectedChallenge: challenge,
      ...checkedAgainst(rp),
    });
  } catch {
    fail('webauthn_verification_failed');
  }
  if (!verified.verified) fail('webauthn_verification_failed');
  const info = verified.registrationInfo;
  return {
    credentialId: Buffer.from(info.credential.id, 'base64url'),
    publicKey: Buffer.from(info.credential.publicKey),
    counter: info.credential.counter,
    transports: info.credential.transports ?? [],
    aaguid: info.aaguid,
    backupEligible: info.credentialDeviceType === 'multiDevice',
    backedUp: info.credentialBackedUp,
    attestationType: info.fmt,
  };
}

/** The user an assertion names by its user handle (the user id, as registration set it); null when it names none. */
export function userHandleOf(credential: unknown): string | null {
  const shape = AssertionShape.safeParse(credential);
  if (!shape.success) invalidResponse();
  const handle = shape.data.response.userHandle;
  if (!handle) return null;
  const id = Buffer.from(handle, 'base64url').toString('utf8');
  return isUuid(id) ? id : null;
}

/**
 * Checks a discoverable assertion against the stored key, including the signature counter (a
 * counter that did not advance means a cloned authenticator and is refused); answers the new count.
 */
export async function verifyPasskeyAssertion(
  rp: RelyingParty,
  challenge: string,
  stored: PasskeyRow,
  credential: unknown,
): Promise<number> {
  const { verifyAuthenticationResponse } = await import('@simplewebauthn/server');
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response: credential as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      ...checkedAgainst(rp),
      credential: {
        id: hexToBase64url(stored.credential_id),
        publicKey: new Uint8Array(Buffer.from(stored.public_key, 'hex')),
        counter: stored.sign_count,
        transports: stored.transports as AuthenticatorTransport[],
      },
    });
  } catch {
    fail('webauthn_verification_failed');
  }
  if (!verified.verified) fail('webauthn_verification_failed');
  return verified.authenticationInfo.newCounter;
}

/** The stored passkey an assertion was made with, among the user's own. */
export function passkeyForAssertion(passkeys: PasskeyRow[], credential: unknown): PasskeyRow | null {
  const id = (credential as { id?: unknown }).id;
  if (typeof id !== 'string') return null;
  const hex = Buffer.from(id, 'base64url').toString('hex');
  return passkeys.find((row) => row.credential_id === hex) ?? null;
}
