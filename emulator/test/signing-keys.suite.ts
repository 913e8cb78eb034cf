// A project whose supabase/config.toml names `[auth] signing_keys_path` (keys written as the
// Supabase CLI's `gen signing-key` writes them), used through supabase-js: tokens signed with the
// current key and its kid, getClaims() verified locally, every service accepting those tokens and
// the API keys signed with the file, refusing keys outside the set and `alg: none`, a rotation
// that keeps earlier tokens valid, and the legacy JWT secret revoked (`[auth] legacy_jwt_secret`).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { SignJWT, decodeProtectedHeader, importJWK, type CryptoKey } from 'jose';
import type { RealtimeChannel } from '@supabase/supabase-js';
import {
  ANON_KEY,
  JWT_SECRET,
  PUBLISHABLE_KEY,
  SECRET_KEY,
  SERVICE_ROLE_KEY,
  startTestEmulator,
  type TestEmulator,
} from './harness.js';
import { cliSigningKey, signingKeysFile, type CliSigningKey } from './signing-key-files.js';
import { Inbox, subscribeOutcome, watchStatuses } from './realtime/spec-support.js';

const CONFIG = `
[auth]
signing_keys_path = "./signing_keys.json"
`;

const MIGRATION = `
create table public.notes (
  id bigint generated always as identity primary key,
  owner uuid not null default auth.uid(),
  body text not null
);
alter table public.notes enable row level security;
create policy "own notes" on public.notes for all to authenticated
  using (owner = auth.uid()) with check (owner = auth.uid());
grant select, insert on public.notes to authenticated;
`;

const FUNCTION = `Deno.serve(() => new Response('hello'));`;

const now = () => Math.floor(Date.now() / 1000);
const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

async function privateKey(jwk: CliSigningKey): Promise<CryptoKey> {
  const { key_ops: _ops, ext: _ext, use: _use, ...material } = jwk;
  return (await importJWK(material, jwk.alg)) as CryptoKey;
}

/** A JWT signed with `jwk` under the header the test chooses. */
async function signedWith(
  jwk: CliSigningKey,
  claims: Record<string, unknown>,
  header: Record<string, unknown> = { kid: jwk.kid },
): Promise<string> {
  return new SignJWT({ exp: now() + 3600, ...claims })
    .setProtectedHeader({ alg: jwk.alg, typ: 'JWT', ...header })
    .sign(await privateKey(jwk));
}

/** What the start banner printed for a label (`anon key`, `JWKS URL`…), the last start's. */
function printed(emulator: TestEmulator, label: string): string {
  const lines = emulator.output.filter((line) => line.trimStart().startsWith(`${label}: `));
  if (lines.length === 0) throw new Error(`the emulator printed no "${label}"`);
  return lines[lines.length - 1]!.trim().slice(label.length + 2);
}

interface Answer {
  status: number;
  body: unknown;
}

export function describeSigningKeys(name: string, options: { postgres?: boolean } = {}): void {
  describe(name, () => {
    let emulator: TestEmulator;
    let rsa: CliSigningKey;
    let ec: CliSigningKey;
    let stranger: CliSigningKey;
    let anonKey: string;
    let serviceRoleKey: string;
    let userId: string;
    let accessToken: string;
    let refreshToken: string;
    const email = `signing-keys-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

    beforeAll(async () => {
      [rsa, ec, stranger] = await Promise.all([
        cliSigningKey('RS256'),
        cliSigningKey('ES256'),
        cliSigningKey('ES256'),
      ]);
      emulator = await startTestEmulator({
        postgres: options.postgres,
        configToml: CONFIG,
        files: {
          'signing_keys.json': signingKeysFile([rsa, ec]),
          'migrations/20250101000000_notes.sql': MIGRATION,
          'functions/hello/index.ts': FUNCTION,
        },
      });
      anonKey = printed(emulator, 'anon key');
      serviceRoleKey = printed(emulator, 'service_role key');
      const signUp = await emulator.client(anonKey).auth.signUp({
        email,
        password: 'password-1',
      });
      if (signUp.error) throw signUp.error;
      userId = signUp.data.user!.id;
      accessToken = signUp.data.session!.access_token;
      refreshToken = signUp.data.session!.refresh_token;
    }, 180_000);

    afterAll(() => emulator?.stop(), 60_000);

    async function send(urlPath: string, token: string, init: RequestInit = {}): Promise<Answer> {
      const response = await fetch(`${emulator.apiUrl}${urlPath}`, {
        ...init,
        headers: { apikey: anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: kept as text
      }
      return { status: response.status, body };
    }

    const post = (body: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(body) });

    async function realtimeOutcome(token: string): Promise<string> {
      const client = emulator.client(anonKey);
      await client.realtime.setAuth(token);
      const outcome = await subscribeOutcome(client.channel(`keys-${Math.random().toString(36).slice(2)}`));
      await client.removeAllChannels();
      client.realtime.disconnect();
      return outcome.status === 'SUBSCRIBED' ? 'SUBSCRIBED' : `${outcome.status}: ${outcome.error?.message}`;
    }

    /** Joins with the project's token, then sends `token` as the channel's access_token: Realtime's answer. */
    async function realtimeAccessTokenOutcome(token: string): Promise<string> {
      const client = emulator.client(anonKey);
      await client.realtime.setAuth(accessToken);
      const channel: RealtimeChannel = client.channel(`keys-${Math.random().toString(36).slice(2)}`);
      const messages = new Inbox<{ status: string; message: string }>();
      channel.on('system', {}, (payload) => messages.push(payload as { status: string; message: string }));
      const statuses = watchStatuses(channel);
      await statuses.next((s) => s.status === 'SUBSCRIBED');
      await client.realtime.setAuth(token);
      const answer = await messages.next((m) => m.status === 'error', 'the access_token refusal');
      await statuses.next((s) => s.status === 'CLOSED', 'the channel closing');
      await client.removeAllChannels();
      client.realtime.disconnect();
      return answer.message;
    }

    it('signs access tokens and the API keys with the first key of the file, carrying its kid, and publishes the public keys', async () => {
      expect(decodeProtectedHeader(accessToken)).toEqual({ alg: 'RS256', kid: rsa.kid, typ: 'JWT' });
      for (const key of [anonKey, serviceRoleKey]) {
        expect(decodeProtectedHeader(key)).toEqual({ alg: 'RS256', kid: rsa.kid, typ: 'JWT' });
      }
      const jwksUrl = printed(emulator, 'JWKS URL');
      expect(jwksUrl).toBe(`${emulator.apiUrl}/auth/v1/.well-known/jwks.json`);
      const response = await fetch(jwksUrl);
      expect(response.headers.get('cache-control')).toBe('public, max-age=600');
      const { keys } = (await response.json()) as { keys: Record<string, unknown>[] };
      expect(keys.map((key) => [key.kid, key.alg, key.key_ops])).toEqual([
        [rsa.kid, 'RS256', ['verify']],
        [ec.kid, 'ES256', ['verify']],
      ]);
      for (const key of keys) for (const part of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(key).not.toHaveProperty(part);
    });

    it('lets getClaims() verify the session locally: the JWKS once, never GET /user', async () => {
      const requests: string[] = [];
      const counting: typeof fetch = (input, init) => {
        requests.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
        return fetch(input, init);
      };
      const client = emulator.client(anonKey, { global: { fetch: counting } });
      const first = await client.auth.getClaims(accessToken);
      expect(first.error).toBeNull();
      expect(first.data?.claims).toMatchObject({ sub: userId, role: 'authenticated' });
      expect(first.data?.header).toMatchObject({ alg: 'RS256', kid: rsa.kid });
      const again = await client.auth.getClaims(accessToken);
      expect(again.data?.claims.sub).toBe(userId);
      expect(requests).toEqual(['/auth/v1/.well-known/jwks.json']);
      // The session's token with another signature fails locally too.
      const wrongSignature =
        accessToken.slice(0, accessToken.lastIndexOf('.') + 1) + Buffer.alloc(256, 7).toString('base64url');
      const refused = await client.auth.getClaims(wrongSignature);
      expect(refused.error?.message).toBe('Invalid JWT signature');
      expect(requests.filter((p) => p === '/auth/v1/user')).toEqual([]);
    });

    it('serves every service with the new tokens and API keys', async () => {
      const user = emulator.client(anonKey, { global: { headers: { authorization: `Bearer ${accessToken}` } } });
      expect((await user.from('notes').insert({ body: 'signed with RS256' }).select()).data).toEqual([
        { id: expect.any(Number), owner: userId, body: 'signed with RS256' },
      ]);
      expect(await emulator.client(anonKey).auth.getUser(accessToken)).toMatchObject({ data: { user: { id: userId } }, error: null });
      // API keys: the configured ones, the sb_ keys mapped to them, and the legacy HS256 anon key.
      for (const key of [anonKey, PUBLISHABLE_KEY, ANON_KEY]) {
        expect(await emulator.client(key).from('notes').select('body')).toMatchObject({ data: [], error: null });
      }
      for (const key of [serviceRoleKey, SECRET_KEY]) {
        const admin = emulator.client(key);
        const listed = await admin.auth.admin.listUsers();
        expect(listed.error).toBeNull();
        expect(listed.data.users.map((u) => u.id)).toContain(userId);
        expect((await admin.from('notes').select('owner')).data).toEqual([{ owner: userId }]);
      }
      const admin = emulator.client(serviceRoleKey);
      expect((await admin.storage.createBucket(`keys-${Date.now()}`)).error).toBeNull();
      expect((await user.storage.listBuckets()).error).toBeNull();
      // A PostgreSQL server without pgvector answers 501 once the token is accepted (403 refuses it).
      const vectors = await send('/storage/v1/vector/ListVectorBuckets', serviceRoleKey, post({}));
      expect(options.postgres ? [200, 501] : [200]).toContain(vectors.status);
      const invoked = await user.functions.invoke('hello');
      expect({ error: invoked.error, data: invoked.data as unknown }).toEqual({ error: null, data: 'hello' });
      expect(await realtimeOutcome(accessToken)).toBe('SUBSCRIBED');
    });

    /** What auth, admin, REST, storage, vectors and functions answer a request carrying `token`. */
    async function outcomesOnEveryService(token: string) {
      return {
        auth: await send('/auth/v1/user', token),
        admin: await send('/auth/v1/admin/users', token),
        rest: await send('/rest/v1/notes', token),
        storage: await send('/storage/v1/bucket', token),
        vectors: await send('/storage/v1/vector/ListVectorBuckets', token, post({})),
        functions: await send('/functions/v1/hello', token, post({})),
      };
    }
    /** Each service's own refusal of a token it cannot verify. */
    const REFUSED_ON_EVERY_SERVICE = {
      auth: { status: 403, body: expect.objectContaining({ error_code: 'bad_jwt' }) },
      admin: { status: 403, body: expect.objectContaining({ error_code: 'bad_jwt' }) },
      rest: { status: 401, body: expect.objectContaining({ code: 'PGRST301' }) },
      storage: { status: 400, body: expect.objectContaining({ code: 'AccessDenied' }) },
      vectors: { status: 403, body: expect.objectContaining({ statusCode: '403' }) },
      functions: { status: 401, body: { msg: 'Invalid JWT' } },
    };

    it('refuses a key outside the set (its own kid or one of the set) and alg none on every service', async () => {
      const claims = { sub: userId, role: 'authenticated', aud: 'authenticated' };
      const strangerSigned = await signedWith(stranger, claims);
      const attacks: Record<string, string> = {
        'another key, its kid': strangerSigned,
        'another key under a kid of the set': await signedWith(stranger, claims, { kid: ec.kid }),
        'another key as service_role': await signedWith(stranger, { role: 'service_role' }, { kid: ec.kid }),
        'alg none': `${base64url({ alg: 'none', typ: 'JWT', kid: rsa.kid })}.${base64url({ exp: now() + 3600, ...claims })}.`,
      };
      for (const [attack, token] of Object.entries(attacks)) {
        expect({ attack, ...(await outcomesOnEveryService(token)) }).toEqual({ attack, ...REFUSED_ON_EVERY_SERVICE });
        expect({ attack, realtime: await realtimeOutcome(token) }).toEqual({
          attack,
          realtime: expect.stringMatching(/^CHANNEL_ERROR: (JwtSignatureError|JwtSignerError)/),
        });
      }
      // The same request with the project's key goes through (the refusals are about the key).
      expect((await send('/rest/v1/notes', accessToken)).status).toBe(200);
      expect(await send('/auth/v1/user', attacks['alg none']!)).toMatchObject({
        body: { msg: 'invalid JWT: unable to parse or verify signature, signing method none is invalid' },
      });
    });

    it('keeps tokens of the previous key valid after a rotation, until they expire', async () => {
      const next = await cliSigningKey('ES256');
      // Rotation: the new key first; the previous one kept to verify what it signed.
      await emulator.restart({
        whileStopped: async () =>
          writeFileSync(
            path.join(emulator.workdir, 'supabase', 'signing_keys.json'),
            signingKeysFile([next, { ...rsa, key_ops: ['verify'] }]),
          ),
      });
      const rotatedAnon = printed(emulator, 'anon key');
      expect(decodeProtectedHeader(rotatedAnon)).toMatchObject({ alg: 'ES256', kid: next.kid });
      // Issued before the rotation: still served by auth and REST.
      expect(await send('/auth/v1/user', accessToken)).toMatchObject({ status: 200, body: { id: userId } });
      expect(await send('/rest/v1/notes?select=body', accessToken)).toEqual({
        status: 200,
        body: [{ body: 'signed with RS256' }],
      });
      // ...but not past its expiry.
      const expired = await signedWith(rsa, { sub: userId, role: 'authenticated', iat: now() - 7200, exp: now() - 3600 });
      expect(await send('/rest/v1/notes', expired)).toMatchObject({
        status: 401,
        body: { code: 'PGRST303', message: 'JWT expired' },
      });
      // New sessions are signed with the new key.
      const signIn = await emulator.client(rotatedAnon).auth.signInWithPassword({ email, password: 'password-1' });
      expect(signIn.error).toBeNull();
      expect(decodeProtectedHeader(signIn.data.session!.access_token)).toMatchObject({ alg: 'ES256', kid: next.kid });
      // A refresh of the session started before the rotation is signed with the new key too.
      const refreshed = await emulator.client(rotatedAnon).auth.refreshSession({ refresh_token: refreshToken });
      expect(refreshed.error).toBeNull();
      expect(decodeProtectedHeader(refreshed.data.session!.access_token)).toMatchObject({ alg: 'ES256', kid: next.kid });
      const { keys } = (await (await fetch(`${emulator.apiUrl}/auth/v1/.well-known/jwks.json`)).json()) as {
        keys: { kid: string }[];
      };
      expect(keys.map((key) => key.kid)).toEqual([next.kid, rsa.kid]);
    });

    it('refuses HS256 tokens of a revoked legacy JWT secret on every service, the legacy API keys with them', async () => {
      // Before: HS256 tokens of the secret are accepted beside the keys (a previously used key).
      const secret = new TextEncoder().encode(JWT_SECRET);
      const hs256 = (claims: Record<string, unknown>) =>
        new SignJWT({ exp: now() + 3600, ...claims }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret);
      const claims = { sub: userId, role: 'authenticated', aud: 'authenticated' };
      expect((await send('/auth/v1/user', await hs256(claims))).status).toBe(200);
      await emulator.restart({
        whileStopped: async () =>
          writeFileSync(
            path.join(emulator.workdir, 'supabase', 'config.toml'),
            `${CONFIG}legacy_jwt_secret = "revoked"\n`,
          ),
      });
      anonKey = printed(emulator, 'anon key');
      const attacks: Record<string, string> = {
        'HS256 as the user': await hs256(claims),
        'HS256 as service_role': await hs256({ role: 'service_role' }),
        'HS256 with a kid of the set': await new SignJWT({ exp: now() + 3600, ...claims })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: rsa.kid })
          .sign(secret),
        'legacy anon key': ANON_KEY,
        'legacy service_role key': SERVICE_ROLE_KEY,
      };
      for (const [attack, token] of Object.entries(attacks)) {
        expect({ attack, ...(await outcomesOnEveryService(token)) }).toEqual({ attack, ...REFUSED_ON_EVERY_SERVICE });
        expect({ attack, join: await realtimeOutcome(token), accessToken: await realtimeAccessTokenOutcome(token) }).toEqual({
          attack,
          join: expect.stringMatching(/^CHANNEL_ERROR: JwtSignerError/),
          accessToken: 'Failed to generate JWT signer, check your JWT secret or JWKS configuration',
        });
      }
      expect(await send('/auth/v1/user', attacks['HS256 as the user']!)).toMatchObject({
        body: { msg: 'invalid JWT: unable to parse or verify signature, signing method HS256 is invalid' },
      });
      // The legacy keys as the client's only key (apikey, and the bearer supabase-js derives from it).
      const legacyAnon = await emulator.client(ANON_KEY).from('notes').select('body');
      expect(legacyAnon.error).toMatchObject({ code: 'PGRST301' });
      const legacyAdmin = await emulator.client(SERVICE_ROLE_KEY).auth.admin.listUsers();
      expect(legacyAdmin.error).toMatchObject({ status: 403, code: 'bad_jwt' });
      // The sb_ keys, mapped to the keys signed with the signing key, and the session keep working.
      expect(await emulator.client(PUBLISHABLE_KEY).from('notes').select('body')).toMatchObject({ data: [], error: null });
      const admin = emulator.client(SECRET_KEY);
      const listed = await admin.auth.admin.listUsers();
      expect(listed.error).toBeNull();
      expect(listed.data.users.map((u) => u.id)).toContain(userId);
      expect((await admin.storage.listBuckets()).error).toBeNull();
      expect(await send('/rest/v1/notes?select=body', accessToken)).toEqual({
        status: 200,
        body: [{ body: 'signed with RS256' }],
      });
      expect(await realtimeOutcome(accessToken)).toBe('SUBSCRIBED');

      // The console opens to the project's service_role key, not the revoked legacy one, and its
      // hidden-row count (which asks REST with the project's API keys) still answers.
      const signIn = (key: string) =>
        fetch(`${emulator.consoleUrl}/api/session`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ key }),
        });
      expect((await signIn(SERVICE_ROLE_KEY)).status).toBe(401);
      const session = await signIn(printed(emulator, 'service_role key'));
      expect(session.status).toBe(200);
      const cookie = (session.headers.get('set-cookie') ?? '').split(';')[0]!;
      const consoleApi = (pathname: string, init: RequestInit = {}) =>
        fetch(`${emulator.consoleUrl}${pathname}`, {
          ...init,
          headers: { cookie, 'content-type': 'application/json', ...init.headers },
        });
      const logged = (await (await consoleApi('/api/requests')).json()) as { id: number; method: string; path: string; status: number; role: string }[];
      // The publishable key's read above: RLS shows the anon role none of the one note.
      const read = logged.find(
        (entry) => entry.method === 'GET' && entry.path === '/rest/v1/notes' && entry.status === 200 && entry.role === 'anon',
      );
      expect(read).toBeDefined();
      const hidden = await consoleApi(`/api/requests/${read!.id}/hidden-rows`, { method: 'POST', body: '{}' });
      expect({ status: hidden.status, body: await hidden.json() }).toEqual({
        status: 200,
        body: { total: 1, visible: 0, hidden: 1 },
      });
    });
  });
}
