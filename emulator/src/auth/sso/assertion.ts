// What GoTrue reads from a verified assertion (SAMLAssertion): the user ID (subject-id
// attribute, else a non-transient NameID, an email NameID lower-cased), the email (mapped, else
// the usual email attributes, else an email NameID), the claims an attribute_mapping asks for,
// and the recipient and lifetimes the ACS checks.
import type { AttributeMapping } from './providers.js';
import { NAME_ID_FORMAT, NS, childAt, childElements, parseXml, textOf } from './saml-xml.js';

const SUBJECT_ID_ATTRIBUTE = 'urn:oasis:names:tc:SAML:attribute:subject-id';

const EMAIL_ATTRIBUTES = [
  'urn:oid:0.9.2342.19200300.100.1.3',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
  'http://schemas.xmlsoap.org/claims/EmailAddress',
  'mail',
  'Mail',
  'email',
];

export interface SamlAssertion {
  id: string;
  issuer: string;
  nameId: string;
  nameIdFormat: string;
  /** SubjectConfirmationData Recipient values. */
  recipients: string[];
  /** Name or FriendlyName → values, in document order. */
  attributes: { name: string; friendlyName: string; values: string[] }[];
  /** Conditions NotOnOrAfter, for remembering the assertion as used until then. */
  notOnOrAfter: Date | null;
  /** AuthnStatement SessionNotOnOrAfter: GoTrue ends the session there. */
  sessionNotOnOrAfter: Date | null;
}

function date(value: string | null | undefined): Date | null {
  if (!value) return null;
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

export function readAssertion(xml: string): SamlAssertion {
  const root = parseXml(xml);
  const nameIdElement = childAt(root, [NS.assertion, 'Subject'], [NS.assertion, 'NameID']);
  const subject = childAt(root, [NS.assertion, 'Subject']);
  const recipients = subject
    ? childElements(subject, NS.assertion, 'SubjectConfirmation')
        .flatMap((confirmation) =>
          childElements(confirmation, NS.assertion, 'SubjectConfirmationData'),
        )
        .map((data) => data.getAttribute('Recipient') ?? '')
        .filter(Boolean)
    : [];
  const attributes = childElements(root, NS.assertion, 'AttributeStatement')
    .flatMap((statement) => childElements(statement, NS.assertion, 'Attribute'))
    .map((attribute) => ({
      name: attribute.getAttribute('Name') ?? '',
      friendlyName: attribute.getAttribute('FriendlyName') ?? '',
      values: childElements(attribute, NS.assertion, 'AttributeValue').map((value) =>
        textOf(value),
      ),
    }));
  const sessionEnds = childElements(root, NS.assertion, 'AuthnStatement')
    .map((statement) => date(statement.getAttribute('SessionNotOnOrAfter')))
    .find((value) => value !== null);
  return {
    id: root.getAttribute('ID') ?? '',
    issuer: textOf(childAt(root, [NS.assertion, 'Issuer'])),
    nameId: textOf(nameIdElement),
    nameIdFormat: nameIdElement?.getAttribute('Format') ?? '',
    recipients,
    attributes,
    notOnOrAfter: date(childAt(root, [NS.assertion, 'Conditions'])?.getAttribute('NotOnOrAfter')),
    sessionNotOnOrAfter: sessionEnds ?? null,
  };
}

/** Values of the attributes whose Name or FriendlyName is `name`. */
export function attributeValues(assertion: SamlAssertion, name: string): string[] {
  return assertion.attributes
    .filter((attribute) => attribute.name === name || attribute.friendlyName === name)
    .flatMap((attribute) => attribute.values);
}

/** GoTrue's SAMLAssertion.UserID. */
export function userIdOf(assertion: SamlAssertion): string {
  const subjectId = attributeValues(assertion, SUBJECT_ID_ATTRIBUTE)[0];
  if (subjectId) return subjectId;
  if (!assertion.nameId) return '';
  if (assertion.nameIdFormat === NAME_ID_FORMAT.emailAddress)
    return assertion.nameId.trim().toLowerCase();
  return assertion.nameIdFormat === NAME_ID_FORMAT.transient ? '' : assertion.nameId;
}

/** GoTrue's SAMLAssertion.Email. */
export function emailOf(assertion: SamlAssertion): string {
  for (const name of EMAIL_ATTRIBUTES) {
    const value = attributeValues(assertion, name).find(Boolean);
    if (value) return value;
  }
  return assertion.nameIdFormat === NAME_ID_FORMAT.emailAddress ? assertion.nameId : '';
}

/** GoTrue's SAMLAssertion.Process: each mapped key from its first named attribute with a value, else its default. */
export function mappedClaims(
  assertion: SamlAssertion,
  mapping: AttributeMapping,
): Record<string, unknown> {
  const claims: Record<string, unknown> = {};
  for (const [key, mapper] of Object.entries(mapping.keys ?? {})) {
    const names = [mapper.name ?? '', ...(mapper.names ?? [])];
    if (mapper.array) {
      const values = names.flatMap((name) => attributeValues(assertion, name)).filter(Boolean);
      if (values.length > 0) {
        claims[key] = values;
        continue;
      }
    } else {
      const value = names
        .map((name) => attributeValues(assertion, name).find(Boolean))
        .find(Boolean);
      if (value) {
        claims[key] = value;
        continue;
      }
    }
    if (mapper.default !== undefined && mapper.default !== null) claims[key] = mapper.default;
  }
  return claims;
}

