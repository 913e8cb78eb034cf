import { Hono } from 'hono';
import type { GatewayEnv, Service } from './gateway-env.js';

/** A service whose issue has not landed yet answers one clear 501 for every path. */
export function notImplementedService(mount: string, name: string): Service {
  const app = new Hono<GatewayEnv>();
  app.all('*', (c) =>
    c.json(
      {
        code: 'not_implemented',
        message: `The emulator does not serve ${name} (${mount}) yet.`,
      },
      501,
    ),
  );
  return { mount, app };
}
