import { Hono } from 'hono';
import type { GatewayEnv, ServiceFactory } from '../http/gateway-env.js';

export const authService: ServiceFactory = () => {
  const app = new Hono<GatewayEnv>();
  app.get('/health', (c) => c.json({ version: 'portal-emulator', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' }));
  return { mount: '/auth/v1', app };
};
