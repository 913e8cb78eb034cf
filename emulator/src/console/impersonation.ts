// Impersonation: open the portal signed in as a user. The portal's client keeps its session in
// cookies (@supabase/ssr, PKCE flow, so a magic link's #access_token is refused and a ?code needs
// a verifier the browser never made). The console therefore hands the session over as those
// cookies: cookies belong to a host name, not a port, so the console — on the same machine, at
// the portal's host name and its own port — can set them for the portal. A one-time ticket,
// valid for a minute, carries the request from the signed-in console to that address (the
// console's session cookie is SameSite=Strict and, for `localhost`, another host's).
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { callAuth, type GatewayCaller } from './auth-admin.js';

const TICKET_MS = 60_000;

/** A request the console refuses with a reason (422). */
export class ImpersonationRefused extends Error {}

interface Ticket {
  email: string;
  portalUrl: URL;
  expires: number;
}

export interface HandOver {
  /** Set-Cookie header values, as the portal's own client would write them. */
  cookies: string[];
  location: string;
}

export class Impersonation {
  private readonly tickets = new Map<string, Ticket>();

  constructor(
    private readonly gateway: GatewayCaller,
    /** The host names the console listens on (its loopback address, and localhost). */
    private readonly consoleHosts: readonly string[],
  ) {}

  /** A magic link's hashed token for `email` (admin generate_link; no mail is sent). */
  async magicLinkToken(email: string): Promise<string> {
    const { data } = await callAuth(this.gateway, '/admin/generate_link', z.object({ hashed_token: z.string() }), {
      method: 'POST',
      body: { type: 'magiclink', email },
    });
    return data.hashed_token;
  }

  /** Where the browser goes next: the console's hand-over address on the portal's host name. */
  start(email: string, portalUrl: URL, consoleUrl: URL): { handOverUrl: string } {
    if (!this.consoleHosts.includes(portalUrl.hostname)) {
      throw new ImpersonationRefused(
        `The console hands the session over in a cookie of the portal's host, so the portal must be served from this machine as ${this.consoleHosts.join(' or ')} (not ${portalUrl.hostname}).`,
      );
    }
    const now = Date.now();
    for (const [id, ticket] of this.tickets) if (ticket.expires < now) this.tickets.delete(id);
    const id = randomBytes(32).toString('base64url');
    this.tickets.set(id, { email, portalUrl, expires: now + TICKET_MS });
    return { handOverUrl: `${consoleUrl.protocol}//${portalUrl.hostname}:${consoleUrl.port}/impersonate/${id}` };
  }

  /**
   * Signs the user in (a magic link verified here) with @supabase/ssr's server client, which
   * writes the session cookies exactly as the portal's browser client reads them — and clears
   * chunks left by a longer session of the browser's.
   */
  async handOver(ticketId: string, cookieHeader: string): Promise<HandOver> {
    const ticket = this.tickets.get(ticketId);
    this.tickets.delete(ticketId);
    if (!ticket || ticket.expires < Date.now()) {
      throw new ImpersonationRefused('This impersonation link was used already or is older than a minute: start it again from the console.');
    }
    // Loaded on the first hand-over, not with the emulator: supabase-js costs start-up time and,
    // on Node 20, prints a deprecation notice on every CLI command's stderr.
    const { createServerClient, parseCookieHeader, serializeCookieHeader } = await import('@supabase/ssr');
    const cookies: string[] = [];
    const client = createServerClient(this.gateway.apiUrl, this.gateway.anonKey, {
      cookies: {
        getAll: () => parseCookieHeader(cookieHeader).map(({ name, value }) => ({ name, value: value ?? '' })),
        setAll: (written) => {
          for (const { name, value, options } of written) cookies.push(serializeCookieHeader(name, value, options));
        },
      },
      global: { fetch: (input, init) => this.gateway.fetchGateway(new Request(input, init)) },
    });
    const hashedToken = await this.magicLinkToken(ticket.email);
    const { error } = await client.auth.verifyOtp({ token_hash: hashedToken, type: 'magiclink' });
    if (error) throw new ImpersonationRefused(`The auth server refused the sign-in: ${error.message}`);
    if (cookies.length === 0) throw new ImpersonationRefused('The sign-in wrote no session cookie.');
    return { cookies, location: ticket.portalUrl.href };
  }
}
