import { startTestEmulator, type TestEmulator } from '../test/harness.js';

describe('emulator foundation', () => {
  let emulator: TestEmulator;

  beforeAll(async () => {
    emulator = await startTestEmulator({
      files: {
        'migrations/20240101000000_notes.sql': `
          create table public.notes (id bigint generated always as identity primary key,
            owner uuid not null default auth.uid(), body text not null);
          alter table public.notes enable row level security;
          create policy "own notes" on public.notes using (owner = auth.uid());`,
        'seed.sql': `insert into auth.users (instance_id, id, aud, role, email, encrypted_password,
            email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
          values ('00000000-0000-0000-0000-000000000000', 'a0000000-0000-4000-8000-000000000001',
            'authenticated', 'authenticated', 'seed@example.com', crypt('password123', gen_salt('bf')),
            now(), '{"provider":"email","providers":["email"]}', '{}', now(), now());`,
      },
    });
  }, 60_000);

  afterAll(() => emulator?.stop());

  it('answers JSON 501 for services that have not landed, never HTML', async () => {
    const response = await fetch(`${emulator.apiUrl}/nowhere`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
  });

  it('exposes the headers clients read through CORS', async () => {
    const response = await fetch(`${emulator.apiUrl}/auth/v1/health`, { headers: { origin: 'http://127.0.0.1:3000' } });
    expect(response.headers.get('access-control-expose-headers')).toMatch(/Content-Range/);
    expect(response.headers.get('access-control-expose-headers')).toMatch(/X-Supabase-Api-Version/);
  });

  it('applies migrations and the seed once, and keeps them across a restart', async () => {
    expect(emulator.output.join('\n')).toMatch(/Applied migration 20240101000000_notes.sql/);
    expect(emulator.output.join('\n')).toMatch(/Seeded data/);
    const before = emulator.output.length;
    await emulator.restart();
    const after = emulator.output.slice(before).join('\n');
    expect(after).not.toMatch(/Applied migration/);
    expect(after).not.toMatch(/Seeded data/);
  }, 60_000);
});
