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

export const hiddenRows = z.object({ total: z.number(), visible: z.number(), hidden: z.number(), scope: z.string().optional() });
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

export const bucketSummary = z.object({
  id: z.string(),
  name: z.string(),
  public: z.boolean(),
  fileSizeLimit: z.number().nullable(),
  allowedMimeTypes: z.array(z.string()).nullable(),
  objects: z.number(),
  bytes: z.number(),
  createdAt: z.string().nullable(),
});
export type BucketSummary = z.infer<typeof bucketSummary>;
export const objectSummary = z.object({ name: z.string(), size: z.number().nullable(), mimetype: z.string().nullable(), updatedAt: z.string().nullable() });
export type ObjectSummary = z.infer<typeof objectSummary>;
export const folderListing = z.object({
  bucket: z.string(),
  prefix: z.string(),
  folders: z.array(z.object({ name: z.string(), objects: z.number() })),
  objects: z.array(objectSummary),
  more: z.number(),
});
export type FolderListing = z.infer<typeof folderListing>;
export const signedObject = z.object({ url: z.string(), expiresIn: z.number() });

const vectorIndex = z.object({
  name: z.string(),
  dataType: z.string(),
  dimension: z.number(),
  distanceMetric: z.string(),
  metadataConfiguration: z.unknown(),
  vectors: z.number(),
  createdAt: z.string().nullable(),
});
export type VectorIndex = z.infer<typeof vectorIndex>;
export const vectorOverview = z.object({
  vectorsAvailable: z.boolean(),
  buckets: z.array(z.object({ name: z.string(), createdAt: z.string().nullable(), indexes: z.array(vectorIndex) })),
});
export type VectorOverview = z.infer<typeof vectorOverview>;
export const vectorPage = z.object({
  vectors: z.array(z.object({ key: z.string(), metadata: z.unknown() })),
  total: z.number(),
  page: z.number(),
  perPage: z.number(),
});
export type VectorPage = z.infer<typeof vectorPage>;
export const vectorValues = z.object({ key: z.string(), metadata: z.unknown(), values: z.array(z.number()) });

export const functionView = z.object({
  name: z.string(),
  entrypoint: z.string(),
  verifyJwt: z.boolean(),
  description: z.string().nullable(),
  importMap: z.object({ file: z.string(), imports: z.record(z.string(), z.string()), error: z.string().nullable() }).nullable(),
  invocations: z.number(),
});
export type FunctionView = z.infer<typeof functionView>;
export const functionLogLine = z.object({ seq: z.number(), at: z.string(), level: z.string(), text: z.string(), invocation: z.string().nullable() });
export type FunctionLogLine = z.infer<typeof functionLogLine>;
export const functionLogs = z.object({ lines: z.array(functionLogLine) });

const binding = z.object({
  id: z.number(),
  event: z.string(),
  schema: z.string(),
  table: z.string(),
  filter: z.string().nullable(),
  select: z.array(z.string()).nullable(),
});
export type Binding = z.infer<typeof binding>;
const presenceMap = z.record(z.string(), z.object({ metas: z.array(z.record(z.string(), z.unknown())) }));
export const channelView = z.object({
  topic: z.string(),
  private: z.boolean(),
  subscribers: z.array(
    z.object({
      id: z.string(),
      role: z.string(),
      user: z.string().nullable(),
      email: z.string().nullable(),
      presenceKey: z.string(),
      postgresChanges: z.array(binding),
    }),
  ),
  presence: presenceMap,
});
export type ChannelView = z.infer<typeof channelView>;
export const changeVerdict = z.object({
  id: z.number(),
  time: z.string(),
  schema: z.string(),
  table: z.string(),
  type: z.string(),
  key: z.record(z.string(), z.unknown()),
  subscribers: z.array(
    z.object({
      channel: z.string().nullable(),
      subscriber: z.string(),
      role: z.string(),
      user: z.string().nullable(),
      email: z.string().nullable(),
      binding,
      outcome: z.string(),
      reason: z.string(),
    }),
  ),
});
export type ChangeVerdict = z.infer<typeof changeVerdict>;
