// The console's Functions page, server side: the project's functions (name, verify_jwt, the
// import map that applies), their recent invocations from the request log, and their log lines,
// read from the functions service's own log endpoint with the service role (the page follows
// them by asking for the lines after the last one it has).
import path from 'node:path';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Config } from '../config.js';
import { FUNCTION_NAME, findFunction, functionsDir, listFunctions } from '../functions/function-catalogue.js';
import { findImportMap, readImportMap } from '../functions/import-map.js';
import type { GatewayCaller } from './auth-admin.js';
import { summarise, type RequestLog, type RequestSummary } from '../observability/request-log.js';

/** Invocations listed per function, newest first. */
export const INVOCATIONS_SHOWN = 50;

export interface FunctionView {
  name: string;
  entrypoint: string;
  verifyJwt: boolean;
  description: string | null;
  /** The import map file that applies (relative to the project), its entries, or why it is unreadable. */
  importMap: { file: string; imports: Record<string, string>; error: string | null } | null;
  invocations: number;
}

function relative(config: Config, file: string): string {
  return path.relative(config.workdir, file).split(path.sep).join('/');
}

function invocationsOf(log: RequestLog, name: string): RequestSummary[] {
  const own = `/functions/v1/${name}`;
  return log
    .list()
    .filter((entry) => entry.service === 'functions' && (entry.path === own || entry.path.startsWith(`${own}/`)))
    .map(summarise)
    .reverse();
}

export function listFunctionViews(config: Config, apiUrl: string, log: RequestLog): FunctionView[] {
  return listFunctions(config, apiUrl).map((fn) => {
    const spec = findFunction(config, fn.name);
    const found = spec ? findImportMap(spec.dir, functionsDir(config)).file : null;
    let importMap: FunctionView['importMap'] = null;
    if (found) {
      try {
        importMap = { file: relative(config, found), imports: readImportMap(found).imports, error: null };
      } catch (error) {
        importMap = { file: relative(config, found), imports: {}, error: (error as Error).message };
      }
    }
    return {
      name: fn.name,
      entrypoint: fn.entrypoint,
      verifyJwt: fn.verify_jwt,
      description: fn.description,
      importMap,
      invocations: invocationsOf(log, fn.name).length,
    };
  });
}

const logLine = z.object({ seq: z.number(), at: z.string(), level: z.string(), text: z.string(), invocation: z.string().nullable() });
const logAnswer = z.object({ lines: z.array(logLine) });
const logQuery = z.object({ after: z.coerce.number().int().min(0).default(0) });

export function functionRoutes(config: Config, gateway: GatewayCaller, log: RequestLog): Hono {
  const app = new Hono();
  const known = (name: string) => FUNCTION_NAME.test(name) && findFunction(config, name) !== null;
  app.get('/', (c) => c.json(listFunctionViews(config, gateway.apiUrl, log)));
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
