// The media type of a request body, parsed as RFC 9110 writes it (with `content-type`, the parser
// Express and body-parser use), so that a check for JSON compares the type itself and never
// looks for a substring: `text/plain; x="application/json"` is text/plain, a type any web page may
// send to any origin without a preflight (docs/known-traps.md#a-json-check-that-reads-a-substring).
import { parse } from 'content-type';

/** The lower-case `type/subtype` of a Content-Type header; null when it is absent or malformed. */
export function mediaTypeOf(header: string | null | undefined): string | null {
  if (!header) return null;
  try {
    return parse(header).type;
  } catch {
    return null;
  }
}

/** Whether a Content-Type header says exactly `application/json` (parameters such as charset allowed). */
export function isJsonMediaType(header: string | null | undefined): boolean {
  return mediaTypeOf(header) === 'application/json';
}
