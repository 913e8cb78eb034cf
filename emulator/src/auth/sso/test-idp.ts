// The built-in test SAML identity provider, so single sign-on runs offline: its metadata at
// /auth/v1/test-saml-idp/metadata (register it with metadata_url or metadata_xml), a sign-in
// page at /auth/v1/test-saml-idp/sso that reads the service provider's AuthnRequest (signature
// checked against the emulator's SP certificate) and asks who signs in (email, name), then a
// page posting the signed Response to the ACS, as a real IdP's browser hand-off does. Its key
// is its own (saml-keys.ts). For testing error handling the page can also send a response for
// another audience or an expired one.
import { createHash, createVerify, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { inflateRawSync } from 'node:zlib';
import type { Hono } from 'hono';
import { html } from 'hono/html';
import type * as XmlCrypto from 'xml-crypto';
import type { GatewayEnv } from '../../http/gateway-env.js';
import type { AuthContext } from '../context.js';
import { AuthError, fail } from '../errors.js';
import { route, type AuthRequest } from '../request/http.js';
import { standInPage } from '../stand-in-page.js';
import { validateEmail } from '../request/validation.js';
import { certificateBody, type SamlKeyStore } from './saml-keys.js';
import { NAME_ID_FORMAT, NS, childAt, parseXml, textOf, xmlEscape } from './saml-xml.js';
import type { ServiceProviderUrls } from './service-provider.js';

const require = createRequire(import.meta.url);
/** xml-crypto, loaded when the test IdP first signs a response rather than at the emulator's start. */
const xmlCrypto = (): typeof XmlCrypto => require('xml-crypto');

const PATH = '/test-saml-idp';
/** How long a response from the test IdP is valid. */
const ASSERTION_LIFETIME_MS = 5 * 60 * 1000;
const SIGNATURE_ALGORITHMS: Record<string, string> = {
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256': 'RSA-SHA256',
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha512': 'RSA-SHA512',
  'http://www.w3.org/2000/09/xmldsig#rsa-sha1': 'RSA-SHA1',
};

/** The test IdP's user ID for an address: stable, so the same email is the same SAML subject. */
export function testIdpSubject(email: string): string {
  return createHash('sha256').update(`saml:${email.toLowerCase()}`).digest('hex').slice(0, 32);
}

interface PendingRequest {
  requestId: string;
  relayState: string;
  /** The NameID format the SP asked for. */
  nameIdFormat: string;
}

export interface TestAssertion {
  issuer: string;
  acsUrl: string;
  audience: string;
  requestId: string | null;
  email: string;
  name: string | null;
  nameIdFormat: string;
  /** Issue the assertion this long ago (an expired one when beyond its lifetime). */
  ageMs?: number;
}

/** A SAML Response whose Assertion is signed (enveloped, exclusive c14n, RSA-SHA256) by the IdP's key. */
export function signedTestResponse(
  assertion: TestAssertion,
  keys: { privateKey: string; certificate: string },
): string {
  const issued = new Date(Date.now() - (assertion.ageMs ?? 0));
  const notBefore = new Date(issued.getTime() - 60_000).toISOString();
  const notOnOrAfter = new Date(issued.getTime() + ASSERTION_LIFETIME_MS).toISOString();
  const assertionId = `_${randomBytes(20).toString('hex')}`;
  const nameId =
    assertion.nameIdFormat === NAME_ID_FORMAT.emailAddress
      ? assertion.email
      : testIdpSubject(assertion.email);
  const format =
    assertion.nameIdFormat === NAME_ID_FORMAT.emailAddress
      ? NAME_ID_FORMAT.emailAddress
      : NAME_ID_FORMAT.persistent;
  const inResponseTo = assertion.requestId
    ? ` InResponseTo="${xmlEscape(assertion.requestId)}"`
    : '';
  const attribute = (name: string, value: string) =>
    `<saml:Attribute Name="${name}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic"><saml:AttributeValue>${xmlEscape(value)}</saml:AttributeValue></saml:Attribute>`;
  const attributes = [
    attribute('email', assertion.email),
    ...(assertion.name ? [attribute('name', assertion.name)] : []),
  ].join('');
  const xml = `<samlp:Response xmlns:samlp="${NS.protocol}" xmlns:saml="${NS.assertion}" ID="_${randomBytes(20).toString('hex')}" Version="2.0" IssueInstant="${issued.toISOString()}" Destination="${xmlEscape(assertion.acsUrl)}"${inResponseTo}>
<saml:Issuer>${xmlEscape(assertion.issuer)}</saml:Issuer>
<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>
<saml:Assertion ID="${assertionId}" Version="2.0" IssueInstant="${issued.toISOString()}">
<saml:Issuer>${xmlEscape(assertion.issuer)}</saml:Issuer>
<saml:Subject><saml:NameID Format="${format}">${xmlEscape(nameId)}</saml:NameID>
<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${notOnOrAfter}" Recipient="${xmlEscape(assertion.acsUrl)}"${inResponseTo}/></saml:SubjectConfirmation></saml:Subject>
<saml:Conditions NotBefore="${notBefore}" NotOnOrAfter="${notOnOrAfter}"><saml:AudienceRestriction><saml:Audience>${xmlEscape(assertion.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>
<saml:AuthnStatement AuthnInstant="${issued.toISOString()}" SessionIndex="${assertionId}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>
<saml:AttributeStatement>${attributes}</saml:AttributeStatement>
</saml:Assertion>
</samlp:Response>`;
  const { SignedXml } = xmlCrypto();
  const signer = new SignedXml({
    privateKey: keys.privateKey,
    publicCert: keys.certificate,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  signer.addReference({
    xpath: `//*[local-name(.)='Assertion' and @ID='${assertionId}']`,
    transforms: [
      'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
      'http://www.w3.org/2001/10/xml-exc-c14n#',
    ],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
  });
  signer.computeSignature(xml, {
    prefix: 'ds',
    location: {
      reference: `//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']`,
      action: 'after',
    },
  });
  return signer.getSignedXml();
}

/** The test IdP's metadata: its entity ID, signing certificate and SSO endpoints. */
function idpMetadata(entityId: string, ssoUrl: string, certificate: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<md:EntityDescriptor xmlns:md="${NS.metadata}" entityID="${xmlEscape(entityId)}">
  <md:IDPSSODescriptor WantAuthnRequestsSigned="true" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing">
      <ds:KeyInfo xmlns:ds="${NS.dsig}"><ds:X509Data><ds:X509Certificate>${certificateBody(certificate)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo>
    </md:KeyDescriptor>
    <md:NameIDFormat>${NAME_ID_FORMAT.persistent}</md:NameIDFormat>
    <md:NameIDFormat>${NAME_ID_FORMAT.emailAddress}</md:NameIDFormat>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${xmlEscape(ssoUrl)}"/>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${xmlEscape(ssoUrl)}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>
`;
}

/** A query parameter exactly as sent (the redirect binding signs the encoded form). */
function rawQueryParam(url: URL, name: string): string | null {
  for (const part of url.search.slice(1).split('&')) {
    const [key, value = ''] = part.split('=');
    if (key === name) return value;
  }
  return null;
}

/** A hidden form field; `value` is escaped. */
const hidden = (name: string, value: string) => html`<input type="hidden" name="${name}" value="${value}">`;

export function testIdentityProviderRoutes(
  app: Hono<GatewayEnv>,
  ctx: AuthContext,
  samlKeys: SamlKeyStore,
  sp: ServiceProviderUrls,
): void {
  const base = `${ctx.settings.apiUrl}/auth/v1${PATH}`;
  const entityId = `${base}/metadata`;
  const ssoUrl = `${base}/sso`;

  /** The AuthnRequest of an HTTP-Redirect, its signature checked with the emulator's SP certificate. */
  async function readAuthnRequest(c: AuthRequest): Promise<PendingRequest> {
    const url = new URL(c.req.url);
    const encoded = url.searchParams.get('SAMLRequest') ?? '';
    let xml: string;
    try {
      xml = inflateRawSync(Buffer.from(encoded, 'base64')).toString('utf8');
    } catch {
      fail('validation_failed', 'SAMLRequest is not a deflated, base64-encoded AuthnRequest');
    }
    let request: Element;
    try {
      request = parseXml(xml);
    } catch (error) {
      fail('validation_failed', `SAMLRequest is not valid XML: ${(error as Error).message}`);
    }
    if (request.namespaceURI !== NS.protocol || request.localName !== 'AuthnRequest')
      fail('validation_failed', 'SAMLRequest is not an AuthnRequest');
    const issuer = textOf(childAt(request, [NS.assertion, 'Issuer']));
    if (issuer !== sp.entityId)
      fail('validation_failed', `The test IdP only serves this emulator (${sp.entityId}), not ${issuer}`);
    const sigAlg = url.searchParams.get('SigAlg') ?? '';
    const signature = url.searchParams.get('Signature') ?? '';
    const algorithm = SIGNATURE_ALGORITHMS[sigAlg];
    if (!algorithm || !signature) fail('validation_failed', 'The AuthnRequest is not signed');
    const relayStateRaw = rawQueryParam(url, 'RelayState');
    const signed = [
      `SAMLRequest=${rawQueryParam(url, 'SAMLRequest')}`,
      ...(relayStateRaw !== null ? [`RelayState=${relayStateRaw}`] : []),
      `SigAlg=${rawQueryParam(url, 'SigAlg')}`,
    ].join('&');
    const { certificate } = await samlKeys.get('service_provider');
    const verifier = createVerify(algorithm);
    verifier.update(signed);
    if (!verifier.verify(certificate, signature, 'base64'))
      fail('validation_failed', "The AuthnRequest's signature does not match the service provider's certificate");
    const policy = childAt(request, [NS.protocol, 'NameIDPolicy']);
    return {
      requestId: request.getAttribute('ID') ?? '',
      relayState: url.searchParams.get('RelayState') ?? '',
      nameIdFormat: policy?.getAttribute('Format') ?? NAME_ID_FORMAT.persistent,
    };
  }

  function signInPage(pending: PendingRequest, values: { email?: string; name?: string; error?: string }) {
    return standInPage(
      'Test SAML identity provider',
      html`<h1>Test SAML sign-in</h1>
<p class="hint">This page stands in for your company's identity provider while the project runs on the emulator.
Choose who signs in; no password is needed.</p>
${values.error ? html`<p class="error" role="alert">${values.error}</p>` : ''}
<form method="post" action="${ssoUrl}">
${hidden('request_id', pending.requestId)}${hidden('relay_state', pending.relayState)}${hidden('name_id_format', pending.nameIdFormat)}
<label for="email">Email</label><input id="email" name="email" type="email" required placeholder="someone@example.com" value="${values.email ?? ''}">
<label for="name">Name</label><input id="name" name="name" type="text" placeholder="Someone Example" value="${values.name ?? ''}">
<details><summary>Testing error handling</summary>
<label for="audience">Audience (the service provider by default)</label><input id="audience" name="audience" type="text" placeholder="${sp.entityId}">
<label><input type="checkbox" name="expired" value="true"> Send an expired assertion</label>
</details>
<button type="submit">Sign in</button>
</form>`,
    );
  }

  app.get(
    `${PATH}/metadata`,
    route(ctx.log, async (c) => {
      const { certificate } = await samlKeys.get('test_identity_provider');
      return c.body(idpMetadata(entityId, ssoUrl, certificate), 200, {
        'content-type': 'application/xml',
      });
    }),
  );

  app.get(
    `${PATH}/sso`,
    route(ctx.log, async (c) => {
      // Without a SAMLRequest the sign-in starts here (IdP-initiated), RelayState being where to go after.
      const pending = c.req.query('SAMLRequest')
        ? await readAuthnRequest(c)
        : {
            requestId: '',
            relayState: c.req.query('RelayState') ?? '',
            nameIdFormat: NAME_ID_FORMAT.persistent,
          };
      return c.html(signInPage(pending, {}));
    }),
  );

  app.post(
    `${PATH}/sso`,
    route(ctx.log, async (c) => {
      const body = await c.req.parseBody();
      const field = (name: string) => (typeof body[name] === 'string' ? body[name] : '').trim();
      const pending: PendingRequest = {
        requestId: field('request_id'),
        relayState: field('relay_state'),
        nameIdFormat: field('name_id_format') || NAME_ID_FORMAT.persistent,
      };
      let email: string;
      try {
        email = validateEmail(field('email'));
      } catch (error) {
        if (!(error instanceof AuthError)) throw error;
        return c.html(
          signInPage(pending, { email: field('email'), name: field('name'), error: error.message }),
          400,
        );
      }
      const xml = signedTestResponse(
        {
          issuer: entityId,
          acsUrl: sp.acsUrl,
          audience: field('audience') || sp.entityId,
          requestId: pending.requestId || null,
          email,
          name: field('name') || null,
          nameIdFormat: pending.nameIdFormat,
          ...(field('expired') === 'true' ? { ageMs: 60 * 60 * 1000 } : {}),
        },
        await samlKeys.get('test_identity_provider'),
      );
      return c.html(
        standInPage(
          'Signing in…',
          html`<h1>Signing in…</h1>
<form id="saml-post" method="post" action="${sp.acsUrl}">
${hidden('SAMLResponse', Buffer.from(xml, 'utf8').toString('base64'))}${pending.relayState ? hidden('RelayState', pending.relayState) : ''}
<p class="hint">Sending the signed response back to the application.</p>
<button type="submit">Continue</button>
</form>`,
          html`<script>document.getElementById("saml-post").submit()</script>`,
        ),
      );
    }),
  );
}
