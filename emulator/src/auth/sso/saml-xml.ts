// Reading SAML XML (metadata, AuthnRequests, verified assertions) with xmldom: a strict parse
// and lookups by namespace, never by prefix, so `md:`, `saml2:` or no prefix read the same.
import { createRequire } from 'node:module';
import type * as Xmldom from '@xmldom/xmldom';

const require = createRequire(import.meta.url);
/** xmldom, loaded on the first parse (SSO only) rather than at the emulator's start. */
const xmldom = (): typeof Xmldom => require('@xmldom/xmldom');

export const NS = {
  metadata: 'urn:oasis:names:tc:SAML:2.0:metadata',
  assertion: 'urn:oasis:names:tc:SAML:2.0:assertion',
  protocol: 'urn:oasis:names:tc:SAML:2.0:protocol',
  dsig: 'http://www.w3.org/2000/09/xmldsig#',
} as const;

export const BINDING = {
  redirect: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect',
  post: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST',
} as const;

export const NAME_ID_FORMAT = {
  persistent: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
  emailAddress: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
  transient: 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient',
  unspecified: 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
} as const;

/** The document's root element; throws with the parser's reason when the text is not well-formed XML. */
export function parseXml(text: string): Element {
  const problems: string[] = [];
  const record = (message: unknown) => problems.push(String(message).split('\n')[0]!);
  const { DOMParser } = xmldom();
  const doc = new DOMParser({
    locator: {},
    errorHandler: { warning: () => undefined, error: record, fatalError: record },
  }).parseFromString(text, 'application/xml');
  const root = doc?.documentElement;
  if (problems.length > 0 || !root) {
    throw new Error(problems[0] ?? 'the document has no root element');
  }
  return root;
}

/** Direct children of `parent` with the namespace and local name. */
export function childElements(parent: Element, ns: string, localName: string): Element[] {
  const found: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType !== 1) continue;
    const element = node as Element;
    if (element.namespaceURI === ns && element.localName === localName) found.push(element);
  }
  return found;
}

/** The first child at the end of a path of (namespace, local name) steps. */
export function childAt(parent: Element, ...steps: [string, string][]): Element | null {
  let current: Element | null = parent;
  for (const [ns, localName] of steps) {
    if (!current) return null;
    current = childElements(current, ns, localName)[0] ?? null;
  }
  return current;
}

/** Every descendant with the namespace and local name, in document order. */
export function descendants(parent: Element, ns: string, localName: string): Element[] {
  return Array.from(parent.getElementsByTagNameNS(ns, localName));
}

export function textOf(element: Element | null | undefined): string {
  return element?.textContent?.trim() ?? '';
}

/** Escapes text for an XML attribute value or element content. */
export function xmlEscape(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch]!,
  );
}
