// The files backend (supabase/migrations/20250104000000_files_buckets.sql) through supabase-js
// against a real emulator with the portal's own supabase/ folder: each person's own folder in
// the private `files` bucket, project areas shared by project membership, and the public
// `public-assets` bucket seeded from config.toml's [storage.buckets] with its demo files.
import path from 'node:path';
import { readFileSync } from 'node:fs';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestEmulator, type TestEmulator } from '../emulator/test/harness.js';

jest.setTimeout(120_000);

const REPO = path.resolve(__dirname, '..');
let emulator: TestEmulator;

beforeAll(async () => {
  emulator = await startTestEmulator({ copySupabaseDir: path.join(REPO, 'supabase'), reuseSeeded: true });
}, 180_000);

afterAll(async () => {
  await emulator?.stop();
});

interface Person {
  id: string;
  db: SupabaseClient;
}

let counter = 0;
/** A new person with their own session (each test makes its own people). */
async function newPerson(label: string): Promise<Person> {
  counter += 1;
  const email = `files-${label}-${Date.now()}-${counter}@example.com`;
  const password = 'files-pass-42';
  const created = await emulator
    .admin()
    .auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error) throw created.error;
  const db = emulator.client();
  const signedIn = await db.auth.signInWithPassword({ email, password });
  if (signedIn.error) throw signedIn.error;
  return { id: created.data.user.id, db };
}

const text = (s: string) => new Blob([s], { type: 'text/plain' });

describe('the files bucket: each person’s own folder', () => {
  it('lets a person upload, list, read, sign, overwrite, move and delete in their own folder', async () => {
    const ana = await newPerson('ana');
    const files = ana.db.storage.from('files');
    expect((await files.upload(`${ana.id}/notes/a.txt`, text('first'))).error).toBeNull();
    const listed = await files.listV2({ prefix: `${ana.id}/`, with_delimiter: true });
    expect(listed.error).toBeNull();
    // list-v2 names folders by their full prefix, as S3's CommonPrefixes.
    expect(listed.data!.folders.map((f) => f.name)).toEqual([`${ana.id}/notes/`]);
    expect(await (await files.download(`${ana.id}/notes/a.txt`)).data!.text()).toBe('first');
    expect(
      (await files.upload(`${ana.id}/notes/a.txt`, text('second'), { upsert: true })).error,
    ).toBeNull();
    const signed = await files.createSignedUrl(`${ana.id}/notes/a.txt`, 60);
    expect(signed.error).toBeNull();
    const viaLink = await fetch(signed.data!.signedUrl);
    expect(await viaLink.text()).toBe('second');
    expect((await files.move(`${ana.id}/notes/a.txt`, `${ana.id}/b.txt`)).error).toBeNull();
    expect((await files.remove([`${ana.id}/b.txt`])).data).toHaveLength(1);
  });

  it('keeps a second person from listing, reading, signing, overwriting or deleting the first person’s files', async () => {
    const [ana, ben] = await Promise.all([newPerson('ana'), newPerson('ben')]);
    const key = `${ana.id}/secret.txt`;
    expect((await ana.db.storage.from('files').upload(key, text('mine'))).error).toBeNull();
    const theirs = ben.db.storage.from('files');

    const listed = await theirs.listV2({ prefix: `${ana.id}/` });
    expect(listed.data?.objects ?? []).toEqual([]);
    expect((await theirs.list(ana.id)).data ?? []).toEqual([]);
    expect((await theirs.download(key)).error).not.toBeNull();
    expect((await theirs.createSignedUrl(key, 60)).error).not.toBeNull();
    const overwrite = await theirs.upload(key, text('not yours'), { upsert: true });
    expect(overwrite.error).not.toBeNull();
    // Writing into someone else's folder is refused too, even for a new name.
    expect((await theirs.upload(`${ana.id}/planted.txt`, text('x'))).error).not.toBeNull();
    // storage-api answers a delete of invisible objects with an empty list, not an error.
    expect((await theirs.remove([key])).data ?? []).toEqual([]);
    expect((await theirs.move(key, `${ben.id}/stolen.txt`)).error).not.toBeNull();

    const stillThere = await emulator.admin().storage.from('files').download(key);
    expect(await stillThere.data!.text()).toBe('mine');
  });

  it('refuses files above the bucket’s size limit and of types it does not allow', async () => {
    const ana = await newPerson('ana');
    const files = ana.db.storage.from('files');
    const bucket = await ana.db.storage.getBucket('files');
    expect(bucket.error).toBeNull();
    expect(bucket.data).toMatchObject({ public: false, file_size_limit: 52428800 });
    expect(bucket.data!.allowed_mime_types).toEqual(
      expect.arrayContaining(['image/*', 'text/*', 'application/pdf']),
    );
    const exe = await files.upload(
      `${ana.id}/tool.exe`,
      new Blob(['MZ'], { type: 'application/x-msdownload' }),
    );
    expect(exe.error).toMatchObject({ statusCode: '415' });
    const listed = await files.list(ana.id);
    expect(listed.data).toEqual([]);
  });
});

describe('the files bucket: project areas', () => {
  it('lets members read a project’s files, and only its owner and editors write them', async () => {
    const [owner, editor, viewer, stranger] = await Promise.all([
      newPerson('owner'),
      newPerson('editor'),
      newPerson('viewer'),
      newPerson('stranger'),
    ]);
    const admin = emulator.admin();
    const project = await admin
      .from('projects')
      .insert({ owner_id: owner.id, name: `Files ${Date.now()}` })
      .select('id')
      .single();
    expect(project.error).toBeNull();
    const id = (project.data as { id: number }).id;
    const members = await admin.from('project_members').insert([
      { project_id: id, user_id: editor.id, role: 'editor' },
      { project_id: id, user_id: viewer.id, role: 'viewer' },
    ]);
    expect(members.error).toBeNull();
    const area = `projects/${id}`;

    expect(
      (await owner.db.storage.from('files').upload(`${area}/plan.txt`, text('plan'))).error,
    ).toBeNull();
    expect(
      (await editor.db.storage.from('files').upload(`${area}/edit.txt`, text('edit'))).error,
    ).toBeNull();
    expect(
      (
        await editor.db.storage
          .from('files')
          .upload(`${area}/plan.txt`, text('plan v2'), { upsert: true })
      ).error,
    ).toBeNull();

    const seen = await viewer.db.storage.from('files').listV2({ prefix: `${area}/` });
    expect(seen.data!.objects.map((o) => o.name).sort()).toEqual([
      `${area}/edit.txt`,
      `${area}/plan.txt`,
    ]);
    expect(
      await (await viewer.db.storage.from('files').download(`${area}/plan.txt`)).data!.text(),
    ).toBe('plan v2');
    expect(
      (await viewer.db.storage.from('files').upload(`${area}/viewer.txt`, text('no'))).error,
    ).not.toBeNull();
    expect(
      (
        await viewer.db.storage
          .from('files')
          .upload(`${area}/plan.txt`, text('no'), { upsert: true })
      ).error,
    ).not.toBeNull();
    expect((await viewer.db.storage.from('files').remove([`${area}/plan.txt`])).data ?? []).toEqual(
      [],
    );

    expect(
      (await stranger.db.storage.from('files').listV2({ prefix: `${area}/` })).data?.objects ?? [],
    ).toEqual([]);
    expect(
      (await stranger.db.storage.from('files').createSignedUrl(`${area}/plan.txt`, 60)).error,
    ).not.toBeNull();
    expect(
      (await stranger.db.storage.from('files').upload(`${area}/x.txt`, text('no'))).error,
    ).not.toBeNull();

    expect((await editor.db.storage.from('files').remove([`${area}/edit.txt`])).data).toHaveLength(
      1,
    );
    // A folder that is not a project number is nobody's project area (and no error).
    expect(
      (await owner.db.storage.from('files').upload('projects/not-a-number/x.txt', text('no')))
        .error,
    ).toMatchObject({ statusCode: '403' });
  });
});

describe('the public-assets bucket', () => {
  it('is seeded with the demo files from supabase/seed-storage, readable by anyone without a session', async () => {
    const anon = emulator.client();
    const listed = await anon.storage.from('public-assets').listV2({ prefix: '' });
    expect(listed.error).toBeNull();
    expect(listed.data!.objects.map((o) => o.name).sort()).toEqual([
      'docs/opening-hours.csv',
      'docs/settings.json',
      'logo.png',
      'welcome.md',
    ]);
    const url = anon.storage.from('public-assets').getPublicUrl('logo.png').data.publicUrl;
    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    const shipped = readFileSync(path.join(REPO, 'supabase/seed-storage/public-assets/logo.png'));
    expect(Buffer.from(await served.arrayBuffer()).equals(shipped)).toBe(true);
  });

  it('cannot be written by signed-in people or anonymously', async () => {
    const ana = await newPerson('ana');
    expect(
      (await ana.db.storage.from('public-assets').upload('mine.txt', text('x'))).error,
    ).not.toBeNull();
    expect(
      (await ana.db.storage.from('public-assets').upload('welcome.md', text('x'), { upsert: true }))
        .error,
    ).not.toBeNull();
    expect((await ana.db.storage.from('public-assets').remove(['welcome.md'])).data ?? []).toEqual(
      [],
    );
    expect(
      (await emulator.client().storage.from('public-assets').upload('anon.txt', text('x'))).error,
    ).not.toBeNull();
    const welcome = await fetch(
      ana.db.storage.from('public-assets').getPublicUrl('welcome.md').data.publicUrl,
    );
    expect(await welcome.text()).toContain('# Welcome to the portal');
  });
});
