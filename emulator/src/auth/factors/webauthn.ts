// WebAuthn factors as GoTrue serves them (docs/compatibility.md#auth-webauthn-factors): the
// relying party comes from the project's settings, never from the request (auth-js still sends
// rpId/rpOrigins; GoTrue ignores them), and every ceremony is checked by @simplewebauthn/server.
// @simplewebauthn/server is loaded on the first ceremony (about 0.4 s of CPU a start would spend).
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { z } from 'zod';

export interface RelyingParty {
  id: string;
  name: string;
  origins: string[];
}

/**
 * What @simplewebauthn/server checks a response against: the relying party's origins and id.
 * User verification is not required, as GoTrue asks for it only as "preferred".
 */
export function checkedAgainst(rp: RelyingParty) {
  return { expectedOrigin: rp.origins, expectedRPID: rp.id, requireUserVerification: false };
}

/** What auth.mfa_factors.web_authn_credential keeps of a verified key. */
export const StoredCredential = z.object({
  id: z.string(),
  public_key: z.string(),
  counter: z.number().int().nonnegative(),
  transports: z.array(z.string()).default([]),
});
export type StoredCredential = z.infer<typeof StoredCredential>;

/** What auth.mfa_challenges.web_authn_session_data keeps between challenge and verify. */
export const CeremonySession = z.object({
  type: z.enum(['create', 'request']),
  challenge: z.string(),
});
export type CeremonySession = z.infer<typeof CeremonySession>;

/** Options for navigator.credentials.create(), as JSON (binary fields base64url). */
export async function registrationOptions(
  rp: RelyingParty,
  user: { id: string; name: string },
  exclude: StoredCredential[],
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { generateRegistrationOptions } = await import('@simplewebauthn/server');
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.name,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: exclude.map((credential) => ({
      id: credential.id,
      transports: credential.transports as AuthenticatorTransport[],
    })),
    authenticatorSelection: { residentKey: 'discouraged', userVerification: 'preferred' },
  });
}

/** Options for navigator.credentials.get(), allowing only the factor's own credential. */
export async function authenticationOptions(
  rp: RelyingParty,
  credential: StoredCredential,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { generateAuthenticationOptions } = await import('@simplewebauthn/server');
  return generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: [
      { id: credential.id, transports: credential.transports as AuthenticatorTransport[] },
    ],
    userVerification: 'preferred',
  });
}

/** A refused ceremony, in words a person can act on. */
export class CeremonyRefused extends Error {}

function refusal(error: unknown): CeremonyRefused {
  return new CeremonyRefused(error instanceof Error ? error.message : String(error));
}

/** Checks an attestation against the challenge; the key to keep when it holds. */
export async function verifyRegistration(
  rp: RelyingParty,
  session: CeremonySession,
  response: unknown,
): Promise<{ credential: StoredCredential; aaguid: string }> {
  const { verifyRegistrationResponse } = await import('@simplewebauthn/server');
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: session.challenge,
      ...checkedAgainst(rp),
    });
  } catch (error) {
    throw refusal(error);
  }
  if (!verified.verified) throw new CeremonyRefused('The registration could not be verified');
  const { credential, aaguid } = verified.registrationInfo;
  return {
    credential: {
      id: credential.id,
      public_key: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
    },
    aaguid,
  };
}

/** Checks an assertion by the stored key; the key's new signature counter when it holds. */
export async function verifyAuthentication(
  rp: RelyingParty,
  session: CeremonySession,
  stored: StoredCredential,
  response: unknown,
): Promise<number> {
  const answer = response as AuthenticationResponseJSON;
  if (answer?.id !== stored.id)
    throw new CeremonyRefused('The credential used is not the one enrolled for this factor');
  const { verifyAuthenticationResponse } = await import('@simplewebauthn/server');
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response: answer,
      expectedChallenge: session.challenge,
      ...checkedAgainst(rp),
      credential: {
        id: stored.id,
        publicKey: new Uint8Array(Buffer.from(stored.public_key, 'base64url')),
        counter: stored.counter,
        transports: stored.transports as AuthenticatorTransport[],
      },
    });
  } catch (error) {
    throw refusal(error);
  }
  if (!verified.verified) throw new CeremonyRefused('The assertion could not be verified');
  return verified.authenticationInfo.newCounter;
}
