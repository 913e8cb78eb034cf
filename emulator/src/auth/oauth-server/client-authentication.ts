// Who is calling the token endpoint: GoTrue's ExtractClientCredentials (HTTP Basic first, else
// client_id / client_secret in the body — client_secret_basic, client_secret_post) and
// ValidateClientAuthentication (a public client sends no secret, a confidential one its secret,
// compared with the stored base64url SHA-256).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import { OAuthError } from '../errors.js';
import type { ClientType } from './oauth-clients.js';

export interface AuthenticatedClient {
  id: string;
  client_type: ClientType;
  grant_types: string[];
}

interface Credentials {
  clientId: string;
  clientSecret: string;
}

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

function invalidClient(reason: string): never {
  throw new OAuthError('invalid_client', reason);
}

/** The credentials of a request whose body fields are `body`. */
export function clientCredentials(
  authorization: string | undefined,
  body: Record<string, string>,
): Credentials {
  if (authorization?.startsWith('Basic ')) {
    const encoded = authorization.slice('Basic '.length);
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded) || encoded.length % 4 !== 0) {
      invalidClient('invalid basic auth encoding');
    }
    const decoded = Buffer.from(encoded, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) invalidClient('invalid basic auth format');
    return { clientId: decoded.slice(0, colon), clientSecret: decoded.slice(colon + 1) };
  }
  const clientId = body.client_id ?? '';
  if (!clientId) invalidClient('client_id is required');
  return { clientId, clientSecret: body.client_secret ?? '' };
}

function secretMatches(secret: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const given = Buffer.from(createHash('sha256').update(secret).digest('base64url'));
  const stored = Buffer.from(storedHash);
  return given.length === stored.length && timingSafeEqual(given, stored);
}

export async function authenticateClient(
  db: Queryable,
  credentials: Credentials,
): Promise<AuthenticatedClient> {
  if (!UUID.test(credentials.clientId)) invalidClient('invalid client_id format');
  const { rows } = await db.query<AuthenticatedClient & { client_secret_hash: string | null }>(
    `select id, client_type, grant_types, client_secret_hash from auth.oauth_clients
     where id = $1 and deleted_at is null`,
    [credentials.clientId],
  );
  const client = rows[0];
  if (!client) invalidClient('Invalid client credentials');
  if (client.client_type === 'public') {
    if (credentials.clientSecret) invalidClient('public clients must not provide client_secret');
  } else if (!credentials.clientSecret) {
    invalidClient('confidential clients must provide client_secret');
  } else if (!secretMatches(credentials.clientSecret, client.client_secret_hash)) {
    invalidClient('invalid client credentials');
  }
  return { id: client.id, client_type: client.client_type, grant_types: client.grant_types };
}
