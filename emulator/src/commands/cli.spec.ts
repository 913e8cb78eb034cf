// portal-emulator's Supabase-CLI-like commands, run as a developer runs them: the CLI as its
// own process against a real emulator process on free ports.
import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { copyFreshDatabase, startTestEmulator, type TestEmulator } from '../../test/harness.js';

const CLIENT_OPTIONS = { auth: { persistSession: false } };
const ROOT = path.resolve(__dirname, '../../..');
const BIN = path.join(ROOT, 'emulator/bin/portal-emulator.js');
const TMP = path.join(ROOT, '.tmp');

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

function cli(args: string[], input?: string): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [BIN, ...args],
      { env: { ...process.env, PORTAL_EMULATOR_QUIET: '1' }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? ((error.code as number) ?? 1) : 0, stdout, stderr }),
    );
    if (input !== undefined) child.stdin?.end(input);
    else child.stdin?.end();
  });
}

const NOTES_MIGRATION = `
  create type public.mood as enum ('calm', 'busy');
  create table public.authors (id bigint generated always as identity primary key, name text not null unique);
  create table public.notes (
    id bigint generated always as identity primary key,
    author_id bigint references public.authors (id),
    body text not null,
    mood public.mood not null default 'calm',
    tags text[],
    extra jsonb
  );
  alter table public.notes enable row level security;
  create policy "notes: anyone reads" on public.notes for select to anon, authenticated using (true);
  create view public.note_bodies as select id, body from public.notes;
  create function public.notes_by_mood(p_mood public.mood) returns setof public.notes
    language sql stable as $$ select * from public.notes where mood = p_mood $$;`;
const NOTES_SEED = `
  insert into public.authors (name) values ('Ada');
  insert into public.notes (author_id, body, mood, tags) values (1, 'seeded note', 'busy', '{a,b}');`;

describe('portal-emulator CLI against a running emulator', () => {
  let emulator: TestEmulator;
  let workdir: string[];

  beforeAll(async () => {
    emulator = await startTestEmulator({
      files: { 'migrations/20240101000000_notes.sql': NOTES_MIGRATION, 'seed.sql': NOTES_SEED },
    });
    workdir = ['--workdir', emulator.workdir];
  }, 150_000);

  afterAll(() => emulator?.stop());

  it('status -o env prints env lines whose URL and keys work with supabase-js', async () => {
    const result = await cli(['status', ...workdir, '-o', 'env']);
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split('\n');
    const env: Record<string, string> = {};
    for (const line of lines) {
      const match = /^([A-Z_]+)="((?:[^"\\]|\\.)*)"$/.exec(line);
      expect(match).not.toBeNull();
      env[match![1]!] = match![2]!;
    }
    expect(Object.keys(env)).toEqual([...Object.keys(env)].sort());
    expect(env.API_URL).toBe(emulator.apiUrl);
    expect(env.MAILPIT_URL).toBe(emulator.mailUrl);
    expect(env.DB_URL).toBeUndefined(); // PGlite takes no connections
    expect(env.GRAPHQL_URL).toBeUndefined();
    expect(env.JWT_SECRET).toBe('super-secret-jwt-token-with-at-least-32-characters-long');

    const anon = createClient(env.API_URL!, env.ANON_KEY!, CLIENT_OPTIONS);
    const read = await anon.from('notes').select('body');
    expect(read.error).toBeNull();
    expect(read.data).toEqual([{ body: 'seeded note' }]);
    const publishable = createClient(env.API_URL!, env.PUBLISHABLE_KEY!, CLIENT_OPTIONS);
    expect((await publishable.from('notes').select('body')).data).toEqual([{ body: 'seeded note' }]);
    for (const key of [env.SERVICE_ROLE_KEY!, env.SECRET_KEY!]) {
      const admin = createClient(env.API_URL!, key, CLIENT_OPTIONS);
      const users = await admin.auth.admin.listUsers();
      expect(users.error).toBeNull();
    }

    const json = await cli(['status', ...workdir, '-o', 'json']);
    expect(JSON.parse(json.stdout)).toEqual(env);
    const pretty = await cli(['status', ...workdir]);
    expect(pretty.stdout).toMatch(new RegExp(`^ +API URL: ${emulator.apiUrl}$`, 'm'));
  });

  it('migration new writes a timestamped file (with SQL piped in) and migration list shows it as not applied', async () => {
    const created = await cli(['migration', 'new', 'add_colour', ...workdir], 'alter table public.notes add column colour text;\n');
    expect(created.code).toBe(0);
    const match = /Created new migration at (supabase\/migrations\/(\d{14})_add_colour\.sql)/.exec(created.stdout);
    expect(match).not.toBeNull();
    const version = match![2]!;
    expect(Math.abs(Date.parse(`${version.slice(0, 4)}-${version.slice(4, 6)}-${version.slice(6, 8)}T${version.slice(8, 10)}:${version.slice(10, 12)}:${version.slice(12, 14)}Z`) - Date.now())).toBeLessThan(120_000);
    expect(readFileSync(path.join(emulator.workdir, match![1]!), 'utf8')).toBe('alter table public.notes add column colour text;\n');

    const list = await cli(['migration', 'list', ...workdir]);
    expect(list.code).toBe(0);
    const rows = list.stdout.split('\n').filter((l) => /\d{14}/.test(l)).map((l) => l.split('|').map((c) => c.trim()));
    expect(rows).toEqual([
      ['20240101000000', '20240101000000', '2024-01-01 00:00:00'],
      [version, '', expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)],
    ]);
    expect(list.stdout).toMatch(/Local +\| Applied +\| Time \(UTC\)/);
    rmSync(path.join(emulator.workdir, match![1]!));

    const refused = await cli(['migration', 'new', 'bad name', ...workdir], '');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/letters, digits/);
  });

  it('gen types typescript compiles and types queries: a wrong column is a type error', async () => {
    const result = await cli(['gen', 'types', 'typescript', ...workdir]);
    expect(result.code).toBe(0);
    mkdirSync(TMP, { recursive: true });
    const dir = mkdtempSync(path.join(TMP, 'gen-types-'));
    try {
      writeFileSync(path.join(dir, 'database.types.ts'), result.stdout);
      writeFileSync(
        path.join(dir, 'good.ts'),
        `import { createClient } from '@supabase/supabase-js';
import type { Database, Enums, Tables, TablesInsert, TablesUpdate } from './database.types';
import { Constants } from './database.types';
const client = createClient<Database>('http://127.0.0.1:1', 'key');
export async function run(): Promise<void> {
  const { data } = await client.from('notes').select('id, body, mood, tags, authors(name)').eq('mood', 'busy');
  const first = data?.[0];
  if (first) {
    const body: string = first.body;
    const mood: 'calm' | 'busy' = first.mood;
    const tags: string[] | null = first.tags;
    const author: string | undefined = first.authors?.name;
    void [body, mood, tags, author];
  }
  const insert: TablesInsert<'notes'> = { body: 'x' };
  const update: TablesUpdate<'notes'> = { mood: 'calm' };
  await client.from('notes').insert(insert);
  await client.from('notes').update(update).eq('id', 1);
  const row: Tables<'note_bodies'> = { id: 1, body: 'x' };
  const rpc = await client.rpc('notes_by_mood', { p_mood: 'calm' });
  const moods: Enums<'mood'>[] = [...Constants.public.Enums.mood];
  void [row, rpc.data?.[0]?.body, moods];
}
`,
      );
      writeFileSync(
        path.join(dir, 'bad.ts'),
        `import { createClient } from '@supabase/supabase-js';
import type { Database } from './database.types';
const client = createClient<Database>('http://127.0.0.1:1', 'key');
export async function run(): Promise<void> {
  await client.from('notes').insert({ body: 'x', wrong_column: 1 });
  await client.from('notes').insert({ body: 'x', id: 5 });
  await client.from('notes').update({ mood: 'sleepy' });
  await client.rpc('notes_by_mood', { p_mood: 'sleepy' });
}
`,
      );
      const tsc = (file: string) =>
        new Promise<CliResult>((resolve) => {
          execFile(
            process.execPath,
            [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '--ignoreConfig', '--noEmit', '--strict', '--skipLibCheck', '--target', 'es2022', '--module', 'esnext', '--moduleResolution', 'bundler', path.join(dir, file)],
            { cwd: dir },
            (error, stdout, stderr) => resolve({ code: error ? 1 : 0, stdout, stderr }),
          );
        });
      const good = await tsc('good.ts');
      expect(good.stdout).toBe('');
      expect(good.code).toBe(0);
      const bad = await tsc('bad.ts');
      expect(bad.code).toBe(1);
      const errors = bad.stdout.split('\n').filter((l) => /bad\.ts\(\d+,\d+\): error/.test(l));
      // One error per wrong line: unknown column, identity column, unknown enum value in a column and in an argument.
      expect(errors.map((l) => Number(/bad\.ts\((\d+),/.exec(l)![1]))).toEqual([5, 6, 7, 8]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('db dump writes SQL that restores the schema and the rows', async () => {
    const schema = await cli(['db', 'dump', ...workdir, '--schema-only']);
    const data = await cli(['db', 'dump', ...workdir, '--data-only']);
    expect(schema.code).toBe(0);
    expect(data.code).toBe(0);
    expect(schema.stdout).toMatch(/CREATE TABLE public\.notes/);
    expect(schema.stdout).not.toMatch(/INSERT INTO/);
    expect(data.stdout).toMatch(/INSERT INTO public\.notes .*'seeded note'/);
    expect(data.stdout).not.toMatch(/CREATE TABLE/);
    // The project's schemas only: auth and storage belong to the platform.
    expect(schema.stdout).not.toMatch(/auth\.users/);

    // Restored into a new project's database (PGlite, in a process of its own): Supabase's roles
    // and schemas, nothing of the project.
    const dir = mkdtempSync(path.join(TMP, 'dump-restore-'));
    try {
      writeFileSync(path.join(dir, 'schema.sql'), schema.stdout);
      writeFileSync(path.join(dir, 'data.sql'), data.stdout);
      await copyFreshDatabase(path.join(dir, 'pglite'));
      const script = `
        import { readFileSync } from 'node:fs';
        import { PGlite } from '@electric-sql/pglite';
        const pg = await PGlite.create({ dataDir: process.argv[1] + '/pglite' });
        await pg.exec(readFileSync(process.argv[1] + '/schema.sql', 'utf8'));
        await pg.exec(readFileSync(process.argv[1] + '/data.sql', 'utf8'));
        const notes = await pg.query('select body, mood::text, tags from public.notes');
        console.log(JSON.stringify(notes.rows));`;
      const restored = await new Promise<string>((resolve, reject) =>
        execFile(process.execPath, ['--input-type=module', '-e', script, dir], { cwd: ROOT }, (error, stdout, stderr) =>
          error ? reject(new Error(stderr)) : resolve(stdout),
        ),
      );
      expect(JSON.parse(restored)).toEqual([{ body: 'seeded note', mood: 'busy', tags: ['a', 'b'] }]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('db reset brings the seed back after a change, and the API serves the new database at once', async () => {
    const admin = emulator.admin();
    await admin.from('notes').delete().neq('id', 0);
    expect((await admin.from('authors').insert({ name: 'Grace' })).error).toBeNull();
    expect((await admin.from('notes').select('body')).data).toEqual([]);

    const started = performance.now();
    const reset = await cli(['db', 'reset', ...workdir]);
    const seconds = (performance.now() - started) / 1000;
    expect(reset.stderr).toBe('');
    expect(reset.code).toBe(0);
    expect(reset.stdout).toMatch(/Applying migration 20240101000000_notes\.sql/);
    expect(reset.stdout).toMatch(/Seeding data from supabase\/seed\.sql/);
    console.log(`db reset on a running emulator: ${seconds.toFixed(1)} s (CLI process included)`);

    expect((await admin.from('notes').select('body')).data).toEqual([{ body: 'seeded note' }]);
    expect((await admin.from('authors').select('name')).data).toEqual([{ name: 'Ada' }]);
    // Identity sequences start over, as in a recreated database.
    const inserted = await admin.from('authors').insert({ name: 'Grace' }).select('id').single();
    expect(inserted.data).toEqual({ id: 2 });
    expect((await emulator.client().from('notes').select('body')).data).toEqual([{ body: 'seeded note' }]);
  }, 120_000);
});

function sha256(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Each table's rows in a data-only dump, hashed by table. */
function tableHashes(dump: string): Record<string, string> {
  const hashes: Record<string, string> = {};
  for (const section of dump.split(/^-- Data for Name: /m).slice(1)) {
    const name = /^(\S+); Type: TABLE DATA; Schema: (\S+);/.exec(section);
    if (!name) continue;
    const rows = section.split('\n').filter((l) => l.startsWith('INSERT INTO'));
    hashes[`${name[2]}.${name[1]}`] = sha256(rows.join('\n'));
  }
  return hashes;
}

async function storageHashes(emulator: TestEmulator): Promise<Record<string, string>> {
  const admin = emulator.admin();
  const hashes: Record<string, string> = {};
  const { data: buckets } = await admin.storage.listBuckets();
  for (const bucket of buckets ?? []) {
    const walk = async (prefix: string): Promise<void> => {
      const { data } = await admin.storage.from(bucket.id).list(prefix, { limit: 1000 });
      for (const entry of data ?? []) {
        const name = prefix ? `${prefix}/${entry.name}` : entry.name;
        if (entry.id === null) {
          await walk(name);
          continue;
        }
        const file = await admin.storage.from(bucket.id).download(name);
        hashes[`${bucket.id}/${name}`] = sha256(Buffer.from(await file.data!.arrayBuffer()));
      }
    };
    await walk('');
  }
  return hashes;
}

async function mailSubjects(mailUrl: string): Promise<string[]> {
  const list = (await (await fetch(`${mailUrl}/api/v1/messages`)).json()) as { messages: { ID: string; Subject: string; To: { Address: string }[] }[] };
  return list.messages.map((m) => `${m.ID} ${m.To[0]?.Address} ${m.Subject}`);
}

const ALL_SCHEMAS = 'public,auth,storage';

describe('portal-emulator export and start --import', () => {
  it('export → kill → import loses nothing: every table, every stored object, the mailbox', async () => {
    const source = await startTestEmulator({
      files: { 'migrations/20240101000000_notes.sql': NOTES_MIGRATION, 'seed.sql': NOTES_SEED },
    });
    let imported: TestEmulator | null = null;
    const exportDir = path.join(source.workdir, 'snapshot');
    try {
      const admin = source.admin();
      expect((await admin.storage.createBucket('photos', { public: false })).error).toBeNull();
      const image = Buffer.alloc(300_000);
      for (let i = 0; i < image.length; i++) image[i] = (i * 7919) % 251;
      expect((await admin.storage.from('photos').upload('trip/day1.bin', image)).error).toBeNull();
      expect((await admin.storage.from('photos').upload('notes.txt', 'hello', { contentType: 'text/plain' })).error).toBeNull();
      const signUp = await source.client().auth.signUp({ email: 'export@example.com', password: 'password-123' });
      expect(signUp.error).toBeNull();
      const magic = await source.client().auth.signInWithOtp({ email: 'export@example.com' });
      expect(magic.error).toBeNull();
      expect((await admin.from('notes').insert({ body: 'written before export', extra: { n: 1 } })).error).toBeNull();

      const before = {
        tables: tableHashes((await cli(['db', 'dump', '--workdir', source.workdir, '--data-only', '--schema', ALL_SCHEMAS])).stdout),
        objects: await storageHashes(source),
        mails: await mailSubjects(source.mailUrl),
      };
      expect(Object.keys(before.tables)).toEqual(expect.arrayContaining(['public.notes', 'auth.users', 'storage.objects']));
      expect(Object.keys(before.objects).sort()).toEqual(['photos/notes.txt', 'photos/trip/day1.bin']);
      expect(before.mails.length).toBeGreaterThan(0);

      const exported = await cli(['export', exportDir, '--workdir', source.workdir]);
      expect(exported.stderr).toBe('');
      expect(exported.code).toBe(0);
      expect(exported.stdout).toContain(`Exported to ${exportDir}: database, stored files, ${before.mails.length} mails.`);
      // Nothing half-written is left beside it.
      expect(readdirSync(source.workdir).filter((name) => name.includes('snapshot'))).toEqual(['snapshot']);

      await source.crash();
      imported = await startTestEmulator({
        files: { 'migrations/20240101000000_notes.sql': NOTES_MIGRATION, 'seed.sql': NOTES_SEED },
        startArgs: ['--import', exportDir],
      });
      const after = {
        tables: tableHashes((await cli(['db', 'dump', '--workdir', imported.workdir, '--data-only', '--schema', ALL_SCHEMAS])).stdout),
        objects: await storageHashes(imported),
        mails: await mailSubjects(imported.mailUrl),
      };
      expect(after).toEqual(before);
      // The imported user signs in with the password set before the export.
      const signIn = await imported.client().auth.signInWithPassword({ email: 'export@example.com', password: 'password-123' });
      expect(signIn.error).toBeNull();
    } finally {
      await imported?.stop();
      await source.stop();
    }
  }, 300_000);

  it('an emulator killed midway through an export leaves the previous export whole, and the next export tidies up', async () => {
    const source = await startTestEmulator({ files: { 'seed.sql': `create table public.t (n int); insert into public.t values (1);` } });
    try {
      const exportDir = path.join(source.workdir, 'snapshot');
      expect((await cli(['export', exportDir, '--workdir', source.workdir])).code).toBe(0);
      const manifest = readFileSync(path.join(exportDir, 'manifest.json'), 'utf8');
      const child = spawn(process.execPath, [BIN, 'export', exportDir, '--workdir', source.workdir], { stdio: 'ignore' });
      const partial = () => readdirSync(source.workdir).some((name) => name.startsWith('.snapshot.partial-'));
      // The emulator is killed as soon as it has started writing the new export.
      await new Promise<void>((resolve) => {
        const timer = setInterval(() => {
          if (partial() || child.exitCode !== null) {
            clearInterval(timer);
            resolve();
          }
        }, 2);
      });
      expect(partial()).toBe(true);
      await source.crash();
      await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
      expect(readFileSync(path.join(exportDir, 'manifest.json'), 'utf8')).toBe(manifest);
      expect(existsSync(path.join(exportDir, 'database/pglite.tar.gz'))).toBe(true);

      await source.restart();
      const again = await cli(['export', exportDir, '--workdir', source.workdir]);
      expect(again.code).toBe(0);
      expect(readFileSync(path.join(exportDir, 'manifest.json'), 'utf8')).not.toBe(manifest);
      expect(readdirSync(source.workdir).filter((name) => name.includes('snapshot'))).toEqual(['snapshot']);
    } finally {
      await source.stop();
    }
  }, 180_000);
});

describe('portal-emulator command cost', () => {
  it('a command for a running emulator loads neither the server nor the database engine', async () => {
    // Each CLI call is a process of its own: loading the whole emulator (Hono, PGlite, every
    // service) for `status` or `db dump` cost a second of CPU per call.
    mkdirSync(TMP, { recursive: true });
    const dir = mkdtempSync(path.join(TMP, 'cli-modules-'));
    try {
      const log = path.join(dir, 'resolved.txt');
      writeFileSync(
        path.join(dir, 'record.mjs'),
        `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(${JSON.stringify(log)}, result.url + '\\n');
  return result;
}
`,
      );
      writeFileSync(path.join(dir, 'register.mjs'), `import { register } from 'node:module';\nregister('./record.mjs', import.meta.url);\n`);
      const result = await new Promise<CliResult>((resolve) => {
        execFile(
          process.execPath,
          ['--import', path.join(dir, 'register.mjs'), BIN, 'status', '--workdir', dir],
          { env: { ...process.env, PORTAL_EMULATOR_QUIET: '1' } },
          (error, stdout, stderr) => resolve({ code: error ? 1 : 0, stdout, stderr }),
        );
      });
      expect(result.stderr).toContain('No emulator is running');
      const packages = new Set(
        readFileSync(log, 'utf8')
          .split('\n')
          .map((url) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1])
          .filter((name) => name !== undefined),
      );
      expect(packages).toContain('commander');
      for (const heavy of ['hono', '@electric-sql/pglite', '@electric-sql/pglite-tools', 'pg', '@supabase/supabase-js']) {
        expect([...packages]).not.toContain(heavy);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('portal-emulator start', () => {
  it('--ephemeral keeps nothing on disk after stop', async () => {
    const emulator = await startTestEmulator({ files: { 'seed.sql': NOTES_MIGRATION + NOTES_SEED }, startArgs: ['--ephemeral'] });
    const dataDir = /PGlite in (\S+) \(ephemeral: removed at stop\)/.exec(emulator.output.join('\n'))?.[1];
    try {
      expect(dataDir).toBeDefined();
      expect((await emulator.admin().from('notes').insert({ body: 'temporary' })).error).toBeNull();
      expect(existsSync(dataDir!)).toBe(true);
      expect((await cli(['status', '--workdir', emulator.workdir, '-o', 'json'])).code).toBe(0);
    } finally {
      // Stopped as Ctrl-C stops it; looked at before the harness removes the workdir.
      process.kill(emulator.pid, 'SIGTERM');
      await waitForExit(emulator.pid);
      expect(existsSync(dataDir!)).toBe(false);
      expect(existsSync(path.join(emulator.workdir, '.supabase-local'))).toBe(false);
      await emulator.stop();
    }
  }, 180_000);

  it('says which process holds a taken default port and offers --port 0', async () => {
    const holder: Server = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as { port: number }).port;
    mkdirSync(TMP, { recursive: true });
    const workdir = mkdtempSync(path.join(TMP, 'port-taken-'));
    try {
      const result = await cli(['start', '--workdir', workdir, '--port', String(port), '--mail-port', '0']);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`The API port ${port} is already in use by process ${process.pid} (`);
      expect(result.stderr).toContain('--port 0 to pick a free one');
      // Refused before any database was made.
      expect(existsSync(path.join(workdir, '.supabase-local', 'pglite'))).toBe(false);
    } finally {
      holder.close();
      rmSync(workdir, { recursive: true, force: true });
    }
  });
});

async function waitForExit(pid: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    if (Date.now() > deadline) throw new Error(`process ${pid} did not stop within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
