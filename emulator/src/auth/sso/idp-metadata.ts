// An identity provider's SAML metadata, read and checked as GoTrue's parseSAMLMetadata does
// when a provider is registered: an EntityID, exactly one IDPSSODescriptor; then what the
// sign-in needs from it: the signing certificates and the HTTP-Redirect SSO endpoint.
import { AuthError, fail } from '../errors.js';
import { BINDING, NS, childElements, descendants, parseXml, textOf } from './saml-xml.js';

export interface IdpMetadata {
  entityId: string;
  /** The EntityDescriptor's validUntil, when it has one. */
  validUntil: Date | null;
  /** Base64 DER bodies of the certificates usable for signing. */
  signingCertificates: string[];
  /** The SingleSignOnService location for the HTTP-Redirect binding, if any. */
  redirectSsoUrl: string | null;
  /** The SingleSignOnService location for the HTTP-POST binding, if any. */
  postSsoUrl: string | null;
}

/** The descriptor's EntityDescriptor: the root, or the only one inside an EntitiesDescriptor. */
function entityDescriptor(root: Element): Element {
  if (root.namespaceURI === NS.metadata && root.localName === 'EntityDescriptor') return root;
  if (root.namespaceURI === NS.metadata && root.localName === 'EntitiesDescriptor') {
    const entities = descendants(root, NS.metadata, 'EntityDescriptor');
    if (entities.length === 1) return entities[0]!;
    fail('validation_failed', 'SAML Metadata must describe exactly one EntityDescriptor');
  }
  fail('validation_failed', 'SAML Metadata is not an EntityDescriptor');
}

export function parseIdpMetadata(xml: string): IdpMetadata {
  if (xml.includes('\ufffd')) {
    fail(
      'validation_failed',
      'SAML Metadata XML contains invalid UTF-8 characters, which are not supported at this time',
    );
  }
  let root: Element;
  try {
    root = parseXml(xml);
  } catch (error) {
    fail('validation_failed', `SAML Metadata is not valid XML: ${(error as Error).message}`);
  }
  const entity = entityDescriptor(root);
  const entityId = entity.getAttribute('entityID')?.trim() ?? '';
  if (!entityId) fail('validation_failed', 'SAML Metadata does not contain an EntityID');
  const descriptors = childElements(entity, NS.metadata, 'IDPSSODescriptor');
  if (descriptors.length < 1)
    fail('validation_failed', 'SAML Metadata does not contain any IDPSSODescriptor');
  if (descriptors.length > 1)
    fail('validation_failed', 'SAML Metadata contains multiple IDPSSODescriptors');
  const idp = descriptors[0]!;
  const signingCertificates = childElements(idp, NS.metadata, 'KeyDescriptor')
    .filter((key) => {
      const use = key.getAttribute('use');
      return !use || use === 'signing';
    })
    .flatMap((key) => descendants(key, NS.dsig, 'X509Certificate'))
    .map((cert) => textOf(cert).replace(/\s+/g, ''))
    .filter(Boolean);
  const ssoUrl = (binding: string) =>
    childElements(idp, NS.metadata, 'SingleSignOnService')
      .find((service) => service.getAttribute('Binding') === binding)
      ?.getAttribute('Location') ?? null;
  const validUntil = entity.getAttribute('validUntil');
  return {
    entityId,
    validUntil: validUntil && !Number.isNaN(Date.parse(validUntil)) ? new Date(validUntil) : null,
    signingCertificates,
    redirectSsoUrl: ssoUrl(BINDING.redirect),
    postSsoUrl: ssoUrl(BINDING.post),
  };
}

/** GoTrue's fetchSAMLMetadata: a GET asking for XML; anything but 200 is refused. */
export async function fetchMetadata(url: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/xml;charset=UTF-8', 'accept-charset': 'UTF-8' },
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    throw new AuthError(
      'saml_metadata_fetch_failed',
      `Error fetching SAML Metadata from URL '${url}': ${(error as Error).message}`,
    );
  }
  if (response.status !== 200) {
    fail(
      'saml_metadata_fetch_failed',
      `HTTP ${response.status} error fetching SAML Metadata from URL '${url}'`,
    );
  }
  return response.text();
}
