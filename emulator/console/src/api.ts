// The console's calls to its own server (same origin; the session is an HttpOnly cookie).
// Answers are checked with zod as they arrive.
import { z } from 'zod';

// The console's CSP forbids eval; zod would otherwise probe `new Function` for its fast path.
z.config({ jitless: true });

export const requestSummary = z.object({
  id: z.number(),
  time: z.string(),
  service: z.string(),
  method: z.string(),
  path: z.string(),
  query: z.string(),
  role: z.string(),
  user: z.string().nullable(),
  email: z.string().nullable(),
  status: z.number(),
  durationMs: z.number(),
  rows: z.number().nullable(),
});
export type RequestSummary = z.infer<typeof requestSummary>;

const capturedBody = z.object({ text: z.string().nullable(), note: z.string().nullable() });
export const requestEntry = requestSummary.extend({
  requestHeaders: z.record(z.string(), z.string()),
  requestBody: capturedBody,
  responseHeaders: z.record(z.string(), z.string()),
  responseBody: capturedBody,
});
export type RequestEntry = z.infer<typeof requestEntry>;

export const rlsVerdict = z.object({
  schema: z.string(),
  table: z.string(),
  commands: z.array(z.string()),
  role: z.string(),
  rlsEnabled: z.boolean(),
  outcome: z.string(),
  summary: z.string(),
  policies: z.array(
    z.object({
      name: z.string(),
      permissive: z.string(),
      roles: z.array(z.string()),
      command: z.string(),
      using: z.string().nullable(),
      withCheck: z.string().nullable(),
    }),
  ),
  otherPolicies: z.number(),
  canCountHidden: z.boolean(),
});
export type RlsVerdict = z.infer<typeof rlsVerdict>;

export const hiddenRows = z.object({ total: z.number(), visible: z.number(), hidden: z.number() });
export type HiddenRows = z.infer<typeof hiddenRows>;

export class ConsoleApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function call<T>(path: string, schema: z.ZodType<T>, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(path, {
    method: init.method ?? 'GET',
    headers: init.body === undefined ? {} : { 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    credentials: 'same-origin',
  });
  const body = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    const message = body && typeof body === 'object' && 'message' in body ? String(body.message) : `The console server answered ${response.status}.`;
    throw new ConsoleApiError(response.status, message);
  }
  return schema.parse(body);
}

export const sessionState = z.object({ signedIn: z.boolean() });

export const project = z.object({ apiUrl: z.string(), mailUrl: z.string(), siteUrl: z.string() });
export type Project = z.infer<typeof project>;

export const consoleUser = z.object({
  id: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  confirmed: z.boolean(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
  factors: z.array(z.object({ id: z.string(), type: z.string(), status: z.string(), friendlyName: z.string().nullable() })),
});
export type ConsoleUser = z.infer<typeof consoleUser>;
export const userPage = z.object({ users: z.array(consoleUser), total: z.number(), page: z.number(), perPage: z.number() });
export type UserPage = z.infer<typeof userPage>;

/** The same rules the server applies, checked before sending. */
export const newUserForm = z.object({
  email: z.email('Give an email address such as ana@example.com.'),
  password: z.string().min(6, 'The password needs at least 6 characters.'),
  confirmed: z.boolean(),
});
export const portalAddress = z.url({ protocol: /^https?$/, error: "Give the portal's address, such as http://127.0.0.1:3000." });

const tableSummary = z.object({
  schema: z.string(),
  name: z.string(),
  rlsEnabled: z.boolean(),
  rows: z.number(),
  policies: z.array(
    z.object({ name: z.string(), command: z.string(), roles: z.array(z.string()), permissive: z.string(), using: z.string().nullable(), withCheck: z.string().nullable() }),
  ),
});
export type TableSummary = z.infer<typeof tableSummary>;
export const tableList = z.object({ schemas: z.array(z.string()), tables: z.array(tableSummary) });
export type TableList = z.infer<typeof tableList>;
export const tableRows = z.object({
  columns: z.array(z.object({ name: z.string(), type: z.string() })),
  rows: z.array(z.record(z.string(), z.unknown())),
  total: z.number(),
  page: z.number(),
  perPage: z.number(),
});
export type TableRows = z.infer<typeof tableRows>;
