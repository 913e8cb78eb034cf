// The server-side reading of the portal's session: the shell's client keeps the session in
// cookies the way @supabase/ssr's createBrowserClient does, so a server on the portal's site reads
// it with @supabase/ssr's createServerClient. `GET /session` on the shell's static server answers
// who is signed in (`{ id, email }`, 401 with GoTrue's error, or 503 `auth_unavailable` when the
// auth server does not answer); the user comes from the auth
// server (getUser), never from the cookie's own claims. A session that had to be refreshed on the
// way is written back in Set-Cookie, as a server-rendered page on the same site would.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServerClient, parseCookieHeader, serializeCookieHeader } from '@supabase/ssr';

export const SESSION_CHECK_PATH = '/session';

export interface SessionCheckOptions {
  supabaseUrl: string;
  supabaseAnonKey: string;
}

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export function sessionCheck({ supabaseUrl, supabaseAnonKey }: SessionCheckOptions): RequestHandler {
  return async (req, res) => {
    const setCookies: string[] = [];
    const supabase = createServerClient(supabaseUrl, supabaseAnonKey, {
      cookies: {
        getAll: () => parseCookieHeader(req.headers.cookie ?? '').map(({ name, value }) => ({ name, value: value ?? '' })),
        setAll: (cookies) => {
          for (const { name, value, options } of cookies) setCookies.push(serializeCookieHeader(name, value, options));
        },
      },
    });
    const { data, error } = await supabase.auth.getUser();
    const headers: Record<string, string | string[]> = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'private, no-store' };
    if (setCookies.length > 0) headers['set-cookie'] = setCookies;
    if (error && (!error.status || error.status >= 500)) {
      // The auth server did not answer (or failed): whether anyone is signed in is unknown, not "nobody".
      res.writeHead(503, headers);
      res.end(JSON.stringify({ code: 'auth_unavailable', message: `The auth server could not tell who is signed in: ${error.message}` }));
      return;
    }
    if (error || !data.user) {
      res.writeHead(401, headers);
      res.end(JSON.stringify({ code: error?.code ?? 'no_session', message: error?.message ?? 'Nobody is signed in.' }));
      return;
    }
    res.writeHead(200, headers);
    res.end(JSON.stringify({ id: data.user.id, email: data.user.email ?? null }));
  };
}
