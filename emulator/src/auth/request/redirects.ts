// Which `redirect_to` values the service follows: site_url, additional_redirect_urls (with
// GoTrue's glob wildcards), and — a local-only convenience, since the portal's shell and
// remotes run on arbitrary 127.0.0.1 ports — any http://127.0.0.1:* or http://localhost:*.
// Anything else falls back to site_url, as GoTrue does.
import type { AuthSettings } from '../settings.js';

function globToRegExp(glob: string): RegExp {
  let pattern = '';
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i]!;
    if (ch === '*') {
      if (glob[i + 1] === '*') {
        pattern += '.*';
        i++;
      } else {
        pattern += '[^./]*';
      }
    } else if (ch === '?') {
      pattern += '[^./]';
    } else {
      pattern += ch.replace(/[\\^$+.()|{}[\]]/g, '\\$&');
    }
  }
  return new RegExp(`^${pattern}$`);
}

function sameOrigin(a: URL, b: URL): boolean {
  return a.protocol === b.protocol && a.host === b.host;
}

export function isRedirectAllowed(candidate: string, settings: AuthSettings): boolean {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return false;
  }
  if (url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost'))
    return true;
  try {
    if (sameOrigin(url, new URL(settings.siteUrl))) return true;
  } catch {
    // a malformed site_url allows nothing by origin
  }
  const withoutFragment = candidate.split('#')[0]!;
  return settings.additionalRedirectUrls.some((allowed) => {
    if (allowed === candidate || allowed === withoutFragment) return true;
    if (allowed.includes('*') || allowed.includes('?'))
      return globToRegExp(allowed).test(withoutFragment);
    try {
      const base = new URL(allowed);
      return sameOrigin(url, base) && url.pathname.startsWith(base.pathname);
    } catch {
      return false;
    }
  });
}

/** The requested redirect when allowed, else site_url. */
export function resolveRedirect(
  requested: string | null | undefined,
  settings: AuthSettings,
): string {
  if (requested && isRedirectAllowed(requested, settings)) return requested;
  return settings.siteUrl;
}
