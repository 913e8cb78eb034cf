// What an object is served as, and the headers that keep it from running as a document on the
// API's origin (docs/compatibility.md#storage-files-served-inert). Every path that answers an
// object's bytes or a rendition of it takes its Content-Type and safety headers from here.
//
// storage-api serves HTML as text/plain and every other type as stored, with no
// X-Content-Type-Options and no Content-Security-Policy. That still lets an SVG, an XML document
// (text/xml, application/xml, any +xml type can carry XHTML script) or a type written in upper
// case or as a list ("text/plain,text/html", which Chromium reads as HTML) run script on the API's
// origin, and locally the API's host shares its cookies with the portal's (cookies ignore ports).
// So every answer here also carries nosniff and `Content-Security-Policy: sandbox`: opened on its
// own, the file is a document with an opaque origin that runs no script, reads no cookie, submits
// no form and opens no window. A CSP governs documents only, so an <img>, <video> or <audio> that
// embeds the same URL, and a script or stylesheet loaded from a bucket, are unaffected.
//
// The one type left without the sandbox is a PDF named exactly so: Firefox (unlike Chromium)
// refuses to show a PDF in a sandboxed document, and a PDF viewer runs a PDF's own script, if any,
// apart from the origin's cookies and DOM.

/** The Content-Type an object stored as `mimetype` is served with, as storage-api chooses it. */
export function servedContentType(mimetype: string | undefined): string {
  if (!mimetype) return 'application/octet-stream';
  // storage-api tests case-sensitively (`includes('text/html')`); a browser does not, so any
  // spelling of it is served as text here.
  return /text\/html/i.test(mimetype) ? 'text/plain' : mimetype;
}

/** One PDF type, parameters allowed; no list a browser could read another type from. */
const PLAIN_PDF = /^\s*application\/pdf\s*(;[^,]*)?$/i;

/** The headers every answer carrying an object's bytes (or none, for HEAD and 304) is sent with. */
export function safetyHeaders(servedType: string): Record<string, string> {
  const headers: Record<string, string> = { 'X-Content-Type-Options': 'nosniff' };
  if (!PLAIN_PDF.test(servedType)) headers['Content-Security-Policy'] = 'sandbox';
  return headers;
}

/** Content-Type and safety headers for an object stored as `mimetype`. */
export function objectContentHeaders(mimetype: string | undefined): Record<string, string> {
  const servedType = servedContentType(mimetype);
  return { 'Content-Type': servedType, ...safetyHeaders(servedType) };
}
