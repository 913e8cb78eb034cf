// A passkey authenticator in software, for tests: ES256 keys from node:crypto, resident
// (discoverable) credentials per relying party, "none" attestation, a signature counter that
// advances with every assertion. It answers the JSON options GoTrue hands out with the JSON
// responses auth-js sends back (binary fields base64url), as a browser with a platform
// authenticator would.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

interface ResidentCredential {
  id: Buffer;
  privateKey: KeyObject;
  rpId: string;
  userHandle: string;
  signCount: number;
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
  excludeCredentials?: { id: string }[];
}

interface RequestOptions {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
}

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

function sha256(data: Buffer | string): Buffer {
  return createHash('sha256').update(data).digest();
}

function uint32(value: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(value);
  return out;
}

export class SoftwareAuthenticator {
  readonly credentials: ResidentCredential[] = [];

  constructor(private readonly origin: string) {}

  /** navigator.credentials.create(): a new resident key; the RegistrationResponseJSON. */
  createCredential(options: CreationOptions): Record<string, unknown> {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const excluded = new Set(options.excludeCredentials?.map((c) => c.id));
    if (this.credentials.some((c) => c.rpId === rpId && excluded.has(c.id.toString('base64url'))))
      throw new Error('InvalidStateError: the authenticator already holds an excluded credential');
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]);
    const credential: ResidentCredential = {
      id: randomBytes(32),
      privateKey,
      rpId,
      userHandle: options.user.id,
      signCount: 0,
    };
    const credentialIdLength = Buffer.alloc(2);
    credentialIdLength.writeUInt16BE(credential.id.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_DATA]),
      uint32(credential.signCount),
      Buffer.alloc(16), // aaguid: this authenticator does not name its model
      credentialIdLength,
      credential.id,
      Buffer.from(isoCBOR.encode(coseKey)),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    this.credentials.push(credential);
    const id = credential.id.toString('base64url');
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: this.clientData('webauthn.create', options.challenge).toString('base64url'),
        attestationObject: Buffer.from(attestationObject).toString('base64url'),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** navigator.credentials.get(): an assertion by a resident key of the relying party; the AuthenticationResponseJSON. */
  getAssertion(options: RequestOptions, pick: (c: ResidentCredential) => boolean = () => true) {
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    const allowed = options.allowCredentials?.length
      ? new Set(options.allowCredentials.map((c) => c.id))
      : null;
    const credential = this.credentials.find(
      (c) => c.rpId === rpId && (!allowed || allowed.has(c.id.toString('base64url'))) && pick(c),
    );
    if (!credential) throw new Error(`NotAllowedError: no passkey for ${rpId}`);
    credential.signCount += 1;
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([FLAG_USER_PRESENT | FLAG_USER_VERIFIED]),
      uint32(credential.signCount),
    ]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
    const id = credential.id.toString('base64url');
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        authenticatorData: authData.toString('base64url'),
        signature: signature.toString('base64url'),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  private clientData(type: string, challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }
}
