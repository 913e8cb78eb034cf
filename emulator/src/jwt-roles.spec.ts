// A JWT signed with the project's secret may still name a role the API must not run as
// (`postgres`, a superuser, any role not granted to `authenticator`, text that is no role at
// all). Every service refuses it in its own error shape — never runs the request as that role
// (which would bypass row level security) and never answers 500.
import { SignJWT } from 'jose';
import { ANON_KEY, JWT_SECRET, startTestEmulator, type TestEmulator } from '../test/harness.js';
import { subscribeOutcome } from '../test/realtime/spec-support.js';

const MIGRATION = `
  create table public.notes (id int primary key, body text);
  alter table public.notes enable row level security;
  insert into public.notes values (1, 'only reporters read this');
  create role reporter nologin;
  grant reporter to authenticator;
  grant usage on schema public to reporter;
  grant select on public.notes to reporter;
  create policy "reporters read" on public.notes for select to reporter using (true);
`;

const FUNCTION = `Deno.serve(() => new Response('hello'));`;

const SQL_ROLE = `x"; drop table public.notes; --`;

function token(role: unknown, claims: Record<string, unknown> = {}): Promise<string> {
  return new SignJWT({ role, ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(JWT_SECRET));
}

describe('JWT role claims the API may not run as', () => {
  let emulator: TestEmulator;

  beforeAll(async () => {
    emulator = await startTestEmulator({
      files: {
        'migrations/20240101000000_roles.sql': MIGRATION,
        'functions/hello/index.ts': FUNCTION,
      },
    });
  }, 150_000);

  afterAll(() => emulator?.stop(), 60_000);

  const call = async (path: string, jwt: string) => {
    const response = await fetch(`${emulator.apiUrl}${path}`, {
      headers: { apikey: ANON_KEY, authorization: `Bearer ${jwt}` },
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text.startsWith('{') || text.startsWith('[') ? (JSON.parse(text) as unknown) : text,
    };
  };

  describe('REST', () => {
    it('refuses a role not granted to authenticator with 403 42501, as PostgREST', async () => {
      const answer = await call('/rest/v1/notes?select=body', await token('postgres'));
      expect(answer).toEqual({
        status: 403,
        body: {
          code: '42501',
          details: null,
          hint: null,
          message: 'permission denied to set role "postgres"',
        },
      });
    });

    it('refuses a role that does not exist (SQL in the claim included) with 401 22023', async () => {
      for (const role of [SQL_ROLE, 'nobody', 42]) {
        const answer = await call('/rest/v1/notes?select=body', await token(role));
        expect(answer.status).toBe(401);
        expect(answer.body).toMatchObject({
          code: '22023',
          message: `role "${typeof role === 'string' ? role : JSON.stringify(role)}" does not exist`,
        });
      }
    });

    it('runs as a role the project granted to authenticator', async () => {
      const answer = await call('/rest/v1/notes?select=body', await token('reporter'));
      expect(answer).toEqual({ status: 200, body: [{ body: 'only reporters read this' }] });
    });
  });

  describe('storage', () => {
    it('refuses with AccessDenied (HTTP 400, statusCode 403), never 500', async () => {
      for (const role of ['postgres', SQL_ROLE]) {
        const answer = await call('/storage/v1/bucket', await token(role));
        expect(answer.status).toBe(400);
        expect(answer.body).toMatchObject({ statusCode: '403', error: 'Unauthorized' });
        expect((answer.body as { message: string }).message).toContain(`role "${role}"`);
      }
    });

    it('still serves the standard roles', async () => {
      expect((await call('/storage/v1/bucket', await token('service_role'))).status).toBe(200);
    });
  });

  describe('functions', () => {
    it('refuses with 401 Invalid JWT', async () => {
      for (const role of ['postgres', SQL_ROLE]) {
        expect(await call('/functions/v1/hello', await token(role))).toEqual({
          status: 401,
          body: { msg: 'Invalid JWT' },
        });
      }
      expect(await call('/functions/v1/hello', await token('authenticated'))).toEqual({
        status: 200,
        body: 'hello',
      });
    });
  });

  describe('auth', () => {
    it('refuses a user token carrying another role with 403 bad_jwt', async () => {
      const signUp = await emulator.client().auth.signUp({
        email: `roles-${Date.now()}@example.com`,
        password: 'password-1',
      });
      const sub = signUp.data.user!.id;
      const answer = await call('/auth/v1/user', await token('postgres', { sub }));
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ error_code: 'bad_jwt' });
      expect((answer.body as { msg: string }).msg).toContain(
        'permission denied to set role "postgres"',
      );
      expect(
        (await call('/auth/v1/user', await token('authenticated', { sub, aud: 'authenticated' }))).status,
      ).toBe(200);
    });
  });

  describe('realtime', () => {
    it('refuses to join a channel as that role', async () => {
      for (const role of ['postgres', SQL_ROLE]) {
        const client = emulator.client(ANON_KEY);
        await client.realtime.setAuth(await token(role));
        const channel = client.channel(`roles-${role.length}`);
        const outcome = await subscribeOutcome(channel);
        expect(outcome.status).toBe('CHANNEL_ERROR');
        expect(outcome.error?.message).toContain(`Unauthorized: `);
        expect(outcome.error?.message).toContain(`role "${role}"`);
        await client.removeAllChannels();
      }
    });
  });
});
