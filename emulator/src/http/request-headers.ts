// A request's headers as one record (lower-case names, in name order), as a WHATWG `Headers`
// lists them: repeated headers joined with ", " ("; " for Cookie), the last Set-Cookie kept,
// values without surrounding whitespace. Over HTTP it is read from Node's raw header list:
// going through `Headers` builds a header list per request (undici's), which costs more than
// the record itself.
import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';

const isHttpWhitespace = (code: number) => code === 9 || code === 10 || code === 13 || code === 32;

/** `value` without surrounding HTTP whitespace (Node's parser has mostly stripped it already). */
function normalized(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && isHttpWhitespace(value.charCodeAt(start))) start++;
  while (end > start && isHttpWhitespace(value.charCodeAt(end - 1))) end--;
  return start === 0 && end === value.length ? value : value.slice(start, end);
}

/** The record of a raw header list (`[name, value, name, value, …]`, as Node gives it). */
export function headerRecordOfRaw(raw: readonly string[]): Record<string, string> {
  const joined = new Map<string, string>();
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (name.startsWith(':')) continue; // an HTTP/2 pseudo-header
    const value = normalized(raw[i + 1]!);
    const earlier = joined.get(name);
    joined.set(
      name,
      earlier === undefined || name === 'set-cookie'
        ? value
        : `${earlier}${name === 'cookie' ? '; ' : ', '}${value}`,
    );
  }
  const record: Record<string, string> = {};
  for (const name of [...joined.keys()].sort()) record[name] = joined.get(name)!;
  return record;
}

/** The headers of the request `c` answers, as a record. */
export function requestHeaderRecord(c: Context): Record<string, string> {
  const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
  if (incoming) return headerRecordOfRaw(incoming.rawHeaders);
  // In-process requests (the console, seeding) have only the web request.
  const record: Record<string, string> = {};
  c.req.raw.headers.forEach((value, name) => {
    record[name] = value;
  });
  return record;
}
