// `GET /functions/v1/_logs/<name>?after=<seq>&limit=<1–500>` (an emulator extra, for the
// portal's functions page): a function's recent console lines. Who may read which lines: the
// service role all of them, a signed-in user the lines of their own invocations (so the browser
// reads them with the person's session, never a service key), once the session has used the
// person's second factor when they have one (aal2).
import type { Context } from 'hono';
import type { GatewayEnv } from '../../http/gateway-env.js';
import { functionsErrorResponse } from '../errors.js';
import { findFunction, FUNCTION_NAME } from '../function-catalogue.js';
import type { LogReader } from '../function-logs.js';
import type { FunctionsRelay } from './relay.js';

/** Whether the person has a verified second factor (GoTrue's auth.mfa_factors; `sub` compared as text: a minted token may carry any). */
async function hasVerifiedFactor(relay: FunctionsRelay, userId: string): Promise<boolean> {
  const { rows } = await relay.db.query<{ verified: boolean }>(
    `select exists (select 1 from auth.mfa_factors where user_id::text = $1 and status = 'verified') as verified`,
    [userId],
  );
  return rows[0]?.verified === true;
}

export async function readFunctionLogs(
  relay: FunctionsRelay,
  c: Context<GatewayEnv>,
  name: string,
): Promise<Response> {
  const { config, keys, logs } = relay;
  const token = /^Bearer (\S+)$/.exec(c.req.header('authorization') ?? '')?.[1];
  if (!token)
    return functionsErrorResponse(
      c.req.header('authorization') ? 'malformed_authorization' : 'missing_authorization',
    );
  const verified = await keys.verify(token);
  if (!verified.ok) return functionsErrorResponse('invalid_jwt');
  const { role, sub } = verified.claims;
  let reader: LogReader;
  if (role === 'service_role') reader = { kind: 'service_role' };
  else if (role === 'authenticated' && sub) reader = { kind: 'user', sub };
  else return functionsErrorResponse('logs_forbidden');
  if (reader.kind === 'user' && verified.claims.aal !== 'aal2' && (await hasVerifiedFactor(relay, sub!)))
    return functionsErrorResponse('logs_second_factor_required');
  if (!FUNCTION_NAME.test(name) || !findFunction(config, name))
    return functionsErrorResponse('not_found', `Requested function was not found: ${name}`);
  const after = Number(c.req.query('after') ?? 0);
  const limit = Number(c.req.query('limit') ?? 100);
  return c.json({
    lines: logs.read(name, reader, {
      after: Number.isInteger(after) && after > 0 ? after : 0,
      limit: Number.isInteger(limit) && limit > 0 ? Math.min(limit, 500) : 100,
    }),
  });
}
