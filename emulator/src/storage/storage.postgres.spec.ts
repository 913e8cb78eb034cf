// Storage on a real PostgreSQL server (DATABASE_URL) instead of PGlite: the same SQL and RLS,
// and, since Debian's PostgreSQL has no pgvector, vector routes that say so clearly.
import { SignJWT } from 'jose';
import { ANON_KEY, JWT_SECRET, SERVICE_ROLE_KEY, postgresTestUrl, startTestEmulator, type TestEmulator } from '../../test/harness.js';
import { describeStorageCompat } from '../../test/storage/storage-compat.suite.js';

const OWNER = 'c0ffee00-0000-4000-8000-000000000003';
const serverUrl = postgresTestUrl();
const suite = serverUrl ? describe : describe.skip;

suite('storage (real PostgreSQL)', () => {
  let emulator: TestEmulator;

  beforeAll(async () => {
    emulator = await startTestEmulator({
      postgres: true,
      files: {
        'migrations/20240101000000_policies.sql': `
          insert into storage.buckets (id, name) values ('inbox', 'inbox');
          create policy "own files" on storage.objects for all to authenticated
            using (bucket_id = 'inbox' and owner_id = auth.uid()::text)
            with check (bucket_id = 'inbox' and owner_id = auth.uid()::text);`,
      },
    });
  }, 120_000);

  afterAll(() => emulator?.stop());

  it('uploads, lists and downloads under RLS', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ sub: OWNER, role: 'authenticated', aud: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(new TextEncoder().encode(JWT_SECRET));
    const user = emulator.client(ANON_KEY, { global: { headers: { Authorization: `Bearer ${token}` } } });

    expect((await user.storage.from('inbox').upload('notes/a.txt', 'on postgres')).error).toBeNull();
    const { data: listed } = await user.storage.from('inbox').list('notes');
    expect(listed?.map((f) => f.name)).toEqual(['a.txt']);
    expect(await (await user.storage.from('inbox').download('notes/a.txt')).data!.text()).toBe('on postgres');
    expect((await emulator.client().storage.from('inbox').list('notes')).data).toEqual([]);
    const { data: v2 } = await emulator.admin().storage.from('inbox').listV2({ with_delimiter: true });
    expect(v2?.folders.map((f) => f.name)).toEqual(['notes/']);
  });

  it('answers the vector routes with a clear "needs pgvector" error', async () => {
    const response = await fetch(`${emulator.apiUrl}/storage/v1/vector/ListVectorBuckets`, {
      method: 'POST',
      headers: { apikey: SERVICE_ROLE_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(501);
    const body = (await response.json()) as { code: string; message: string };
    expect(body.code).toBe('FeatureNotEnabled');
    expect(body.message).toMatch(/pgvector/);
  });
});

if (serverUrl) describeStorageCompat('Supabase Storage answers (real PostgreSQL)', { postgres: true });
