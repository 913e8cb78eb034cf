// The RSA keys and self-signed certificates SAML needs: the service provider's (GoTrue's
// GOTRUE_SAML_PRIVATE_KEY, which signs AuthnRequests and is published in the SP metadata) and
// the built-in test identity provider's (which signs assertions). Made on first use and kept in
// the emulator's private schema, so a provider registered from the test IdP's metadata keeps
// working across restarts on the same data.
import { generateKeyPairSync, randomBytes, X509Certificate } from 'node:crypto';
import { createRequire } from 'node:module';
import type Forge from 'node-forge';
import type { Database } from '../../db/database.js';

const require = createRequire(import.meta.url);
/** node-forge (certificates), loaded when a key is first made rather than at the emulator's start. */
const nodeForge = (): typeof Forge => require('node-forge');

export type SamlKeyRole = 'service_provider' | 'test_identity_provider';

export interface SamlKeyPair {
  /** PKCS#8 PEM. */
  privateKey: string;
  /** X.509 PEM. */
  certificate: string;
}

const TEN_YEARS_MS = 10 * 365 * 24 * 60 * 60 * 1000;

/**
 * A certificate serial (hex) from 16 random bytes: positive, and its first octet never zero.
 * DER wants an INTEGER in its fewest octets and OpenSSL 3 refuses a certificate whose serial
 * has a redundant leading zero ("illegal padding"); node-forge drops only one such octet, so a
 * random first byte of 0x00 would make one certificate in about 512 unreadable.
 */
export function certificateSerial(random: Buffer): string {
  const bytes = Buffer.from(random);
  bytes[0] = (bytes[0]! & 0x7f) | 0x40;
  return bytes.toString('hex');
}

/** A new 2048-bit RSA key with a self-signed certificate naming `commonName`. */
export function makeSamlKeyPair(commonName: string, serialRandom = randomBytes(16)): SamlKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privatePem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const forge = nodeForge();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(
    publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  );
  cert.serialNumber = certificateSerial(serialRandom);
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + TEN_YEARS_MS);
  const subject = [{ name: 'commonName', value: commonName }];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.sign(forge.pki.privateKeyFromPem(privatePem), forge.md.sha256.create());
  return { privateKey: privatePem, certificate: forge.pki.certificateToPem(cert) };
}

/** The certificate's base64 body, as metadata's <ds:X509Certificate> carries it. */
export function certificateBody(pem: string): string {
  return pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
}

function readable(certificate: string): boolean {
  try {
    new X509Certificate(certificate);
    return true;
  } catch {
    return false;
  }
}

/** Loads (or makes and stores) the key of a role, once per process and database. */
export class SamlKeyStore {
  private readonly pending = new Map<SamlKeyRole, Promise<SamlKeyPair>>();

  constructor(private readonly db: Database) {}

  get(role: SamlKeyRole): Promise<SamlKeyPair> {
    let pair = this.pending.get(role);
    if (!pair) {
      pair = this.load(role);
      this.pending.set(role, pair);
      pair.catch(() => this.pending.delete(role));
    }
    return pair;
  }

  private async load(role: SamlKeyRole): Promise<SamlKeyPair> {
    const stored = await this.read(role);
    if (stored && readable(stored.certificate)) return stored;
    const made = makeSamlKeyPair(
      role === 'service_provider' ? 'Supabase Auth (emulator)' : 'Emulator test identity provider',
    );
    // Another process on the same database may have stored one first: theirs wins. A certificate
    // OpenSSL cannot read (made before certificateSerial) never signed or verified anything, so
    // it is replaced.
    await this.db.query(
      `insert into portal_emulator.saml_keys (role, private_key, certificate) values ($1, $2, $3)
       on conflict (role) do update set private_key = excluded.private_key, certificate = excluded.certificate
       where saml_keys.certificate = $4`,
      [role, made.privateKey, made.certificate, stored?.certificate ?? null],
    );
    return (await this.read(role))!;
  }

  private async read(role: SamlKeyRole): Promise<SamlKeyPair | null> {
    const { rows } = await this.db.query<{ private_key: string; certificate: string }>(
      'select private_key, certificate from portal_emulator.saml_keys where role = $1',
      [role],
    );
    const row = rows[0];
    return row ? { privateKey: row.private_key, certificate: row.certificate } : null;
  }
}
