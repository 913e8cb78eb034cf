// The SAML certificates the emulator makes must be readable by OpenSSL whatever random bytes
// their serial is drawn from: one refused certificate fails every SSO sign-in on that database.
import { createSign, createVerify, X509Certificate } from 'node:crypto';
import { PGliteWorkerDatabase } from '../../db/pglite-worker.js';
import { certificateSerial, makeSamlKeyPair, SamlKeyStore } from './saml-keys.js';

// Drawn all zero: the old serial would have been 00 00 …, which DER and OpenSSL refuse. One key
// pair serves every test (node-forge signs slowly under Jest, about 2 s a certificate).
const pair = makeSamlKeyPair('serial test', Buffer.alloc(16));

describe('SAML key pairs', () => {
  it('make a certificate OpenSSL reads and verifies with, whatever its serial was drawn from', () => {
    const certificate = new X509Certificate(pair.certificate);
    expect(certificate.subject).toBe('CN=serial test');
    // Positive, 16 octets, none of them redundant.
    expect(certificate.serialNumber).toMatch(/^[4-7][0-9A-F]{31}$/);
    const signature = createSign('RSA-SHA256').update('AuthnRequest').sign(pair.privateKey, 'base64');
    expect(
      createVerify('RSA-SHA256').update('AuthnRequest').verify(pair.certificate, signature, 'base64'),
    ).toBe(true);
  });

  it.each([
    ['00112233445566778899aabbccddeeff', '40112233445566778899aabbccddeeff'],
    ['0005abababababababababababababab', '4005abababababababababababababab'],
    ['ff800000000000000000000000000000', '7f800000000000000000000000000000'],
  ])('draw a positive serial with a non-zero first octet from %s, keeping the rest', (random, serial) => {
    const bytes = Buffer.from(random, 'hex');
    expect(certificateSerial(bytes)).toBe(serial);
    expect(bytes.toString('hex')).toBe(random);
  });
});

describe('the SAML key store', () => {
  let db: PGliteWorkerDatabase;
  beforeAll(async () => {
    db = await PGliteWorkerDatabase.open(null);
    await db.exec(`create schema portal_emulator;
      create table portal_emulator.saml_keys (role text primary key, private_key text not null, certificate text not null);`);
  }, 60_000);
  afterAll(() => db?.close());

  it('replaces a stored certificate OpenSSL cannot read, and keeps a readable one', async () => {
    // What an emulator made before serials were drawn with certificateSerial: a serial with a
    // redundant zero octet first (here 00 00 …, in place of 40 00 …; same length).
    const der = Buffer.from(pair.certificate.replace(/-----[^-]+-----|\s/g, ''), 'base64');
    const serial = Buffer.concat([Buffer.from('021040', 'hex'), Buffer.alloc(15)]);
    const at = der.indexOf(serial);
    expect(at).toBeGreaterThan(0);
    der[at + 2] = 0;
    const brokenPem = `-----BEGIN CERTIFICATE-----\n${der.toString('base64')}\n-----END CERTIFICATE-----\n`;
    expect(() => new X509Certificate(brokenPem)).toThrow(/illegal padding/);
    await db.query('insert into portal_emulator.saml_keys values ($1, $2, $3)', [
      'service_provider',
      pair.privateKey,
      brokenPem,
    ]);

    const replaced = await new SamlKeyStore(db).get('service_provider');
    expect(replaced.certificate).not.toBe(brokenPem);
    expect(new X509Certificate(replaced.certificate).subject).toBe('CN=Supabase Auth (emulator)');

    const again = await new SamlKeyStore(db).get('service_provider');
    expect(again).toEqual(replaced);
  });
});
