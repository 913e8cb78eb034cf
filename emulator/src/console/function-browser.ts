// The console's Functions page, server side: the project's functions (name, verify_jwt, the
// import map that applies, as the functions service describes them to the monitor in
// observability/functions-monitor.ts), their recent invocations from the request log, and their log lines,
// read from the functions service's own log endpoint with the service role (the page follows
// them by asking for the lines after the last one it has).
import { Hono } from 'hono';
import { z } from 'zod';
import type { FunctionDescription, FunctionsMonitor } from '../observability/functions-monitor.js';
import { summarise, type RequestLog, type RequestSummary } from '../observability/request-log.js';
import type { GatewayCaller } from './auth-admin.js';

/** Invocations listed per function, newest first. */
export const INVOCATIONS_SHOWN = 50;

export interface FunctionView extends FunctionDescription {
  invocations: number;
}

function invocationsOf(log: RequestLog, name: string): RequestSummary[] {
  const own = `/functions/v1/${name}`;
  return log
    .list()
    .filter((entry) => entry.service === 'functions' && (entry.path === own || entry.path.startsWith(`${own}/`)))
    .map(summarise)
    .reverse();
}

export function listFunctionViews(functions: FunctionsMonitor, log: RequestLog): FunctionView[] {
  return functions.list().map((fn) => ({ ...fn, invocations: invocationsOf(log, fn.name).length }));
}

const logLine = z.object({ seq: z.number(), at: z.string(), level: z.string(), text: z.string(), invocation: z.string().nullable() });
const logAnswer = z.object({ lines: z.array(logLine) });
const logQuery = z.object({ after: z.coerce.number().int().min(0).default(0) });

export function functionRoutes(functions: FunctionsMonitor, gateway: GatewayCaller, log: RequestLog): Hono {
  const app = new Hono();
  const known = (name: string) => functions.has(name);
  app.get('/', (c) => c.json(listFunctionViews(functions, log)));
  app.get('/:name/invocations', (c) => {
    const name = c.req.param('name');
    if (!known(name)) return c.json({ message: `There is no function ${name}.` }, 404);
    return c.json(invocationsOf(log, name).slice(0, INVOCATIONS_SHOWN));
  });
  app.get('/:name/logs', async (c) => {
    const name = c.req.param('name');
    if (!known(name)) return c.json({ message: `There is no function ${name}.` }, 404);
    const query = logQuery.safeParse(c.req.query());
    if (!query.success) return c.json({ message: 'after must be a whole number from 0.' }, 400);
    const response = await gateway.fetchGateway(
      new Request(`${gateway.apiUrl}/functions/v1/_logs/${encodeURIComponent(name)}?after=${query.data.after}&limit=500`, {
        headers: { apikey: gateway.serviceRoleKey, authorization: `Bearer ${gateway.serviceRoleKey}` },
      }),
    );
    const answer = logAnswer.safeParse(await response.json().catch(() => null));
    if (!response.ok || !answer.success) return c.json({ message: `The functions service answered ${response.status} for the logs.` }, 502);
    return c.json(answer.data);
  });
  return app;
}
