// A text answer the emulator builds once and serves many times (the REST API's OpenAPI
// description): compressed as the caller accepts (Brotli or gzip, as the hosted API's edge
// compresses PostgREST's answers), each encoding made once, and revalidatable by its ETag, so a
// browser that has it asks with If-None-Match and gets a 304 without the body.
// See docs/compatibility.md#rest-the-openapi-description-compressed-and-revalidated.
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import Negotiator from 'negotiator';

type Encoding = 'br' | 'gzip' | 'identity';

/** Below this many bytes compression saves less than it costs (nginx's and Express's default). */
const COMPRESS_FROM_BYTES = 1024;

export class CachedDocument {
  readonly etag: string;
  private readonly bytes: Buffer;
  private readonly encoded = new Map<Encoding, Buffer>();

  constructor(readonly text: string) {
    this.bytes = Buffer.from(text);
    // Weak: the tag names the document, whichever encoding carries it (If-None-Match compares weakly).
    this.etag = `W/"${createHash('sha256').update(this.bytes).digest('base64url').slice(0, 27)}"`;
  }

  /**
   * The answer for a request with these (lower-case) headers: 304 when its If-None-Match names
   * this document, else the body in the best encoding it accepts. `headers` are added to either.
   */
  respond(request: { method: string; headers: Record<string, string | undefined> }, headers: Record<string, string>): Response {
    const common = { ...headers, ETag: this.etag, 'Cache-Control': 'no-cache', Vary: 'Accept-Encoding' };
    if (matches(request.headers['if-none-match'], this.etag)) return new Response(null, { status: 304, headers: common });
    const encoding = this.bytes.length < COMPRESS_FROM_BYTES ? 'identity' : chooseEncoding(request.headers);
    const body = this.encode(encoding);
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), {
      status: 200,
      headers: { ...common, ...(encoding === 'identity' ? {} : { 'Content-Encoding': encoding }), 'Content-Length': String(body.byteLength) },
    });
  }

  private encode(encoding: Encoding): Buffer {
    if (encoding === 'identity') return this.bytes;
    let body = this.encoded.get(encoding);
    if (!body) {
      // Quality 5 for Brotli: most of the gain of 11 at a small part of its time, as edges use for
      // dynamic answers; a document is encoded once per schema change and role.
      body = encoding === 'br' ? brotliCompressSync(this.bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(this.bytes);
      this.encoded.set(encoding, body);
    }
    return body;
  }
}

/** negotiator 1.x's signature; its @types (0.6) predate the `preferred` option. */
type EncodingChoice = (available: readonly string[], options: { preferred: readonly string[] }) => string | undefined;

/** The caller's best accepted encoding; where it weighs several alike, Brotli before gzip. */
function chooseEncoding(headers: Record<string, string | undefined>): Encoding {
  const negotiator = new Negotiator({ headers });
  const choose = negotiator.encoding.bind(negotiator) as unknown as EncodingChoice;
  return (choose(['br', 'gzip', 'identity'], { preferred: ['br', 'gzip', 'identity'] }) as Encoding | undefined) ?? 'identity';
}

/** RFC 9110 §13.1.2: `*`, or any listed tag equal to ours under the weak comparison. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
}
