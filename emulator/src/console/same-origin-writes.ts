// The console acts (creates and confirms users, signs people out everywhere, impersonates, signs
// bucket URLs) for whoever holds its session cookie, and a cookie does not say which page sent the
// request. SameSite=Strict does not help here: a site is the scheme and host name without the
// port, so every page served on this machine's 127.0.0.1 or localhost, whatever its port (the
// portal, a stored file on the API's origin, another dev server), is the console's own site and
// its requests carry the cookie. Browsers do say which page a request comes from: a write is taken
// only when Sec-Fetch-Site, if sent, says same-origin and Origin, if sent, is the console's own —
// the check Go's net/http CrossOriginProtection makes. A request with neither header did not come
// from a page (browsers send Origin on every POST, PUT, PATCH and DELETE): a script or curl, which
// needs the session cookie anyway. (docs/known-traps.md#a-json-check-that-reads-a-substring)
import type { MiddlewareHandler } from 'hono';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Why a write is refused, or null when it comes from the console's own page (or from no page). */
export function crossOriginWriteProblem(
  method: string,
  ownOrigin: string,
  headers: { origin?: string | undefined; secFetchSite?: string | undefined },
): string | null {
  if (SAFE_METHODS.has(method)) return null;
  const { origin, secFetchSite } = headers;
  if (secFetchSite !== undefined && secFetchSite !== 'same-origin') {
    return `The console takes changes only from its own page (Sec-Fetch-Site: ${secFetchSite}).`;
  }
  if (origin !== undefined && origin !== ownOrigin) {
    return `The console takes changes only from its own page at ${ownOrigin}, not from ${origin}.`;
  }
  return null;
}

/** Refuses, with 403 and the reason, a write another page sent (see crossOriginWriteProblem). */
export function sameOriginWrites(): MiddlewareHandler {
  return async (c, next) => {
    const problem = crossOriginWriteProblem(c.req.method, new URL(c.req.url).origin, {
      origin: c.req.header('origin'),
      secFetchSite: c.req.header('sec-fetch-site'),
    });
    if (problem) return c.json({ message: problem }, 403);
    await next();
  };
}
