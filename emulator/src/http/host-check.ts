// Only the emulator's own local names may reach it. Without this, a web page on any name that
// resolves to 127.0.0.1 (DNS rebinding) would be same-origin with the API and the mailbox and
// could read them, the mailbox with no key at all. Local dev servers guard the same way
// (an allowed-hosts list, checked on the Host header's name).
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Hono, type MiddlewareHandler } from 'hono';

/** The names the emulator prints, whatever the port. */
const LOCAL_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

/**
 * Lower-case host names (no port) the API and the mailbox answer for. `refused` takes local names
 * out: a site on one of them (the portal's shell on `localhost`) keeps its session in cookies that
 * every port of the name shares, so a document the API served under that name could read them.
 */
export function allowedHostnames(listenHost: string, extra: readonly string[], refused: readonly string[] = []): Set<string> {
  const names = [...LOCAL_NAMES, listenHost, ...extra].map(hostnameOf);
  const out = new Set(refused.map(hostnameOf));
  return new Set(names.filter((name): name is string => name !== null && !out.has(name)));
}

/** The name part of a Host header (`localhost:54321` → `localhost`), null when malformed. */
function hostnameOf(host: string): string | null {
  try {
    // A bare IPv6 address (a listen host such as `::1`) needs its brackets in a URL.
    const bracketed = !host.startsWith('[') && host.split(':').length > 2 ? `[${host}]` : host;
    return new URL(`http://${bracketed}`).hostname;
  } catch {
    return null;
  }
}

export function isAllowedHost(host: string | undefined, allowed: ReadonlySet<string>): boolean {
  const name = host ? hostnameOf(host) : null;
  return name !== null && allowed.has(name);
}

export function refusalMessage(host: string | undefined, allowed: ReadonlySet<string>): string {
  const name = host ? hostnameOf(host) : null;
  if (name !== null && LOCAL_NAMES.some((local) => hostnameOf(local) === name)) {
    return (
      `Host ${JSON.stringify(host)} is not served by this emulator (PORTAL_REFUSED_HOSTS): a site on ` +
      `that name keeps its session in cookies, which a document served here could read. Use ` +
      `${[...allowed].join(', ')} (any port).`
    );
  }
  return (
    `Host ${JSON.stringify(host ?? '')} is not served by this emulator: it answers only for ` +
    `${[...allowed].join(', ')} (any port), so that a page on another name resolving to this ` +
    'machine (DNS rebinding) cannot read it. Add names with PORTAL_ALLOWED_HOSTS=name,other.'
  );
}

/** `app` behind the host check (the mailbox, which has no gateway of its own). */
export function withHostCheck(app: Hono, allowed: ReadonlySet<string>): Hono {
  return new Hono().use('*', hostCheck(allowed)).route('/', app);
}

/** Refuses requests for other names with 403 and a JSON message, before anything else runs. */
export function hostCheck(allowed: ReadonlySet<string>): MiddlewareHandler {
  // Host headers already found allowed, so that a request does not parse its Host as a URL: the
  // allowed names on a few ports. Bounded, since any client can send any Host.
  const seen = new Set<string>();
  return async (c, next) => {
    // The emulator's own in-process requests (seeding buckets) carry no header; their URL is
    // the API's. Over HTTP, Node refuses a request without Host, and the URL is built from it.
    const host = c.req.header('host') ?? new URL(c.req.url).host;
    if (!seen.has(host)) {
      if (!isAllowedHost(host, allowed))
        return c.json({ message: refusalMessage(host, allowed) }, 403);
      if (seen.size < 64) seen.add(host);
    }
    await next();
  };
}

/** The same refusal for a websocket upgrade, which no middleware sees; true when refused. */
export function refuseUpgradeForHost(
  request: IncomingMessage,
  socket: Duplex,
  allowed: ReadonlySet<string>,
): boolean {
  const host = request.headers.host;
  if (isAllowedHost(host, allowed)) return false;
  const body = JSON.stringify({ message: refusalMessage(host, allowed) });
  socket.end(
    `HTTP/1.1 403 Forbidden\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  return true;
}
