// `GET /functions/v1/` (an emulator extra): the project's functions, for the portal's functions
// page; any other method there names no function.
import type { Context } from 'hono';
import type { GatewayEnv } from '../../http/gateway-env.js';
import { functionsErrorResponse } from '../errors.js';
import { listFunctions } from '../function-catalogue.js';
import type { FunctionsRelay } from './relay.js';

export function functionCatalogue(relay: FunctionsRelay, c: Context<GatewayEnv>): Response {
  if (c.req.method === 'GET') return c.json({ functions: listFunctions(relay.config, relay.apiUrl) });
  return functionsErrorResponse('not_found', 'Name the function to invoke: /functions/v1/<name>');
}
