// CORS for the gateway (docs/compatibility.md#gateway-cors). Preflights are hono's `cors`
// middleware. Every other answer gets its headers after the service has made it: set before
// (as `cors` does), they make hono rebuild each answer around a stream of its body, so every
// response body would be copied through web streams on its way out.
import type { Context, MiddlewareHandler, Next } from 'hono';
import { cors } from 'hono/cors';

export function gatewayCors(exposeHeaders: readonly string[]): MiddlewareHandler {
  const preflight = cors({
    origin: (origin) => origin || '*',
    exposeHeaders: [...exposeHeaders],
    maxAge: 3600,
    credentials: true,
  });
  const exposed = exposeHeaders.join(',');
  return async (c: Context, next: Next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next);
    await next();
    const { headers } = c.res;
    headers.set('Access-Control-Allow-Origin', c.req.header('origin') || '*');
    headers.set('Access-Control-Allow-Credentials', 'true');
    headers.set('Access-Control-Expose-Headers', exposed);
    headers.append('Vary', 'Origin');
  };
}
