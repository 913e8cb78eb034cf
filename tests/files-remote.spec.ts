// The files remote end to end: real Chromium, the portal served on separate origins, a real
// emulator with the portal's supabase/ folder (files buckets and policies). Each test makes its
// own people; what the page shows is checked against storage through supabase-js.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Page } from 'playwright-core';
import { startTestEmulator, type TestEmulator } from '../emulator/test/harness.js';
import { startLocalPortal, type LocalPortal } from '../deploy/src/index.js';
import { launchBrowser, problems, type Browser, type ConsoleEntry } from './browser.js';

jest.setTimeout(180_000);

const run = promisify(execFile);
const REPO = path.resolve(__dirname, '..');
const WAIT = { timeout: 30_000 };
type TestPage = Page & { console: ConsoleEntry[] };

// Builds into this suite's own folder (other suites build the shared dist folders at the same
// time), under tsx's ESM hook only, as the deploy CLI does.
const BUILD_SCRIPT = `
import { register } from 'tsx/esm/api';
register();
const [configUrl, out, ...apps] = process.argv.slice(1);
const { createConfig } = await import(configUrl);
const { rspack } = await import('@rspack/core');
const path = await import('node:path');
const compiler = rspack(apps.map((app) => createConfig({ app, outDir: path.join(out, app) })));
await new Promise((resolve, reject) => compiler.run((error, stats) => {
  compiler.close(() => {});
  if (error) reject(error);
  else if (stats.hasErrors()) reject(new Error(stats.toString({ all: false, errors: true })));
  else resolve();
}));
`;

let emulator: TestEmulator;
let portal: LocalPortal;
let workdir: string;
const browsers: Browser[] = [];

beforeAll(async () => {
  mkdirSync(path.join(REPO, '.tmp'), { recursive: true });
  workdir = mkdtempSync(path.join(REPO, '.tmp', 'files-spec-'));
  const build = run(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      BUILD_SCRIPT,
      pathToFileURL(path.join(REPO, 'rspack.config.ts')).href,
      path.join(workdir, 'build'),
      'shell',
      'account',
      'files',
    ],
    {
      cwd: REPO,
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  const [started] = await Promise.all([
    startTestEmulator({ copySupabaseDir: path.join(REPO, 'supabase') }),
    build,
  ]);
  emulator = started;
  portal = await startLocalPortal({
    envDir: path.join(workdir, 'env'),
    envName: 'test',
    shellDist: path.join(workdir, 'build', 'shell'),
    remoteDists: {
      account: path.join(workdir, 'build', 'account'),
      files: path.join(workdir, 'build', 'files'),
    },
    supabaseUrl: emulator.apiUrl,
  });
}, 300_000);

afterAll(async () => {
  for (const own of browsers) await own.close();
  await portal?.close();
  await emulator?.stop();
  if (workdir) rmSync(workdir, { recursive: true, force: true });
});

interface Person {
  id: string;
  email: string;
  password: string;
  db: SupabaseClient;
}

let counter = 0;
async function newPerson(label: string): Promise<Person> {
  counter += 1;
  const email = `files-e2e-${label}-${Date.now()}-${counter}@example.com`;
  const password = 'files-pass-42';
  const created = await emulator
    .admin()
    .auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error) throw created.error;
  const db = emulator.client();
  const signedIn = await db.auth.signInWithPassword({ email, password });
  if (signedIn.error) throw signedIn.error;
  return { id: created.data.user.id, email, password, db };
}

/** A page in its own browser profile (sessions are per profile), signed in as `person`. */
async function signedInPage(person: Person, next: string): Promise<TestPage> {
  const own = await launchBrowser();
  browsers.push(own);
  const page = await own.newPage();
  await page.goto(`${portal.shellUrl}/account/sign-in?next=${encodeURIComponent(next)}`);
  await page.locator('form[aria-label="Sign in"] input[name="email"]').fill(person.email);
  await page.locator('form[aria-label="Sign in"] input[name="password"]').fill(person.password);
  await page.locator('form[aria-label="Sign in"] button[type="submit"]').click();
  await page.waitForURL(`**${next}`, WAIT);
  return page;
}

const myFiles = (person: Person) => `/files/files/${person.id}/`;
const row = (page: TestPage, name: string) => page.locator(`tr[data-entry="${name}"]`);
const upload = (page: TestPage, name: string) => page.locator(`li[data-upload="${name}"]`);

async function names(db: SupabaseClient, prefix: string): Promise<string[]> {
  const { data, error } = await db.storage.from('files').listV2({ prefix });
  if (error) throw error;
  return data.objects.map((o) => (o.key ?? o.name).slice(prefix.length)).sort();
}

describe('the files remote', () => {
  it('uploads a file chosen in the picker with progress, and refuses too large and wrong-type files before sending them', async () => {
    const ana = await newPerson('ana');
    const page = await signedInPage(ana, myFiles(ana));
    await page.getByTestId('bucket-limits').getByText('Files up to 50.0 MB').waitFor(WAIT);

    const puts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' || request.url().includes('/object/upload/sign/'))
        puts.push(request.url());
    });
    await page.locator('input[type="file"]').setInputFiles([
      { name: 'hello.txt', mimeType: 'text/plain', buffer: Buffer.from('hello from the picker') },
      { name: 'tool.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') },
    ]);
    await upload(page, 'hello.txt').and(page.locator('[data-status="stored"]')).waitFor(WAIT);
    await expect(
      upload(page, 'hello.txt').getByRole('progressbar').getAttribute('aria-valuenow'),
    ).resolves.toBe('21');
    await expect(upload(page, 'tool.exe').getAttribute('data-status')).resolves.toBe('refused');
    await expect(upload(page, 'tool.exe').getByRole('alert').textContent()).resolves.toContain(
      'application/x-msdownload',
    );
    await row(page, 'hello.txt').waitFor(WAIT);
    expect(await names(ana.db, `${ana.id}/`)).toEqual(['hello.txt']);
    expect(puts.some((url) => url.includes('tool.exe'))).toBe(false);

    // Larger than the bucket's 50 MB: refused in words, nothing sent, nothing stored.
    const huge = path.join(workdir, 'huge.txt');
    writeFileSync(huge, '');
    truncateSync(huge, 50 * 1024 * 1024 + 1);
    await page.locator('input[type="file"]').setInputFiles(huge);
    await upload(page, 'huge.txt').and(page.locator('[data-status="refused"]')).waitFor(WAIT);
    await expect(upload(page, 'huge.txt').getByRole('alert').textContent()).resolves.toBe(
      '“huge.txt” is 50.0 MB; this bucket takes files up to 50.0 MB.',
    );
    expect(puts.some((url) => url.includes('huge.txt'))).toBe(false);
    expect(await names(ana.db, `${ana.id}/`)).toEqual(['hello.txt']);
    expect(problems(page.console)).toEqual([]);
    await page.close();
  });

  it('renames, moves, copies and deletes several files, and shares a signed link that works for a stranger', async () => {
    const ben = await newPerson('ben');
    for (const name of ['a.txt', 'b.txt', 'c.txt']) {
      const { error } = await ben.db.storage
        .from('files')
        .upload(`${ben.id}/${name}`, new Blob([`content ${name}`], { type: 'text/plain' }));
      if (error) throw error;
    }
    const { error: folderError } = await ben.db.storage
      .from('files')
      .upload(`${ben.id}/archive/.emptyFolderPlaceholder`, new Blob([''], { type: 'text/plain' }));
    if (folderError) throw folderError;
    const page = await signedInPage(ben, myFiles(ben));
    await row(page, 'a.txt').waitFor(WAIT);

    // Rename a.txt → first.txt.
    await row(page, 'a.txt').getByRole('checkbox').check();
    await page
      .getByRole('toolbar', { name: 'Selected files' })
      .getByRole('button', { name: 'Rename' })
      .click();
    const rename = page.getByRole('dialog', { name: 'Rename “a.txt”' });
    await rename.getByRole('textbox').fill('first.txt');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await row(page, 'first.txt').waitFor(WAIT);
    expect(await names(ben.db, `${ben.id}/`)).toEqual([
      'archive/.emptyFolderPlaceholder',
      'b.txt',
      'c.txt',
      'first.txt',
    ]);

    // Copy two, then move those two into archive.
    await row(page, 'b.txt').getByRole('checkbox').check();
    await row(page, 'c.txt').getByRole('checkbox').check();
    await page
      .getByRole('toolbar', { name: 'Selected files' })
      .getByRole('button', { name: 'Copy' })
      .click();
    await row(page, 'b copy.txt').waitFor(WAIT);
    await row(page, 'b.txt').getByRole('checkbox').check();
    await row(page, 'c.txt').getByRole('checkbox').check();
    await page
      .getByRole('toolbar', { name: 'Selected files' })
      .getByRole('button', { name: 'Move' })
      .click();
    const move = page.getByRole('dialog', { name: 'Move 2 files' });
    await move.getByRole('textbox').fill('archive');
    await move.getByRole('button', { name: 'Move' }).click();
    await row(page, 'b.txt').waitFor({ state: 'detached', ...WAIT });
    expect(await names(ben.db, `${ben.id}/`)).toEqual([
      'archive/.emptyFolderPlaceholder',
      'archive/b.txt',
      'archive/c.txt',
      'b copy.txt',
      'c copy.txt',
      'first.txt',
    ]);

    // Delete the two copies after confirming.
    await row(page, 'b copy.txt').getByRole('checkbox').check();
    await row(page, 'c copy.txt').getByRole('checkbox').check();
    await page
      .getByRole('toolbar', { name: 'Selected files' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page
      .getByRole('alertdialog', { name: 'Delete 2 files?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await row(page, 'b copy.txt').waitFor({ state: 'detached', ...WAIT });
    expect(await names(ben.db, `${ben.id}/`)).toEqual([
      'archive/.emptyFolderPlaceholder',
      'archive/b.txt',
      'archive/c.txt',
      'first.txt',
    ]);

    // Share first.txt: the signed link opens it without any session or key.
    await row(page, 'first.txt').getByRole('checkbox').check();
    await page
      .getByRole('toolbar', { name: 'Selected files' })
      .getByRole('button', { name: 'Share' })
      .click();
    const share = page.getByRole('dialog', { name: 'Share “first.txt”' });
    await share.getByRole('button', { name: 'Create link' }).click();
    const link = share.getByTestId('signed-link');
    await link.waitFor(WAIT);
    const expires = Date.parse((await link.getAttribute('data-expires'))!);
    expect(Math.abs(expires - (Date.now() + 3600_000))).toBeLessThan(120_000);
    const response = await fetch((await link.inputValue())!);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('content a.txt');
    expect(problems(page.console)).toEqual([]);
    await page.close();
  });

  it('keeps a second person from seeing the first person’s files', async () => {
    const [cat, dan] = await Promise.all([newPerson('cat'), newPerson('dan')]);
    const { error } = await cat.db.storage
      .from('files')
      .upload(`${cat.id}/private.txt`, new Blob(['secret'], { type: 'text/plain' }));
    if (error) throw error;
    const page = await signedInPage(dan, myFiles(cat));
    await page.getByTestId('listing-count').waitFor(WAIT);
    await expect(page.getByTestId('listing-count').textContent()).resolves.toBe('0 items shown');
    await expect(row(page, 'private.txt').count()).resolves.toBe(0);
    // Opening the file by URL shows nothing either.
    await page.goto(`${portal.shellUrl}${myFiles(cat)}?open=private.txt`);
    await page.getByTestId('listing-count').waitFor(WAIT);
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    await page.close();
  });
});
