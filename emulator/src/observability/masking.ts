// Secrets and tokens never reach the console's screen: request and response headers, query
// strings and bodies are shown with passwords, codes, keys and JWTs replaced by a label that
// says what was there (which well-known key, or that it was a token). A URL anywhere in them
// (a magic link's `action_link`, a consent's `redirect_url`, a `Location`) has its secret query
// and fragment parameters masked the same way: `?token=…` and `?code=…` are live credentials
// (docs/known-traps.md#live-credentials-inside-logged-urls).
import { ANON_KEY, PUBLISHABLE_KEY, SECRET_KEY, SERVICE_ROLE_KEY } from '../keys.js';

/** Field names whose values are secrets wherever they appear (JSON bodies, forms, query strings). */
const SECRET_FIELD =
  /(pass(word)?|secret|token|api_?key|authorization|code_verifier|nonce|otp|refresh|private_?key|credential|signature|^code$|^auth_code$|cookie)/i;
/** Named like a secret but harmless, and useful to read. */
const PLAIN_FIELD = /^(token_type|token_hash_type|otp_type|password_requirements)$/i;

const JWT = /eyJ[\w-]{5,}\.eyJ[\w-]{5,}\.[\w-]{10,}/g;
/** An absolute http(s) URL inside text, up to whatever cannot be part of one there. */
const URL_IN_TEXT = /\bhttps?:\/\/[^\s"'<>\\]+/gi;
const SB_KEY = /sb_(publishable|secret)_[\w-]+/g;

const KNOWN_KEYS = new Map([
  [ANON_KEY, '<anon key>'],
  [SERVICE_ROLE_KEY, '<service_role key>'],
  [PUBLISHABLE_KEY, '<publishable key>'],
  [SECRET_KEY, '<secret key>'],
]);

export const MASKED = '<masked>';

/** One token or key, as the console shows it. */
export function maskToken(value: string): string {
  const known = KNOWN_KEYS.get(value.trim());
  if (known) return known;
  if (/^sb_publishable_/.test(value)) return '<publishable key>';
  if (/^sb_secret_/.test(value)) return '<secret key>';
  if (/^eyJ[\w-]*\.eyJ[\w-]*\.[\w-]*$/.test(value.trim())) return '<JWT masked>';
  return MASKED;
}

/** Free text: the secret parameters of every URL in it, and every JWT and sb_ key, replaced. */
export function maskText(text: string): string {
  return text
    .replace(URL_IN_TEXT, (url) => maskUrl(url))
    .replace(JWT, (token) => maskToken(token))
    .replace(SB_KEY, (key) => maskToken(key));
}

function secretField(name: string): boolean {
  return SECRET_FIELD.test(name) && !PLAIN_FIELD.test(name);
}

function decoded(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return part;
  }
}

/**
 * A query or fragment (`a=1&token=…`) with the values of secret parameters masked and the rest
 * left as written. A URL carried in a parameter (`redirect_to=https%3A%2F%2F…%3Fcode%3D…`) is
 * masked too, and written back encoded.
 */
function maskUrlParams(params: string): string {
  return params
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return pair;
      const name = pair.slice(0, equals);
      const value = decoded(pair.slice(equals + 1));
      if (secretField(decoded(name))) return `${name}=${maskToken(value)}`;
      if (/^https?:\/\//i.test(value)) {
        const masked = maskUrl(value);
        if (masked !== value) return `${name}=${encodeURIComponent(masked)}`;
      }
      return pair;
    })
    .join('&');
}

/** One URL (absolute or a path), its query's and its fragment's secret parameters masked. */
export function maskUrl(url: string): string {
  const hashAt = url.indexOf('#');
  const beforeHash = hashAt < 0 ? url : url.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  let masked = queryAt < 0 ? beforeHash : `${beforeHash.slice(0, queryAt)}?${maskUrlParams(beforeHash.slice(queryAt + 1))}`;
  if (hashAt >= 0) masked += `#${maskUrlParams(url.slice(hashAt + 1))}`;
  return masked;
}

function maskValue(value: unknown): unknown {
  if (typeof value === 'string') return maskText(value);
  if (Array.isArray(value)) return value.map(maskValue);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, inner]) => [
        key,
        secretField(key) && inner !== null && inner !== '' ? (typeof inner === 'string' ? maskToken(inner) : MASKED) : maskValue(inner),
      ]),
    );
  }
  return value;
}

export function maskHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (lower === 'authorization') {
      const match = /^(bearer|basic)\s+(.+)$/i.exec(value);
      out[name] = match ? `${match[1]} ${maskToken(match[2]!)}` : MASKED;
    } else if (lower === 'cookie' || lower === 'set-cookie') {
      out[name] = value.replace(/=([^;,]*)/g, `=${MASKED}`);
    } else if (lower === 'location') {
      // A redirect's target may be a path, which maskText would not see as a URL.
      out[name] = maskText(maskUrl(value));
    } else if (secretField(lower)) {
      out[name] = maskToken(value);
    } else {
      out[name] = maskText(value);
    }
  }
  return out;
}

/** Decoded `key=value` pairs, for reading rather than for sending. */
function maskParams(params: URLSearchParams): string {
  return [...params].map(([key, value]) => `${key}=${secretField(key) ? maskToken(value) : maskText(value)}`).join('&');
}

/** A query string (`?a=1&token=…`, with or without `?`), secrets replaced. */
export function maskQuery(search: string): string {
  const query = search.startsWith('?') ? search.slice(1) : search;
  if (!query) return '';
  return `?${maskParams(new URLSearchParams(query))}`;
}

/** A body as text, masked according to its content type (JSON and forms by field name). */
export function maskBody(text: string, contentType: string | null): string {
  const type = (contentType ?? '').toLowerCase();
  if (type.includes('json') || /^\s*[[{]/.test(text)) {
    try {
      return JSON.stringify(maskValue(JSON.parse(text)), null, 2);
    } catch {
      // Not JSON after all: masked as text below.
    }
  }
  if (type.includes('application/x-www-form-urlencoded')) return maskParams(new URLSearchParams(text));
  return maskText(text);
}
