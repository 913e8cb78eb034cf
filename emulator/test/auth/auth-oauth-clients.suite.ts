// The OAuth 2.1 server's admin API through supabase-js `auth.admin.oauth`, with
// `[auth.oauth_server] enabled = true`; shared by the PGlite and real PostgreSQL specs.
import type { SupabaseClient } from '@supabase/supabase-js';
import { ANON_KEY, startTestEmulator, type TestEmulator } from '../harness.js';

export function describeOAuthClients(name: string, options: { postgres?: boolean } = {}): void {
  describe(name, () => {
    jest.setTimeout(60_000);

    let emulator: TestEmulator;
    let admin: SupabaseClient;

    beforeAll(async () => {
      emulator = await startTestEmulator({
        configToml: '[auth.oauth_server]\nenabled = true\n',
        // Lets the test read what is stored for a client's secret (never exposed by the API).
        files: {
          'migrations/20240101000000_secret_hash.sql': `
            create function public.oauth_client_secret_hash(client uuid) returns text
              language sql security definer set search_path = '' as $$
              select client_secret_hash from auth.oauth_clients where id = client
            $$;`,
        },
        postgres: options.postgres ?? false,
      });
      admin = emulator.admin();
    }, 120_000);

    afterAll(() => emulator?.stop(), 60_000);

    it('registers a confidential client (201) with a secret shown once, and gets, lists, updates it', async () => {
      const created = await admin.auth.admin.oauth.createClient({
        client_name: 'Reports',
        client_uri: 'https://reports.example.com',
        redirect_uris: ['https://reports.example.com/callback', 'http://localhost:4000/cb'],
      });
      expect(created.error).toBeNull();
      const client = created.data!;
      expect(client).toEqual({
        client_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        client_secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        client_type: 'confidential',
        redirect_uris: ['https://reports.example.com/callback', 'http://localhost:4000/cb'],
        token_endpoint_auth_method: 'client_secret_basic',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        client_name: 'Reports',
        client_uri: 'https://reports.example.com',
        registration_type: 'manual',
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });

      const read = await admin.auth.admin.oauth.getClient(client.client_id);
      expect(read.error).toBeNull();
      expect(read.data).not.toHaveProperty('client_secret');
      expect(read.data?.client_name).toBe('Reports');

      const listed = await admin.auth.admin.oauth.listClients();
      expect(listed.error).toBeNull();
      expect(listed.data.clients.map((c) => c.client_id)).toContain(client.client_id);

      const updated = await admin.auth.admin.oauth.updateClient(client.client_id, {
        client_name: 'Reports v2',
        redirect_uris: ['https://reports.example.com/v2'],
      });
      expect(updated.error).toBeNull();
      expect(updated.data).toMatchObject({
        client_name: 'Reports v2',
        redirect_uris: ['https://reports.example.com/v2'],
        client_uri: 'https://reports.example.com',
      });
    });

    it('keeps only a SHA-256 hash of the secret in auth.oauth_clients, and regenerating replaces it', async () => {
      const { data } = await admin.auth.admin.oauth.createClient({
        client_name: 'Hashed',
        redirect_uris: ['https://hashed.example.com/cb'],
      });
      const storedHash = async () => {
        const response = await fetch(`${emulator.apiUrl}/rest/v1/rpc/oauth_client_secret_hash`, {
          method: 'POST',
          headers: {
            apikey: ANON_KEY,
            authorization: `Bearer ${ANON_KEY}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ client: data!.client_id }),
        });
        expect(response.status).toBe(200);
        return (await response.json()) as string;
      };
      const { createHash } = await import('node:crypto');
      const hashOf = (secret: string) => createHash('sha256').update(secret).digest('base64url');
      expect(await storedHash()).toBe(hashOf(data!.client_secret!));

      const regenerated = await admin.auth.admin.oauth.regenerateClientSecret(data!.client_id);
      expect(regenerated.error).toBeNull();
      expect(regenerated.data?.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(regenerated.data?.client_secret).not.toBe(data!.client_secret);
      expect(await storedHash()).toBe(hashOf(regenerated.data!.client_secret!));
    });

    it('registers a public client (token_endpoint_auth_method none) without a secret; regenerating its secret is 400 validation_failed', async () => {
      const { data, error } = await admin.auth.admin.oauth.createClient({
        client_name: 'CLI',
        redirect_uris: ['http://127.0.0.1:8976/callback'],
        token_endpoint_auth_method: 'none',
      });
      expect(error).toBeNull();
      expect(data).toMatchObject({ client_type: 'public', token_endpoint_auth_method: 'none' });
      expect(data).not.toHaveProperty('client_secret');
      const regenerated = await admin.auth.admin.oauth.regenerateClientSecret(data!.client_id);
      expect(regenerated.error).toMatchObject({
        status: 400,
        code: 'validation_failed',
        message: 'Cannot regenerate secret for public client',
      });
    });

    it('deletes a client (204); it is then 404 oauth_client_not_found and gone from the list', async () => {
      const { data } = await admin.auth.admin.oauth.createClient({
        client_name: 'Short-lived',
        redirect_uris: ['https://short.example.com/cb'],
      });
      const removed = await admin.auth.admin.oauth.deleteClient(data!.client_id);
      expect(removed).toEqual({ data: null, error: null });
      const read = await admin.auth.admin.oauth.getClient(data!.client_id);
      expect(read.error).toMatchObject({
        status: 404,
        code: 'oauth_client_not_found',
        message: 'OAuth client not found',
      });
      const listed = await admin.auth.admin.oauth.listClients();
      expect(listed.data.clients.map((c) => c.client_id)).not.toContain(data!.client_id);
    });

    it('refuses registrations as GoTrue does, with the "400: " prefix its register handler adds', async () => {
      const refusals: Array<[Record<string, unknown>, string]> = [
        [{ client_name: 'x', redirect_uris: [] }, '400: redirect_uris is required'],
        [
          { client_name: 'x', redirect_uris: ['http://example.com/cb'] },
          "400: invalid redirect_uri 'http://example.com/cb': HTTP scheme only allowed for localhost",
        ],
        [
          { client_name: 'x', redirect_uris: ['https://example.com/cb#frag'] },
          "400: invalid redirect_uri 'https://example.com/cb#frag': fragment not allowed in redirect URI",
        ],
        [
          {
            client_name: 'x',
            redirect_uris: ['https://example.com/cb'],
            grant_types: ['password'],
          },
          "400: grant_types must only contain 'authorization_code' and/or 'refresh_token'",
        ],
      ];
      for (const [params, message] of refusals) {
        const { error } = await admin.auth.admin.oauth.createClient(params as never);
        expect({
          params,
          error: error && { status: error.status, code: error.code, message: error.message },
        }).toEqual({
          params,
          error: { status: 400, code: 'validation_failed', message },
        });
      }
    });

    it('answers 400 validation_failed "invalid client_id format" for an id that is not a UUID, and "No fields provided for update" for an empty update', async () => {
      const bad = await admin.auth.admin.oauth.getClient('not-a-uuid');
      expect(bad.error).toMatchObject({
        status: 400,
        code: 'validation_failed',
        message: 'invalid client_id format',
      });
      const { data } = await admin.auth.admin.oauth.createClient({
        client_name: 'Empty update',
        redirect_uris: ['https://empty.example.com/cb'],
      });
      const empty = await admin.auth.admin.oauth.updateClient(data!.client_id, {});
      expect(empty.error).toMatchObject({
        status: 400,
        code: 'validation_failed',
        message: 'No fields provided for update',
      });
    });

    it('refuses a user token with 403 not_admin', async () => {
      const { error } = await emulator.client().auth.admin.oauth.listClients();
      expect(error).toMatchObject({ status: 403, code: 'not_admin' });
    });

    it('refuses dynamic registration (403) and leaves it out of the metadata while allow_dynamic_registration is off', async () => {
      const registered = await fetch(`${emulator.apiUrl}/auth/v1/oauth/clients/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
        body: JSON.stringify({ redirect_uris: ['http://localhost:7777/cb'] }),
      });
      expect(registered.status).toBe(403);
      expect(await registered.json()).toEqual({
        code: 'oauth_dynamic_client_registration_disabled',
        message: 'Dynamic client registration is not enabled',
      });
      const metadata = await fetch(
        `${emulator.apiUrl}/auth/v1/.well-known/oauth-authorization-server`,
      );
      expect(metadata.status).toBe(200);
      expect(await metadata.json()).not.toHaveProperty('registration_endpoint');
    });

    it('keeps clients across a restart (records in Postgres)', async () => {
      const { data } = await admin.auth.admin.oauth.createClient({
        client_name: 'Durable',
        redirect_uris: ['https://durable.example.com/cb'],
      });
      await emulator.restart();
      const read = await emulator.admin().auth.admin.oauth.getClient(data!.client_id);
      expect(read.error).toBeNull();
      expect(read.data?.client_name).toBe('Durable');
    });
  });
}
