// The service provider's response checks (node-saml) against responses the test IdP signs:
// what a valid response yields, and the refusals an attacker or a wrong setup would meet.
import { readAssertion, userIdOf, emailOf } from './assertion.js';
import { parseIdpMetadata } from './idp-metadata.js';
import { certificateBody, makeSamlKeyPair } from './saml-keys.js';
import { NAME_ID_FORMAT } from './saml-xml.js';
import { serviceProviderUrls, verifyResponse } from './service-provider.js';
import { signedTestResponse, type TestAssertion } from './test-idp.js';

const urls = serviceProviderUrls('http://127.0.0.1:54321');
const idpKeys = makeSamlKeyPair('test idp');
const otherKeys = makeSamlKeyPair('someone else');
const ISSUER = 'http://127.0.0.1:54321/auth/v1/test-saml-idp/metadata';

const idp = parseIdpMetadata(`<?xml version="1.0"?>
<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${ISSUER}">
  <IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <KeyDescriptor use="signing"><KeyInfo xmlns="http://www.w3.org/2000/09/xmldsig#"><X509Data>
      <X509Certificate>${certificateBody(idpKeys.certificate)}</X509Certificate></X509Data></KeyInfo></KeyDescriptor>
    <SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="http://127.0.0.1:54321/auth/v1/test-saml-idp/sso"/>
  </IDPSSODescriptor>
</EntityDescriptor>`);

function assertion(overrides: Partial<TestAssertion> = {}): TestAssertion {
  return {
    issuer: ISSUER,
    acsUrl: urls.acsUrl,
    audience: urls.entityId,
    requestId: 'id-request-1',
    email: 'ada@acme.test',
    name: 'Ada Lovelace',
    nameIdFormat: NAME_ID_FORMAT.persistent,
    ...overrides,
  };
}

const encode = (xml: string) => Buffer.from(xml, 'utf8').toString('base64');

describe('SAML responses checked by the service provider', () => {
  it('accepts a response signed by the registered IdP for the pending request', async () => {
    const xml = signedTestResponse(assertion(), idpKeys);
    const profile = await verifyResponse(urls, idp, encode(xml), 'id-request-1');
    const read = readAssertion(profile.getAssertionXml!());
    expect(read.issuer).toBe(ISSUER);
    expect(read.recipients).toEqual([urls.acsUrl]);
    expect(emailOf(read)).toBe('ada@acme.test');
    expect(userIdOf(read)).toMatch(/^[0-9a-f]{32}$/);
  });

  it('refuses an assertion changed after it was signed', async () => {
    const xml = signedTestResponse(assertion(), idpKeys).replace(
      '<saml:AttributeValue>ada@acme.test',
      '<saml:AttributeValue>mallory@acme.test',
    );
    expect(xml).toContain('mallory@acme.test');
    await expect(verifyResponse(urls, idp, encode(xml), 'id-request-1')).rejects.toThrow(
      /signature/i,
    );
  });

  it('refuses a response signed by a key the provider did not register', async () => {
    const xml = signedTestResponse(assertion(), otherKeys);
    await expect(verifyResponse(urls, idp, encode(xml), 'id-request-1')).rejects.toThrow(
      /signature/i,
    );
  });

  it('refuses a signed assertion wrapped beside an unsigned one (signature wrapping)', async () => {
    const genuine = signedTestResponse(assertion({ email: 'eve@acme.test' }), idpKeys);
    const forged = signedTestResponse(assertion({ email: 'admin@acme.test' }), otherKeys);
    const forgedAssertion = forged.slice(
      forged.indexOf('<saml:Assertion'),
      forged.indexOf('</saml:Assertion>') + '</saml:Assertion>'.length,
    );
    const wrapped = genuine.replace('<saml:Assertion', `${forgedAssertion}<saml:Assertion`);
    await expect(verifyResponse(urls, idp, encode(wrapped), 'id-request-1')).rejects.toThrow();
  });

  it('refuses an assertion for another audience', async () => {
    const xml = signedTestResponse(assertion({ audience: 'https://other.example.com' }), idpKeys);
    await expect(verifyResponse(urls, idp, encode(xml), 'id-request-1')).rejects.toThrow(
      /audience/i,
    );
  });

  it('refuses an expired assertion', async () => {
    const xml = signedTestResponse(assertion({ ageMs: 60 * 60 * 1000 }), idpKeys);
    await expect(verifyResponse(urls, idp, encode(xml), 'id-request-1')).rejects.toThrow(
      /no valid subject confirmation|expired/i,
    );
  });

  it('refuses a response to another request', async () => {
    const xml = signedTestResponse(assertion({ requestId: 'id-request-2' }), idpKeys);
    await expect(verifyResponse(urls, idp, encode(xml), 'id-request-1')).rejects.toThrow(
      /InResponseTo/,
    );
  });
});
