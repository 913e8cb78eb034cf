// The console's calls to the emulator's own auth admin API (GoTrue's /auth/v1/admin/…), made on
// the server with the service role through the gateway in process: the console's browser never
// holds the key, and these calls are not in the request log (they are not the app's requests).
import { z } from 'zod';

export interface GatewayCaller {
  apiUrl: string;
  /** The service_role API key (a JWT), as the project hands it out. */
  serviceRoleKey: string;
  anonKey: string;
  fetchGateway: (request: Request) => Promise<Response>;
}

/** An answer of the auth server that was not a success, with its own status and message. */
export class AuthAdminError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const goTrueError = z.object({ msg: z.string().optional(), message: z.string().optional(), error_description: z.string().optional() });

export async function callAuth<T>(
  gateway: GatewayCaller,
  path: string,
  schema: z.ZodType<T>,
  init: { method?: string; body?: unknown; bearer?: string } = {},
): Promise<{ data: T; headers: Headers }> {
  const response = await gateway.fetchGateway(
    new Request(`${gateway.apiUrl}/auth/v1${path}`, {
      method: init.method ?? 'GET',
      headers: {
        apikey: gateway.anonKey,
        authorization: `Bearer ${init.bearer ?? gateway.serviceRoleKey}`,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    }),
  );
  const body = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    const parsed = goTrueError.safeParse(body);
    const message = parsed.success ? (parsed.data.msg ?? parsed.data.message ?? parsed.data.error_description) : undefined;
    throw new AuthAdminError(response.status, message ?? `The auth server answered ${response.status}.`);
  }
  return { data: schema.parse(body), headers: response.headers };
}
