// The project as a SAML service provider, as GoTrue sets it up (getSAMLServiceProvider): entity
// ID = its metadata URL, ACS at /sso/saml/acs, AuthnRequests signed over the HTTP-Redirect
// binding asking for a persistent NameID. Requests are made and responses verified by
// @node-saml/node-saml, whose checks read only the signed part of a response (no signature
// wrapping): signature against the IdP's registered certificates, audience, NotBefore and
// NotOnOrAfter, InResponseTo against the relay state's request. node-saml is loaded on the first
// SSO request, not at the emulator's start.
import { randomBytes } from 'node:crypto';
import type { CacheProvider, Profile, SAML } from '@node-saml/node-saml';
import type { IdpMetadata } from './idp-metadata.js';
import { certificateBody, type SamlKeyPair } from './saml-keys.js';
import { NAME_ID_FORMAT, xmlEscape } from './saml-xml.js';

/** crewjam/saml's MaxClockSkew, which GoTrue uses. */
const CLOCK_SKEW_MS = 180_000;

export interface ServiceProviderUrls {
  entityId: string;
  acsUrl: string;
  sloUrl: string;
}

export function serviceProviderUrls(apiUrl: string): ServiceProviderUrls {
  const base = `${apiUrl}/auth/v1/sso/saml`;
  return { entityId: `${base}/metadata`, acsUrl: `${base}/acs`, sloUrl: `${base}/slo` };
}

/** GoTrue's SP metadata: signing key, email and persistent NameID formats, POST ACS. */
export function serviceProviderMetadata(
  urls: ServiceProviderUrls,
  keys: SamlKeyPair,
  validUntil: Date | null,
): string {
  const cert = certificateBody(keys.certificate);
  const until = validUntil ? ` validUntil="${validUntil.toISOString()}"` : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${xmlEscape(urls.entityId)}"${until}>
  <SPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol" WantAssertionsSigned="true">
    <KeyDescriptor use="signing">
      <KeyInfo xmlns="http://www.w3.org/2000/09/xmldsig#"><X509Data><X509Certificate>${cert}</X509Certificate></X509Data></KeyInfo>
    </KeyDescriptor>
    <SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${xmlEscape(urls.sloUrl)}" ResponseLocation="${xmlEscape(urls.sloUrl)}"/>
    <NameIDFormat>${NAME_ID_FORMAT.emailAddress}</NameIDFormat>
    <NameIDFormat>${NAME_ID_FORMAT.persistent}</NameIDFormat>
    <AssertionConsumerService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${xmlEscape(urls.acsUrl)}" index="1"/>
  </SPSSODescriptor>
</EntityDescriptor>
`;
}

/**
 * node-saml keeps request IDs in a cache (ID → when it was made); here the one ID is the relay
 * state's, read from the database, whose own validity period the ACS has already checked.
 */
function singleRequestCache(requestId: string | null): CacheProvider {
  return {
    saveAsync: async (_key, value) => ({ value, createdAt: Date.now() }),
    getAsync: async (key) =>
      requestId !== null && key === requestId ? new Date().toISOString() : null,
    removeAsync: async (key) => key,
  };
}

async function samlFor(
  urls: ServiceProviderUrls,
  idp: IdpMetadata,
  options: { keys?: SamlKeyPair; requestId?: string | null; nameIdFormat?: string | null },
): Promise<SAML> {
  const { SAML, ValidateInResponseTo } = await import('@node-saml/node-saml');
  const requestId = options.requestId ?? null;
  return new SAML({
    // node-saml refuses an empty list; a provider without certificates then matches nothing.
    idpCert: idp.signingCertificates.length > 0 ? idp.signingCertificates : ['MA=='],
    issuer: urls.entityId,
    audience: urls.entityId,
    callbackUrl: urls.acsUrl,
    entryPoint: idp.redirectSsoUrl ?? idp.postSsoUrl ?? undefined,
    identifierFormat: options.nameIdFormat ?? NAME_ID_FORMAT.persistent,
    disableRequestedAuthnContext: true,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    // Either the Response or its Assertion must carry a valid signature (crewjam's rule).
    wantAuthnResponseSigned: false,
    wantAssertionsSigned: false,
    validateInResponseTo: requestId ? ValidateInResponseTo.always : ValidateInResponseTo.never,
    cacheProvider: singleRequestCache(requestId),
    ...(options.keys
      ? { privateKey: options.keys.privateKey, signatureAlgorithm: 'sha256' as const }
      : {}),
    ...(requestId ? { generateUniqueId: () => requestId } : {}),
  });
}

/** A new AuthnRequest ID (an NCName, as SAML IDs must be). */
export function newRequestId(): string {
  return `id-${randomBytes(20).toString('hex')}`;
}

/** The IdP's URL carrying a signed AuthnRequest with this ID over the HTTP-Redirect binding. */
export async function authnRequestUrl(
  urls: ServiceProviderUrls,
  idp: IdpMetadata,
  keys: SamlKeyPair,
  request: { id: string; relayState: string; nameIdFormat: string | null },
): Promise<string> {
  const saml = await samlFor(urls, idp, {
    keys,
    requestId: request.id,
    nameIdFormat: request.nameIdFormat,
  });
  return saml.getAuthorizeUrlAsync(request.relayState, undefined, {});
}

/**
 * The verified assertion of a posted SAMLResponse: throws with node-saml's reason when the
 * signature, audience, validity window or InResponseTo is wrong.
 */
export async function verifyResponse(
  urls: ServiceProviderUrls,
  idp: IdpMetadata,
  samlResponse: string,
  requestId: string | null,
): Promise<Profile> {
  const saml = await samlFor(urls, idp, { requestId });
  const { profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse });
  if (!profile) throw new Error('the response carries no assertion');
  return profile;
}
