// The OAuth 2.1 server's registered clients (auth.oauth_clients), validated and shaped as GoTrue's
// oauthserver package does (docs/compatibility.md#auth-oauth-server): secrets are 32 random bytes in
// base64url, stored only as base64url(SHA-256); deletion is soft.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import { fail } from '../errors.js';

export type ClientType = 'public' | 'confidential';
export type RegistrationType = 'dynamic' | 'manual';

const AUTH_METHODS = ['none', 'client_secret_basic', 'client_secret_post'] as const;
const GRANT_TYPES = ['authorization_code', 'refresh_token'];
/** Native apps GoTrue lets register a custom scheme for (Cursor's MCP integration). */
const CUSTOM_SCHEME_HOSTS: Record<string, string[]> = { cursor: ['anysphere.cursor-mcp'] };

export interface ClientRow {
  id: string;
  client_type: ClientType;
  registration_type: RegistrationType;
  redirect_uris: string[];
  grant_types: string[];
  client_name: string | null;
  client_uri: string | null;
  logo_uri: string | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS =
  'id, client_type, registration_type, redirect_uris, grant_types, client_name, client_uri, logo_uri, created_at, updated_at';

export interface RegisterParams {
  redirect_uris?: string[] | null;
  grant_types?: string[] | null;
  client_name?: string | null;
  client_uri?: string | null;
  logo_uri?: string | null;
  client_type?: string | null;
  token_endpoint_auth_method?: string | null;
}

export interface UpdateParams {
  redirect_uris?: string[] | null;
  grant_types?: string[] | null;
  client_name?: string | null;
  client_uri?: string | null;
  logo_uri?: string | null;
}

/** GoTrue's validateRedirectURI reason, or null when the address is acceptable. */
function redirectUriProblem(uri: string): string | null {
  if (uri === '') return 'redirect URI cannot be empty';
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(uri)?.[1]?.toLowerCase();
  if (!scheme) return 'must have scheme';
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'invalid URL format';
  }
  if (!url.host) return 'must have scheme and host';
  if (url.hash) return 'fragment not allowed in redirect URI';
  if (scheme in CUSTOM_SCHEME_HOSTS) {
    return CUSTOM_SCHEME_HOSTS[scheme]!.includes(url.hostname)
      ? null
      : 'scheme must be HTTPS or HTTP (localhost only)';
  }
  if (scheme === 'http') {
    return url.hostname === 'localhost' || url.hostname === '127.0.0.1'
      ? null
      : 'HTTP scheme only allowed for localhost';
  }
  return scheme === 'https' ? null : 'scheme must be HTTPS or HTTP (localhost only)';
}

/** Go's url.ParseRequestURI: an absolute URL or an absolute path. */
function isRequestUri(value: string): boolean {
  if (value.startsWith('/')) return true;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

function checkRedirectUris(uris: string[], required: boolean): void {
  if (required && uris.length === 0) fail('validation_failed', 'redirect_uris is required');
  if (uris.length === 0) fail('validation_failed', 'redirect_uris cannot be empty');
  if (uris.length > 10) fail('validation_failed', 'redirect_uris cannot exceed 10 items');
  for (const uri of uris) {
    const problem = redirectUriProblem(uri);
    if (problem) fail('validation_failed', `invalid redirect_uri '${uri}': ${problem}`);
  }
}

function checkGrantTypes(grantTypes: string[]): void {
  if (grantTypes.length === 0) fail('validation_failed', 'grant_types cannot be empty');
  if (grantTypes.some((grant) => !GRANT_TYPES.includes(grant))) {
    fail('validation_failed', "grant_types must only contain 'authorization_code' and/or 'refresh_token'");
  }
}

function checkDescriptive(params: UpdateParams): void {
  if (params.client_name && params.client_name.length > 1024) {
    fail('validation_failed', 'client_name cannot exceed 1024 characters');
  }
  for (const field of ['client_uri', 'logo_uri'] as const) {
    const value = params[field];
    if (!value) continue;
    if (value.length > 2048) fail('validation_failed', `${field} cannot exceed 2048 characters`);
    if (!isRequestUri(value)) fail('validation_failed', `${field} must be a valid URL`);
  }
}

const typeForMethod = (method: string): ClientType => (method === 'none' ? 'public' : 'confidential');

/** Runs a check whose refusal GoTrue wraps as `"<status>: <message>"` (the HTTPError's Error()). */
function asRegistrationError(check: () => void): void {
  try {
    check();
  } catch (error) {
    const refusal = error as { status?: number; message: string };
    fail('validation_failed', `${refusal.status ?? 400}: ${refusal.message}`);
  }
}

/** GoTrue's OAuthServerClientRegisterParams.validate() and DetermineClientType. */
function registrationClientType(params: RegisterParams): ClientType {
  const clientType = params.client_type ?? '';
  const method = params.token_endpoint_auth_method ?? '';
  asRegistrationError(() => {
    checkRedirectUris(params.redirect_uris ?? [], true);
    if (params.grant_types?.length) checkGrantTypes(params.grant_types);
    checkDescriptive(params);
    if (clientType && clientType !== 'public' && clientType !== 'confidential') {
      fail('validation_failed', "client_type must be 'public' or 'confidential'");
    }
    if (method && !(AUTH_METHODS as readonly string[]).includes(method)) {
      fail('validation_failed', `token_endpoint_auth_method must be one of: [${AUTH_METHODS.join(' ')}]`);
    }
    if (clientType && method && typeForMethod(method) !== clientType) {
      fail(
        'validation_failed',
        `client_type '${clientType}' is inconsistent with token_endpoint_auth_method '${method}' (expected client_type '${typeForMethod(method)}')`,
      );
    }
  });
  if (clientType) return clientType as ClientType;
  return method ? typeForMethod(method) : 'confidential';
}

function newSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: createHash('sha256').update(secret).digest('base64url') };
}

/** GoTrue's OAuthServerClientResponse: empty strings and lists are left out (omitempty). */
export function clientJson(row: ClientRow, secret?: string): Record<string, unknown> {
  const body: Record<string, unknown> = {
    client_id: row.id,
    ...(secret ? { client_secret: secret } : {}),
    client_type: row.client_type,
  };
  if (row.redirect_uris.length) body.redirect_uris = row.redirect_uris;
  body.token_endpoint_auth_method = row.client_type === 'public' ? 'none' : 'client_secret_basic';
  if (row.grant_types.length) body.grant_types = row.grant_types;
  body.response_types = ['code'];
  if (row.client_name) body.client_name = row.client_name;
  if (row.client_uri) body.client_uri = row.client_uri;
  if (row.logo_uri) body.logo_uri = row.logo_uri;
  body.registration_type = row.registration_type;
  body.created_at = row.created_at.toISOString();
  body.updated_at = row.updated_at.toISOString();
  return body;
}

export async function registerClient(
  db: Queryable,
  params: RegisterParams,
  registrationType: RegistrationType,
): Promise<{ row: ClientRow; secret: string | undefined }> {
  const clientType = registrationClientType(params);
  const credentials = clientType === 'confidential' ? newSecret() : null;
  const { rows } = await db.query<ClientRow>(
    `insert into auth.oauth_clients (id, client_secret_hash, registration_type, client_type, redirect_uris,
       grant_types, client_name, client_uri, logo_uri)
     values ($1, $2, $3, $4, $5, $6, nullif($7, ''), nullif($8, ''), nullif($9, '')) returning ${COLUMNS}`,
    [
      randomUUID(),
      credentials?.hash ?? null,
      registrationType,
      clientType,
      params.redirect_uris ?? [],
      params.grant_types?.length ? params.grant_types : GRANT_TYPES,
      params.client_name ?? '',
      params.client_uri ?? '',
      params.logo_uri ?? '',
    ],
  );
  return { row: rows[0]!, secret: credentials?.secret };
}

export async function listClients(db: Queryable): Promise<ClientRow[]> {
  const { rows } = await db.query<ClientRow>(
    `select ${COLUMNS} from auth.oauth_clients where deleted_at is null order by created_at desc, id`,
  );
  return rows;
}

/** A client that was not deleted, or null (also for an id that is not a UUID). */
export async function lookupClient(db: Queryable, clientId: string): Promise<ClientRow | null> {
  if (!UUID.test(clientId)) return null;
  const { rows } = await db.query<ClientRow>(
    `select ${COLUMNS} from auth.oauth_clients where id = $1 and deleted_at is null`,
    [clientId],
  );
  return rows[0] ?? null;
}

export const isClientId = (value: string): boolean => UUID.test(value);

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

/** GoTrue's LoadOAuthServerClient: the id must be a UUID of a client that was not deleted. */
export async function findClient(db: Queryable, clientId: string): Promise<ClientRow> {
  if (!UUID.test(clientId)) fail('validation_failed', 'invalid client_id format');
  const client = await lookupClient(db, clientId);
  if (!client) fail('oauth_client_not_found');
  return client;
}

export async function updateClient(db: Queryable, client: ClientRow, params: UpdateParams): Promise<ClientRow> {
  const given = (['redirect_uris', 'grant_types', 'client_name', 'client_uri', 'logo_uri'] as const).filter(
    (field) => params[field] !== undefined && params[field] !== null,
  );
  if (given.length === 0) fail('validation_failed', 'No fields provided for update');
  if (params.redirect_uris) checkRedirectUris(params.redirect_uris, false);
  if (params.grant_types) checkGrantTypes(params.grant_types);
  checkDescriptive(params);
  const { rows } = await db.query<ClientRow>(
    `update auth.oauth_clients set
       redirect_uris = coalesce($2, redirect_uris), grant_types = coalesce($3, grant_types),
       client_name = case when $4::text is null then client_name else nullif($4, '') end,
       client_uri = case when $5::text is null then client_uri else nullif($5, '') end,
       logo_uri = case when $6::text is null then logo_uri else nullif($6, '') end,
       updated_at = now()
     where id = $1 returning ${COLUMNS}`,
    [
      client.id,
      params.redirect_uris ?? null,
      params.grant_types ?? null,
      params.client_name ?? null,
      params.client_uri ?? null,
      params.logo_uri ?? null,
    ],
  );
  return rows[0]!;
}

export async function deleteClient(db: Queryable, client: ClientRow): Promise<void> {
  await db.query('update auth.oauth_clients set deleted_at = now(), updated_at = now() where id = $1', [
    client.id,
  ]);
}

export async function regenerateSecret(
  db: Queryable,
  client: ClientRow,
): Promise<{ row: ClientRow; secret: string }> {
  if (client.client_type !== 'confidential') {
    fail('validation_failed', 'Cannot regenerate secret for public client');
  }
  const { secret, hash } = newSecret();
  const { rows } = await db.query<ClientRow>(
    `update auth.oauth_clients set client_secret_hash = $2, updated_at = now() where id = $1 returning ${COLUMNS}`,
    [client.id, hash],
  );
  return { row: rows[0]!, secret };
}
