import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { loadConfig } from '../config.js';
import { Keys } from '../keys.js';
import { functionsService } from './service.js';
import type { GatewayEnv, ServiceContext } from '../http/gateway-env.js';
const config = loadConfig({ workdir: process.argv[2]!, functionTimeoutMs: Number(process.argv[3] ?? 3000) });
const app = new Hono<GatewayEnv>();
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, async (info) => {
  const apiUrl = `http://127.0.0.1:${info.port}`;
  const service = await functionsService({ config, keys: new Keys(config.jwtSecret), apiUrl, log: console.log } as unknown as ServiceContext);
  app.route(service.mount, service.app);
  console.log('API URL:', apiUrl);
  process.on('SIGTERM', async () => { await service.close?.(); server.close(); process.exit(0); });
});
