// The files remote end to end: real Chromium, the portal served on separate origins, a real
// emulator with the portal's supabase/ folder (files buckets and policies). Each test makes its
// own people; what the page shows is checked against storage through supabase-js.
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import { launchBrowser, problems, type Browser, type TestPage } from './browser.js';
import { REPO, startTestPortal, type TestPortal } from './portal-harness.js';
import { holdRequests, type HeldRequests } from './support/hold-requests.js';
import { axeViolations } from './support/accessibility.js';
import { pagePerTest } from './support/page-per-test.js';
import { newPerson as makePerson, signedInClient, signedInStorage } from './support/people.js';

jest.setTimeout(180_000);

const WAIT = { timeout: 30_000 };

let portal: TestPortal;
let browser: Browser;
let workdir: string;
const tab = pagePerTest(() => browser, { unexpectedConsole: (entries) => problems(entries) });

beforeAll(async () => {
  portal = await startTestPortal({ remotes: ['files'] });
  browser = await launchBrowser();
  workdir = mkdtempSync(path.join(REPO, '.tmp', 'files-spec-'));
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  if (workdir) rmSync(workdir, { recursive: true, force: true });
});

interface Person {
  id: string;
  email: string;
  password: string;
  db: SupabaseClient;
}

async function newPerson(label: string): Promise<Person> {
  const person = await makePerson(portal.emulator, `files-e2e-${label}`);
  return { ...person, db: await signedInClient(portal.emulator, person) };
}

/** This test's page, signed in as `person` (their session in the page's storage), at `next`. */
async function signedInPage(person: Person, next: string): Promise<TestPage> {
  const page = await tab.open(await signedInStorage(portal.url, portal.emulator, person.db));
  await page.goto(`${portal.url}${next}`);
  return page;
}

const myFiles = (person: Person) => `/files/files/${person.id}/`;
const row = (page: TestPage, name: string) => page.locator(`tr[data-entry="${name}"]`);
const upload = (page: TestPage, name: string) => page.locator(`li[data-upload="${name}"]`);

/**
 * What the browser says while the backend is away, which the outage tests expect: requests refused
 * while it was stopped, one cut off as it stopped (a reset: the emulator's close ends the
 * connections still open, as a crashing server does — a health check in flight then reads
 * ERR_CONNECTION_RESET), and the 503s without CORS headers answered while it started again, which
 * a page takes for no answer (docs/known-traps.md), and the realtime socket's attempt caught as
 * the emulator went down or came back (ERR_SOCKET_NOT_CONNECTED: once in CI, on a busy machine).
 * Anything else stays a problem.
 */
const OUTAGE_COMPLAINTS = /ERR_CONNECTION_REFUSED|ERR_CONNECTION_RESET|ERR_SOCKET_NOT_CONNECTED|ERR_FAILED|Failed to fetch|blocked by CORS policy|status of 503|Unexpected response code: 503/;
function forgetOutageComplaints(page: TestPage): void {
  page.console.splice(0, page.console.length, ...page.console.filter((entry) => !OUTAGE_COMPLAINTS.test(entry.text)));
}

/** The objects under `prefix` as storage lists them, the area's trash left out (see `trashed`). */
async function names(db: SupabaseClient, prefix: string): Promise<string[]> {
  const { data, error } = await db.storage.from('files').listV2({ prefix });
  if (error) throw error;
  return data.objects
    .map((o) => (o.key ?? o.name).slice(prefix.length))
    .filter((name) => !name.startsWith('.trash/'))
    .sort();
}

/** What is in the trash of area `root`, as the paths the objects had (`<deletion>/` taken off). */
async function trashed(db: SupabaseClient, root: string): Promise<string[]> {
  const { data, error } = await db.storage.from('files').listV2({ prefix: `${root}.trash/` });
  if (error) throw error;
  return data.objects
    .map((o) => (o.key ?? o.name).slice(`${root}.trash/`.length).replace(/^[^/]+\//, ''))
    .sort();
}

describe('the files remote', () => {
  it('keeps its page still while it finds the places: the header the shell drew is taken over in place, nothing shifts when they arrive', async () => {
    const person = await newPerson('still');
    const page = await tab.open(await signedInStorage(portal.url, portal.emulator, person.db));
    // Every layout shift of the remote's area, from the page's start (the browser's own measure, as
    // CLS sums them). The chrome's own (the connection badge widening its row) are not this test's.
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (globalThis as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
      new PerformanceObserver((list) => {
        type Shift = { value: number; hadRecentInput: boolean; sources: { node?: Node | null }[] };
        const inOutlet = (node?: Node | null) => node instanceof Element && node.closest('[data-testid="remote-outlet"]') !== null;
        for (const entry of list.getEntries() as unknown as Shift[]) if (!entry.hadRecentInput && entry.sources.some((source) => inOutlet(source.node))) shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const projects = await holdRequests(page, '**/rest/v1/projects?**', { which: (request) => request.method() === 'GET' });
    await page.goto(`${portal.url}/files`);
    await projects.asked;
    // The remote is on screen, its places still on their way.
    await page.locator('.files-page').getByRole('progressbar').waitFor();
    const shifts = () => page.evaluate(() => (globalThis as unknown as { layoutShifts: number[] }).layoutShifts);
    const before = (await shifts()).length;
    projects.release();
    await page.getByRole('list', { name: 'Places' }).waitFor();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect((await shifts()).slice(before)).toEqual([]);
    await expect(page.getByRole('heading', { level: 1 }).count()).resolves.toBe(1);
    expect(problems(page.console)).toEqual([]);
  });

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
    await move.getByRole('button', { name: 'Open archive' }).click();
    await expect(move.getByTestId('move-target').textContent()).resolves.toBe('Move to: My files / archive');
    await move.getByRole('button', { name: 'Move here' }).click();
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
      .getByRole('button', { name: 'Move to trash' })
      .click();
    await row(page, 'b copy.txt').waitFor({ state: 'detached', ...WAIT });
    expect(await names(ben.db, `${ben.id}/`)).toEqual([
      'archive/.emptyFolderPlaceholder',
      'archive/b.txt',
      'archive/c.txt',
      'first.txt',
    ]);
    expect(await trashed(ben.db, `${ben.id}/`)).toEqual(['b copy.txt', 'c copy.txt']);

    // Share first.txt: the link opens it without any session or key.
    await row(page, 'first.txt').getByRole('checkbox').check();
    await page
      .getByRole('toolbar', { name: 'Selected files' })
      .getByRole('button', { name: 'Share' })
      .click();
    const share = page.getByRole('dialog', { name: 'Share “first.txt”' });
    await share.getByRole('button', { name: 'Create link' }).click();
    const link = share.getByTestId('share-link');
    await link.waitFor(WAIT);
    const expires = Date.parse((await link.getAttribute('data-expires'))!);
    expect(Math.abs(expires - (Date.now() + 3600_000))).toBeLessThan(120_000);
    const address = (await link.inputValue())!;
    expect(address).toMatch(/\/functions\/v1\/file-share\/[0-9a-f-]{36}$/);
    const response = await fetch(address);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('content a.txt');
  });

  it('shows grid images as small renditions from image transformation, and the full image in the preview', async () => {
    const eva = await newPerson('eva');
    const photo = await sharp({
      create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 80, b: 40 } },
    })
      .png()
      .toBuffer();
    const { error } = await eva.db.storage
      .from('files')
      .upload(`${eva.id}/photo.png`, new Blob([photo], { type: 'image/png' }), {
        contentType: 'image/png',
      });
    if (error) throw error;

    const page = await signedInPage(eva, `${myFiles(eva)}?view=grid`);
    const thumb = page.locator('li[data-entry="photo.png"] img');
    await thumb.waitFor(WAIT);
    expect(await thumb.getAttribute('src')).toContain(
      `/storage/v1/render/image/sign/files/${eva.id}/photo.png?token=`,
    );
    expect(await loadedSize(page, 'li[data-entry="photo.png"] img')).toEqual({
      width: 240,
      height: 240,
    });

    // The preview keeps the whole image.
    await page
      .locator('li[data-entry="photo.png"]')
      .getByRole('button', { name: 'photo.png', exact: true })
      .click();
    const full = page.getByRole('dialog').locator('img');
    await full.waitFor(WAIT);
    expect(await full.getAttribute('src')).toContain(`/storage/v1/object/sign/files/${eva.id}/photo.png`);
    expect(await loadedSize(page, '[role="dialog"] img')).toEqual({ width: 800, height: 600 });

    // A public bucket's thumbnails are public render URLs (the seeded 64×64 logo is not enlarged).
    await page.goto(`${portal.url}/files/public-assets/?view=grid`);
    const logo = page.locator('li[data-entry="logo.png"] img');
    await logo.waitFor(WAIT);
    expect(await logo.getAttribute('src')).toBe(
      `${portal.emulator.apiUrl}/storage/v1/render/image/public/public-assets/logo.png?width=240&height=240&resize=cover`,
    );
    const size = await loadedSize(page, 'li[data-entry="logo.png"] img');
    expect(size.width).toBeGreaterThan(0);
    expect(size.width).toBeLessThanOrEqual(240);
  });

  it('gives a project’s viewer its files to read but no way to change them, and lets an editor upload', async () => {
    const [owner, viewer, editor] = await Promise.all([
      newPerson('owner'),
      newPerson('viewer'),
      newPerson('editor'),
    ]);
    const project = await owner.db
      .from('projects')
      .insert({ name: `Files e2e ${owner.id.slice(0, 8)}` })
      .select('id, name')
      .single();
    if (project.error) throw project.error;
    const { id: projectId, name: projectName } = project.data as { id: number; name: string };
    const shared = await owner.db.from('project_members').insert([
      { project_id: projectId, user_id: viewer.id, role: 'viewer' },
      { project_id: projectId, user_id: editor.id, role: 'editor' },
    ]);
    if (shared.error) throw shared.error;
    const area = `projects/${projectId}/`;
    const { error } = await owner.db.storage
      .from('files')
      .upload(`${area}plan.txt`, new Blob(['the plan'], { type: 'text/plain' }));
    if (error) throw error;

    // The viewer finds the project among their places, and sees its file.
    const page = await signedInPage(viewer, '/files');
    await page.getByRole('link', { name: projectName }).click();
    await row(page, 'plan.txt').waitFor(WAIT);
    expect(page.url()).toBe(`${portal.url}/files/files/projects/${projectId}/`);
    await expect(page.getByTestId('read-only').textContent()).resolves.toBe(
      'You are a viewer of this project: you can see and download its files; only its owner and editors can upload, rename, move or delete them.',
    );
    await expect(page.locator('input[type="file"]').count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'New folder' }).count()).resolves.toBe(0);
    await row(page, 'plan.txt').getByRole('checkbox').check();
    const toolbar = page.getByRole('toolbar', { name: 'Selected files' });
    await toolbar.getByRole('button', { name: 'Download' }).waitFor(WAIT);
    expect(await toolbar.getByRole('button').allTextContents()).toEqual(['Download', 'Share']);

    // Storage refuses the viewer what the page does not offer; nothing is written.
    const asViewer = viewer.db.storage.from('files');
    expect(
      (await asViewer.upload(`${area}mine.txt`, new Blob(['no'], { type: 'text/plain' }))).error,
    ).not.toBeNull();
    expect(
      (
        await asViewer.upload(`${area}plan.txt`, new Blob(['no'], { type: 'text/plain' }), {
          upsert: true,
        })
      ).error,
    ).not.toBeNull();
    expect((await asViewer.move(`${area}plan.txt`, `${area}renamed.txt`)).error).not.toBeNull();
    expect((await asViewer.remove([`${area}plan.txt`])).data ?? []).toEqual([]);
    expect(await names(owner.db, area)).toEqual(['plan.txt']);
    expect(await (await owner.db.storage.from('files').download(`${area}plan.txt`)).data!.text()).toBe(
      'the plan',
    );

    // The editor uploads into the project through the page.
    const editorPage = await (
      await browser.newContext({
        storageState: await signedInStorage(portal.url, portal.emulator, editor.db),
      })
    ).newPage();
    try {
      await editorPage.goto(`${portal.url}/files/files/projects/${projectId}/`);
      await row(editorPage, 'plan.txt').waitFor(WAIT);
      await expect(editorPage.getByTestId('read-only').count()).resolves.toBe(0);
      await editorPage.locator('input[type="file"]').setInputFiles({
        name: 'from-editor.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('added by the editor'),
      });
      await row(editorPage, 'from-editor.txt').waitFor(WAIT);
      expect(await names(owner.db, area)).toEqual(['from-editor.txt', 'plan.txt']);
      expect(problems(editorPage.console)).toEqual([]);
    } finally {
      await editorPage.context().close();
    }
  });

  it('keeps a second person from seeing, signing, overwriting or deleting the first person’s files', async () => {
    const [cat, dan] = await Promise.all([newPerson('cat'), newPerson('dan')]);
    const key = `${cat.id}/private.txt`;
    const { error } = await cat.db.storage
      .from('files')
      .upload(key, new Blob(['secret'], { type: 'text/plain' }));
    if (error) throw error;
    const page = await signedInPage(dan, myFiles(cat));
    await page.getByTestId('listing-count').waitFor(WAIT);
    await expect(page.getByTestId('listing-count').textContent()).resolves.toBe('0 items shown');
    await expect(row(page, 'private.txt').count()).resolves.toBe(0);
    await expect(page.getByTestId('read-only').textContent()).resolves.toBe(
      'This folder is not one of yours: you can see and change only your own files and the files of your projects.',
    );
    await expect(page.locator('input[type="file"]').count()).resolves.toBe(0);
    // Opening or selecting the file by URL shows nothing either.
    await page.goto(`${portal.url}${myFiles(cat)}?open=private.txt&sel=private.txt`);
    await page.getByTestId('listing-count').waitFor(WAIT);
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    await expect(page.getByRole('toolbar', { name: 'Selected files' }).count()).resolves.toBe(0);

    // supabase-js as the second person: no link, no overwrite, no delete.
    const asDan = dan.db.storage.from('files');
    expect((await asDan.createSignedUrl(key, 60)).error).not.toBeNull();
    expect(
      (await asDan.createSignedUrl(key, 60, { transform: { width: 240, height: 240 } })).error,
    ).not.toBeNull();
    expect(
      (await asDan.upload(key, new Blob(['not yours'], { type: 'text/plain' }), { upsert: true }))
        .error,
    ).not.toBeNull();
    expect((await asDan.remove([key])).data ?? []).toEqual([]);
    expect(await (await cat.db.storage.from('files').download(key)).data!.text()).toBe('secret');
  });
});

describe('the files remote while the backend is away', () => {
  it('says in words that the server does not answer, and shows the folder again by itself once it does', async () => {
    const ivy = await newPerson('ivy');
    const { error } = await ivy.db.storage
      .from('files')
      .upload(`${ivy.id}/kept.txt`, new Blob(['kept'], { type: 'text/plain' }));
    if (error) throw error;
    const page = await signedInPage(ivy, myFiles(ivy));
    await row(page, 'kept.txt').waitFor(WAIT);

    await portal.emulator.restart({
      whileStopped: async () => {
        // The page is opened afresh while nothing answers: the person's projects cannot be read.
        await page.reload();
        const alert = page.getByRole('alert').filter({ hasText: 'Could not read your projects' });
        await alert.waitFor(WAIT);
        const text = await alert.textContent();
        expect(text).toContain(
          'The server did not answer: it may be stopped, or the network is down. This page tries again by itself as soon as the server answers.',
        );
        expect(text).not.toMatch(/TypeError|Failed to fetch/);
      },
    });

    // Back without pressing "Try again".
    await row(page, 'kept.txt').waitFor(WAIT);
    await expect(page.getByRole('alert').count()).resolves.toBe(0);
    forgetOutageComplaints(page);
  });

  it('says in words why a file’s share links could not be read, and lists them by itself once the server answers', async () => {
    const jon = await newPerson('jon');
    const { error } = await jon.db.storage
      .from('files')
      .upload(`${jon.id}/memo.txt`, new Blob(['memo'], { type: 'text/plain' }));
    if (error) throw error;
    const page = await signedInPage(jon, myFiles(jon));
    await row(page, 'memo.txt').waitFor(WAIT);
    const share = page.getByRole('dialog', { name: 'Share “memo.txt”' });

    await portal.emulator.restart({
      whileStopped: async () => {
        await row(page, 'memo.txt').getByRole('button', { name: 'More actions for memo.txt' }).click();
        await page.getByRole('menu').getByRole('menuitem', { name: 'Share…' }).click();
        const alert = share.getByRole('alert');
        await alert.waitFor(WAIT);
        await expect(alert.textContent()).resolves.toBe(
          'The links to this file could not be listed. The server did not answer: it may be stopped, or the network is down. This page tries again by itself as soon as the server answers.',
        );
      },
    });

    // Back without closing the dialog or pressing anything.
    await share.getByText('No links yet').waitFor(WAIT);
    await expect(share.getByRole('alert').count()).resolves.toBe(0);
    forgetOutageComplaints(page);
  });
  it('says in words why the Move dialog’s folders could not be read, and lists them by itself once the server answers', async () => {
    const kim = await newPerson('kim');
    for (const key of [`${kim.id}/memo.txt`, `${kim.id}/archive/old.txt`]) {
      const { error } = await kim.db.storage.from('files').upload(key, new Blob(['memo'], { type: 'text/plain' }));
      if (error) throw error;
    }
    const page = await signedInPage(kim, myFiles(kim));
    await row(page, 'memo.txt').waitFor(WAIT);
    const picker = page.getByRole('dialog', { name: 'Move “memo.txt”' });

    await portal.emulator.restart({
      whileStopped: async () => {
        await row(page, 'memo.txt').getByRole('button', { name: 'More actions for memo.txt' }).click();
        await page.getByRole('menu').getByRole('menuitem', { name: 'Move to…' }).click();
        const alert = picker.getByRole('alert');
        await alert.waitFor(WAIT);
        const text = await alert.textContent();
        // The place as the dialog names it (“My files”), not its storage key (“<user id>/”).
        expect(text).toBe(
          'The folders in “My files” could not be listed. The server did not answer: it may be stopped, or the network is down. This page tries again by itself as soon as the server answers.',
        );
        expect(text).not.toMatch(/TypeError|Failed to fetch/);
        expect(text).not.toContain(kim.id);
      },
    });

    // Back without closing the dialog or pressing anything.
    await picker.getByRole('button', { name: 'Open archive' }).waitFor(WAIT);
    await expect(picker.getByRole('alert').count()).resolves.toBe(0);
    forgetOutageComplaints(page);
  });
});

describe('the files remote like a drive', () => {
  async function upload(db: SupabaseClient, key: string, text: string): Promise<void> {
    const { error } = await db.storage
      .from('files')
      .upload(key, new Blob([text], { type: 'text/plain' }));
    if (error) throw error;
  }
  async function project(owner: Person, name: string): Promise<number> {
    const made = await owner.db.from('projects').insert({ name }).select('id').single();
    if (made.error) throw made.error;
    return (made.data as { id: number }).id;
  }
  const menuOf = (page: TestPage, name: string) =>
    page.getByRole('menu', { name: `More actions for ${name}` });

  it('moves with a folder picker from My files into a project, by right click and by keyboard, asking about a taken name', async () => {
    const ray = await newPerson('ray');
    const projectName = `Ray's garden ${ray.id.slice(0, 6)}`;
    const projectId = await project(ray, projectName);
    await upload(ray.db, `${ray.id}/report.txt`, 'mine');
    await upload(ray.db, `${ray.id}/notes/idea.txt`, 'an idea');
    await upload(ray.db, `projects/${projectId}/report.txt`, 'the project’s');
    const page = await signedInPage(ray, myFiles(ray));
    await row(page, 'report.txt').waitFor(WAIT);

    // A right click on the row opens its menu, focused on its first item.
    await row(page, 'report.txt').click({ button: 'right' });
    const menu = menuOf(page, 'report.txt');
    await menu.waitFor(WAIT);
    await expect(menu.getByRole('menuitem').allTextContents()).resolves.toEqual([
      'Open',
      'Download',
      'Share…',
      'Rename…',
      'Move to…',
      'Make a copy',
      'Move to trash',
    ]);
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Open');
    await menu.getByRole('menuitem', { name: 'Move to…' }).click();
    const picker = page.getByRole('dialog', { name: 'Move “report.txt”' });
    await picker.getByRole('combobox', { name: 'Place' }).selectOption({ label: projectName });
    await expect(picker.getByTestId('move-target').textContent()).resolves.toBe(`Move to: ${projectName}`);
    await expect(axeViolations(page, '[role="dialog"]')).resolves.toEqual([]);
    await picker.getByRole('button', { name: 'Move here' }).click();
    const question = page.getByRole('alertdialog', { name: `“report.txt” already exists in ${projectName}` });
    await question.getByRole('button', { name: 'Keep both' }).click();
    await row(page, 'report.txt').waitFor({ state: 'detached', ...WAIT });
    expect(await names(ray.db, `projects/${projectId}/`)).toEqual(['report (1).txt', 'report.txt']);
    expect(await names(ray.db, `${ray.id}/`)).toEqual(['notes/idea.txt']);

    // The keyboard alone: Tab to the folder's "More actions", arrow into the menu, type to its item.
    const more = page.getByRole('button', { name: 'More actions for notes' });
    await more.focus();
    await page.keyboard.press('ArrowDown');
    await menuOf(page, 'notes').waitFor(WAIT);
    await page.keyboard.press('m');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Move to…');
    await page.keyboard.press('Enter');
    const folderPicker = page.getByRole('dialog', { name: 'Move “notes”' });
    await folderPicker.getByRole('combobox', { name: 'Place' }).focus();
    await folderPicker.getByRole('combobox', { name: 'Place' }).selectOption({ label: projectName });
    await folderPicker.getByRole('button', { name: 'Move here' }).focus();
    await page.keyboard.press('Enter');
    await row(page, 'notes').waitFor({ state: 'detached', ...WAIT });
    expect(await names(ray.db, `projects/${projectId}/`)).toEqual(['notes/idea.txt', 'report (1).txt', 'report.txt']);
    expect(await names(ray.db, `${ray.id}/`)).toEqual([]);

    // On a phone's width the menu button is on screen.
    await page.goto(`${portal.url}/files/files/projects/${projectId}/`);
    await page.setViewportSize({ width: 390, height: 800 });
    const phoneMore = page.getByRole('button', { name: 'More actions for report.txt' });
    await phoneMore.scrollIntoViewIfNeeded();
    const box = (await phoneMore.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);

    // The grid's tiles have the same menu, by right click too; Escape gives focus back to its button.
    await page.goto(`${portal.url}/files/files/projects/${projectId}/?view=grid`);
    const tile = page.locator('li[data-entry="report.txt"]');
    await tile.waitFor(WAIT);
    await tile.click({ button: 'right' });
    const tileMenu = menuOf(page, 'report.txt');
    await tileMenu.getByRole('menuitem', { name: 'Move to…' }).waitFor(WAIT);
    const listBox = (await tileMenu.boundingBox())!;
    expect(listBox.x >= 0 && listBox.x + listBox.width <= 390).toBe(true);
    await page.keyboard.press('Escape');
    await tileMenu.waitFor({ state: 'detached', ...WAIT });
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe(
      'More actions for report.txt',
    );
  });

  it('opens an entry’s menu with Shift+F10 and the ContextMenu key from the keyboard alone, and Escape gives focus back to the entry', async () => {
    const lea = await newPerson('lea');
    await upload(lea.db, `${lea.id}/plan.txt`, 'a plan');
    const page = await signedInPage(lea, myFiles(lea));
    await row(page, 'plan.txt').waitFor(WAIT);

    // Tab until focus is on the entry (its name, the row's first stop after its checkbox).
    const focused = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        return {
          entry: active?.closest('[data-entry]')?.getAttribute('data-entry') ?? null,
          label: active?.getAttribute('aria-label') ?? active?.textContent ?? null,
        };
      });
    for (let presses = 0; presses < 40; presses += 1) {
      const at = await focused();
      if (at.entry === 'plan.txt' && at.label === 'plan.txt') break;
      await page.keyboard.press('Tab');
    }
    await expect(focused()).resolves.toEqual({ entry: 'plan.txt', label: 'plan.txt' });

    for (const key of ['Shift+F10', 'ContextMenu']) {
      await page.keyboard.press(key);
      const menu = menuOf(page, 'plan.txt');
      await menu.waitFor(WAIT);
      await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Open');
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached', ...WAIT });
      await expect(focused()).resolves.toEqual({ entry: 'plan.txt', label: 'plan.txt' });
    }

    // A menu opened by keyboard works as one opened by pointer: its item runs.
    await page.keyboard.press('Shift+F10');
    await menuOf(page, 'plan.txt').waitFor(WAIT);
    await page.keyboard.press('r');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Rename…');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Rename “plan.txt”' }).waitFor(WAIT);
  });

  it('shares a project between two people: who changed each file, a shared trash with restore, and links either can revoke', async () => {
    const [owner, editor] = await Promise.all([newPerson('owner-drive'), newPerson('editor-drive')]);
    const projectName = `Shared drive ${owner.id.slice(0, 6)}`;
    const projectId = await project(owner, projectName);
    const member = await owner.db
      .from('project_members')
      .insert({ project_id: projectId, user_id: editor.id, role: 'editor' });
    if (member.error) throw member.error;
    const area = `projects/${projectId}/`;
    await upload(owner.db, `${area}plan.txt`, 'the owner’s plan');
    await upload(editor.db, `${area}budget.txt`, 'the editor’s budget');
    const ownerName = owner.email.split('@')[0]!;
    const editorName = editor.email.split('@')[0]!;

    // The owner sees who last changed each file, by name.
    const page = await signedInPage(owner, `/files/files/${area}`);
    await row(page, 'budget.txt').waitFor(WAIT);
    const changedBy = (name: string) =>
      row(page, name).locator('td').nth(5).textContent();
    await page.waitForFunction(
      () => document.querySelector('tr[data-entry="budget.txt"] td:nth-child(6)')?.textContent !== '',
      undefined,
      WAIT,
    );
    await expect(changedBy('budget.txt')).resolves.toBe(editorName);
    await expect(changedBy('plan.txt')).resolves.toBe('You');
    // The editor saves a name: the column follows it without a reload (the portal's profiles).
    const renamed = await portal.emulator
      .admin()
      .auth.admin.updateUserById(editor.id, { user_metadata: { display_name: 'Edda Editor' } });
    if (renamed.error) throw renamed.error;
    await page.waitForFunction(
      () => document.querySelector('tr[data-entry="budget.txt"] td:nth-child(6)')?.textContent === 'Edda Editor',
      undefined,
      WAIT,
    );

    // The owner shares plan.txt.
    await row(page, 'plan.txt').getByRole('button', { name: 'More actions for plan.txt' }).click();
    await menuOf(page, 'plan.txt').getByRole('menuitem', { name: 'Share…' }).click();
    const share = page.getByRole('dialog', { name: 'Share “plan.txt”' });
    await share.getByRole('combobox', { name: 'Link works for' }).selectOption('never');
    await share.getByRole('button', { name: 'Create link' }).click();
    const address = await share.getByTestId('share-link').inputValue();
    expect((await fetch(address)).status).toBe(200);
    await share.getByRole('button', { name: 'Close' }).click();

    // The editor, in a page of their own, deletes plan.txt and revokes the owner's link.
    const other = await (
      await browser.newContext({
        storageState: await signedInStorage(portal.url, portal.emulator, editor.db),
      })
    ).newPage();
    try {
      await other.goto(`${portal.url}/files/files/${area}`);
      const editorRow = other.locator('tr[data-entry="plan.txt"]');
      await editorRow.waitFor(WAIT);
      await editorRow.getByRole('button', { name: 'More actions for plan.txt' }).click();
      await other.getByRole('menu').getByRole('menuitem', { name: 'Share…' }).click();
      const links = other.getByRole('dialog', { name: 'Share “plan.txt”' }).getByRole('list', { name: 'Links to this file' });
      const ownersLink = links.locator('li[data-state="active"]');
      await expect(ownersLink.textContent()).resolves.toContain(`Made by ${ownerName}`);
      await ownersLink.getByRole('button', { name: /^Revoke the link made by / }).click();
      await links.locator('li[data-state="revoked"]').waitFor(WAIT);
      await expect(links.locator('li[data-state="revoked"]').textContent()).resolves.toContain('Revoked by you on ');
      expect((await fetch(address)).status).toBe(410);
      await expect(axeViolations(other, '[role="dialog"]')).resolves.toEqual([]);
      await other.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

      await editorRow.getByRole('button', { name: 'More actions for plan.txt' }).click();
      await other.getByRole('menu').getByRole('menuitem', { name: 'Move to trash' }).click();
      await other.getByRole('alertdialog', { name: 'Delete “plan.txt”?' }).getByRole('button', { name: 'Move to trash' }).click();
      await editorRow.waitFor({ state: 'detached', ...WAIT });
      expect(problems(other.console)).toEqual([]);
    } finally {
      await other.context().close();
    }

    // Meanwhile the owner makes a new plan.txt; then restores the deleted one beside it.
    await upload(owner.db, `${area}plan.txt`, 'a new plan');
    // On a phone's width, by keyboard: the trash and its Restore.
    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByTestId('trash-link').focus();
    await page.keyboard.press('Enter');
    const trash = page.getByTestId('trash');
    // A card per item there, each header beside its value.
    const item = trash.locator('li[data-trash-item="plan.txt"]');
    await item.waitFor(WAIT);
    const facts = await item.locator('dt').evaluateAll((terms) => Object.fromEntries(terms.map((term) => [term.textContent, term.nextElementSibling?.textContent])));
    expect(facts).toMatchObject({ 'Deleted by': 'Edda Editor', 'Was in': projectName });
    await expect(axeViolations(page, '[data-testid="trash"]')).resolves.toEqual([]);
    const restore = item.getByRole('button', { name: 'Restore plan.txt' });
    await restore.scrollIntoViewIfNeeded();
    const box = (await restore.boundingBox())!;
    expect(box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await restore.focus();
    await page.keyboard.press('Enter');
    await page
      .getByRole('alertdialog', { name: `“plan.txt” already exists in ${projectName}` })
      .getByRole('button', { name: 'Keep both' })
      .click();
    await item.waitFor({ state: 'detached', ...WAIT });
    await trash.getByText('The trash is empty').waitFor(WAIT);
    expect(await names(owner.db, area)).toEqual(['budget.txt', 'plan (1).txt', 'plan.txt']);
    const restored = await owner.db.storage.from('files').download(`${area}plan (1).txt`);
    await expect(restored.data!.text()).resolves.toBe('the owner’s plan');
  });
});

describe('the files remote: what an action shows when it ends', () => {
  async function put(person: Person, names: string[]): Promise<void> {
    for (const name of names) {
      const { error } = await person.db.storage
        .from('files')
        .upload(`${person.id}/${name}`, new Blob([`content ${name}`], { type: 'text/plain' }));
      if (error) throw error;
    }
  }
  const toolbarButton = (page: TestPage, name: string) =>
    page.getByRole('toolbar', { name: 'Selected files' }).getByRole('button', { name });

  it('stays in the folder the person opened while a copy was still being made', async () => {
    const fay = await newPerson('fay');
    await put(fay, ['a.txt', 'archive/.emptyFolderPlaceholder']);
    const page = await signedInPage(fay, myFiles(fay));
    await row(page, 'a.txt').waitFor(WAIT);
    // Storage's answer to the copy is held until the person has opened another folder.
    const { asked: copyAsked, release } = await holdRequests(page, '**/storage/v1/object/copy');
    await row(page, 'a.txt').getByRole('checkbox').check();
    await toolbarButton(page, 'Copy').click();
    await copyAsked;
    await row(page, 'archive').getByRole('button', { name: 'archive', exact: true }).click();
    const archive = `${portal.url}${myFiles(fay)}archive/`;
    await page.waitForURL(archive, WAIT);
    release();
    await page.getByText('Copied', { exact: true }).waitFor(WAIT);
    // Read at once: the copy's end (its toast, the selection cleared) is in the same task as any
    // navigation it makes, and it must not take the person back to the folder they left.
    expect(await page.evaluate(() => window.location.href)).toBe(archive);
    expect(await names(fay.db, `${fay.id}/`)).toContain('a copy.txt');
  });

  it('shows the copies that were made when a later one is refused', async () => {
    const gus = await newPerson('gus');
    await put(gus, ['a.txt', 'b.txt']);
    const page = await signedInPage(gus, myFiles(gus));
    await row(page, 'b.txt').waitFor(WAIT);
    await row(page, 'a.txt').getByRole('checkbox').check();
    await row(page, 'b.txt').getByRole('checkbox').check();
    // b.txt goes behind the page's back (another tab, say): storage refuses to copy it.
    const gone = await gus.db.storage.from('files').remove([`${gus.id}/b.txt`]);
    if (gone.error) throw gone.error;
    await toolbarButton(page, 'Copy').click();
    const refused = page.getByRole('alert').filter({ hasText: 'Could not copy “b.txt”' });
    await refused.waitFor(WAIT);
    expect(await names(gus.db, `${gus.id}/`)).toEqual(['a copy.txt', 'a.txt']);
    // The copy storage made before the refusal is in the listing, not only in storage.
    await row(page, 'a copy.txt').waitFor(WAIT);
    await expect(refused.textContent()).resolves.toMatch(/1 of 2 files was copied/);
    // Storage's refusal of the second copy is the one complaint this test expects.
    page.console.splice(
      0,
      page.console.length,
      ...page.console.filter((entry) => !entry.url.endsWith('/storage/v1/object/copy')),
    );
  });

  async function contents(person: Person, keys: string[]): Promise<string[]> {
    return Promise.all(
      keys.map(async (name) => {
        const { data, error } = await person.db.storage.from('files').download(`${person.id}/${name}`);
        if (error) throw error;
        return data.text();
      }),
    );
  }
  // Storage's refusal of the copy onto a taken name (the question asked) is a complaint expected.
  const forgetCopyRefusals = (page: TestPage) =>
    page.console.splice(
      0,
      page.console.length,
      ...page.console.filter((entry) => !entry.url.endsWith('/storage/v1/object/copy')),
    );

  it('asks when a copy’s name is taken, and “Keep both” copies under a free name, changing nothing', async () => {
    const ria = await newPerson('ria');
    await put(ria, ['a.txt', 'a copy.txt']);
    const page = await signedInPage(ria, myFiles(ria));
    await row(page, 'a copy.txt').waitFor(WAIT);
    await row(page, 'a.txt').getByRole('checkbox').check();
    await toolbarButton(page, 'Copy').click();
    const question = page.getByRole('alertdialog', { name: '“a copy.txt” already exists' });
    await question.waitFor(WAIT);
    await question.getByRole('button', { name: 'Keep both' }).click();
    await question.waitFor({ state: 'detached', ...WAIT });
    await row(page, 'a copy (1).txt').waitFor(WAIT);
    await page.getByText('Copied', { exact: true }).waitFor(WAIT);
    await expect(page.getByRole('alert').count()).resolves.toBe(0);
    const all = ['a copy (1).txt', 'a copy.txt', 'a.txt'];
    expect(await names(ria.db, `${ria.id}/`)).toEqual(all);
    expect(await contents(ria, all)).toEqual(['content a.txt', 'content a copy.txt', 'content a.txt']);
    forgetCopyRefusals(page);
  });

  it('leaves everything as it was when a taken copy name is cancelled, and replaces it when asked', async () => {
    const sam = await newPerson('sam');
    await put(sam, ['a.txt', 'a copy.txt']);
    const page = await signedInPage(sam, myFiles(sam));
    await row(page, 'a copy.txt').waitFor(WAIT);
    await row(page, 'a.txt').getByRole('checkbox').check();
    const question = page.getByRole('alertdialog', { name: '“a copy.txt” already exists' });
    await toolbarButton(page, 'Copy').click();
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached', ...WAIT });
    await expect(page.getByRole('alert').count()).resolves.toBe(0);
    expect(await names(sam.db, `${sam.id}/`)).toEqual(['a copy.txt', 'a.txt']);
    expect(await contents(sam, ['a copy.txt', 'a.txt'])).toEqual(['content a copy.txt', 'content a.txt']);
    // The selection stays: the same copy again, replacing this time.
    await toolbarButton(page, 'Copy').click();
    await question.getByRole('button', { name: 'Replace' }).click();
    await page.getByText('Copied', { exact: true }).waitFor(WAIT);
    await question.waitFor({ state: 'detached', ...WAIT });
    expect(await names(sam.db, `${sam.id}/`)).toEqual(['a copy.txt', 'a.txt']);
    expect(await contents(sam, ['a copy.txt', 'a.txt'])).toEqual(['content a.txt', 'content a.txt']);
    forgetCopyRefusals(page);
  });

  it('moves nothing to the trash when one of the files cannot go, and says which', async () => {
    const hal = await newPerson('hal');
    await put(hal, ['a.txt', 'b.txt', 'c.txt']);
    const page = await signedInPage(hal, myFiles(hal));
    await row(page, 'a.txt').waitFor(WAIT);
    await row(page, 'a.txt').getByRole('checkbox').check();
    await row(page, 'b.txt').getByRole('checkbox').check();
    // b.txt goes behind the page's back (another tab, say): storage refuses to move it.
    const gone = await hal.db.storage.from('files').remove([`${hal.id}/b.txt`]);
    if (gone.error) throw gone.error;
    await toolbarButton(page, 'Delete').click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete 2 files?' });
    await confirm.getByRole('button', { name: 'Move to trash' }).click();
    await confirm.getByText(/^Nothing was changed: storage refused to move to the trash “b\.txt”/).waitFor(WAIT);
    // a.txt went to the trash first and was put back.
    expect(await names(hal.db, `${hal.id}/`)).toEqual(['a.txt', 'c.txt']);
    expect(await trashed(hal.db, `${hal.id}/`)).toEqual([]);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await row(page, 'a.txt').waitFor(WAIT);
    // Storage's refusal to move b.txt is the one complaint this test expects.
    page.console.splice(
      0,
      page.console.length,
      ...page.console.filter((entry) => !entry.url.endsWith('/storage/v1/object/move')),
    );
  });

  it('does not call the folder empty while it reads it again after a copy', async () => {
    const kit = await newPerson('kit');
    await put(kit, ['a.txt']);
    const page = await signedInPage(kit, myFiles(kit));
    await row(page, 'a.txt').waitFor(WAIT);
    // The listing the copy asks for is held until the test has looked at the page.
    const { asked: listAsked, release } = await holdRequests(page, '**/storage/v1/object/list-v2/**');
    await row(page, 'a.txt').getByRole('checkbox').check();
    await toolbarButton(page, 'Copy').click();
    await listAsked;
    await expect(page.locator('.pui-table-container[aria-busy="true"]').count()).resolves.toBe(1);
    await expect(page.getByText('This folder is empty').count()).resolves.toBe(0);
    release();
    await row(page, 'a copy.txt').waitFor(WAIT);
  });

  it('says why a folder could not be renamed, and the dialog can be used again', async () => {
    const ivy = await newPerson('ivy');
    await put(ivy, ['drafts/one.txt', 'drafts/two.txt']);
    const page = await signedInPage(ivy, myFiles(ivy));
    await row(page, 'drafts').waitFor(WAIT);
    await row(page, 'drafts').getByRole('checkbox').check();
    await toolbarButton(page, 'Rename').click();
    const rename = page.getByRole('dialog', { name: 'Rename “drafts”' });
    await rename.getByRole('textbox').fill('final');
    // Listing the folder's objects fails once on the network.
    await page.route(
      '**/storage/v1/object/list-v2/**',
      (route) => route.abort('connectionreset'),
      { times: 1 },
    );
    await rename.getByRole('button', { name: 'Rename' }).click();
    await rename.getByText(/could not be listed/).waitFor(WAIT);
    await expect(
      rename.getByRole('button', { name: 'Rename' }).getAttribute('aria-busy'),
    ).resolves.toBeNull();
    page.console.splice(
      0,
      page.console.length,
      ...page.console.filter((entry) => !entry.text.includes('ERR_CONNECTION_RESET')),
    );
    await rename.getByRole('button', { name: 'Rename' }).click();
    await row(page, 'final').waitFor(WAIT);
    expect(await names(ivy.db, `${ivy.id}/`)).toEqual(['final/one.txt', 'final/two.txt']);
  });

  it('renames once when Enter is pressed again while the rename runs', async () => {
    const jon = await newPerson('jon');
    await put(jon, ['drafts/one.txt', 'drafts/two.txt', 'drafts/three.txt']);
    const page = await signedInPage(jon, myFiles(jon));
    await row(page, 'drafts').waitFor(WAIT);
    const moves: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/storage/v1/object/move')) moves.push(response.status());
    });
    // The rename's first move is held until Enter has been pressed a second time.
    const { asked: moveAsked, release } = await holdRequests(page, '**/storage/v1/object/move', { once: true });
    await row(page, 'drafts').getByRole('checkbox').check();
    await toolbarButton(page, 'Rename').click();
    const field = page.getByRole('dialog', { name: 'Rename “drafts”' }).getByRole('textbox');
    await field.fill('final');
    await page.keyboard.press('Enter');
    await moveAsked;
    await page.keyboard.press('Enter');
    release();
    await row(page, 'final').waitFor(WAIT);
    expect(await names(jon.db, `${jon.id}/`)).toEqual([
      'final/one.txt',
      'final/three.txt',
      'final/two.txt',
    ]);
    // Each object moved once: a second submission's moves of the same objects were refused.
    expect(moves).toEqual([200, 200, 200]);
  });
});

describe('the files remote: what stays on screen while the folder is read again', () => {
  async function put(person: Person, names: string[]): Promise<void> {
    for (const name of names) {
      const { error } = await person.db.storage
        .from('files')
        .upload(`${person.id}/${name}`, new Blob([`content ${name}`], { type: 'text/plain' }));
      if (error) throw error;
    }
  }
  const toolbar = (page: TestPage) => page.getByRole('toolbar', { name: 'Selected files' });
  const busyTable = (page: TestPage) => page.locator('.pui-table-container[aria-busy="true"]');

  /**
   * Holds every folder listing the page asks for from now on, until `release`; `asked` resolves
   * with the first one held.
   */
  function holdListings(page: TestPage): Promise<HeldRequests> {
    return holdRequests(page, '**/storage/v1/object/list-v2/**');
  }

  async function pick(page: TestPage, files: Record<string, string>): Promise<void> {
    await page.locator('input[type="file"]').setInputFiles(
      Object.entries(files).map(([name, text]) => ({
        name,
        mimeType: 'text/plain',
        buffer: Buffer.from(text),
      })),
    );
  }

  it('keeps an open preview, the selection and a half-typed rename while an upload’s reload runs', async () => {
    const lea = await newPerson('lea');
    await put(lea, ['a.txt', 'note.txt']);
    const page = await signedInPage(lea, `${myFiles(lea)}?open=note.txt`);
    const preview = page.getByRole('dialog', { name: 'note.txt' });
    await preview.getByTestId('preview-text').getByText('content note.txt').waitFor(WAIT);
    let signed = 0;
    page.on('request', (request) => {
      if (request.url().includes(`/storage/v1/object/sign/files/${lea.id}/note.txt`)) signed += 1;
    });

    // An upload ends while the preview is open; its reload is held.
    let held = await holdListings(page);
    await pick(page, { 'b.txt': 'uploaded during the preview' });
    await held.asked;
    await upload(page, 'b.txt').and(page.locator('[data-status="stored"]')).waitFor(WAIT);
    await expect(busyTable(page).count()).resolves.toBe(1);
    await expect(row(page, 'a.txt').count()).resolves.toBe(1);
    await expect(preview.getByText('content note.txt').count()).resolves.toBe(1);
    held.release();
    await row(page, 'b.txt').waitFor(WAIT);
    await expect(busyTable(page).count()).resolves.toBe(0);
    await expect(preview.getByTestId('preview-text').textContent()).resolves.toBe('content note.txt');
    // The preview was never closed and opened again: its file was not signed a second time.
    expect(signed).toBe(0);
    await preview.getByRole('button', { name: 'Close' }).click();
    await page.unroute('**/storage/v1/object/list-v2/**');

    // A selection and a rename dialog with a name typed in it, while another upload's reload runs.
    await row(page, 'a.txt').getByRole('checkbox').check();
    await toolbar(page).getByRole('button', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename “a.txt”' });
    await rename.getByRole('textbox').fill('renamed.txt');
    held = await holdListings(page);
    await pick(page, { 'c.txt': 'uploaded during the rename' });
    await held.asked;
    await upload(page, 'c.txt').and(page.locator('[data-status="stored"]')).waitFor(WAIT);
    await expect(rename.count()).resolves.toBe(1);
    await expect(rename.getByRole('textbox').inputValue()).resolves.toBe('renamed.txt');
    await expect(toolbar(page).getByText('1 file selected').count()).resolves.toBe(1);
    held.release();
    await row(page, 'c.txt').waitFor(WAIT);
    await expect(rename.getByRole('textbox').inputValue()).resolves.toBe('renamed.txt');
    await expect(row(page, 'a.txt').getByRole('checkbox').isChecked()).resolves.toBe(true);
    await rename.getByRole('button', { name: 'Rename' }).click();
    await row(page, 'renamed.txt').waitFor(WAIT);
    expect(await names(lea.db, `${lea.id}/`)).toEqual(['b.txt', 'c.txt', 'note.txt', 'renamed.txt']);
  });

  it('shows loading, not the folder it left, while another folder is read', async () => {
    const max = await newPerson('max');
    await put(max, ['a.txt', 'archive/inside.txt']);
    const page = await signedInPage(max, myFiles(max));
    await row(page, 'a.txt').waitFor(WAIT);
    const held = await holdListings(page);
    await row(page, 'archive').getByRole('button', { name: 'archive', exact: true }).click();
    await held.asked;
    await page.waitForURL(`${portal.url}${myFiles(max)}archive/`, WAIT);
    await expect(busyTable(page).count()).resolves.toBe(1);
    await expect(page.locator('tr[data-entry]').count()).resolves.toBe(0);
    await expect(page.getByTestId('listing-count').count()).resolves.toBe(0);
    held.release();
    await row(page, 'inside.txt').waitFor(WAIT);
    await expect(row(page, 'a.txt').count()).resolves.toBe(0);
  });

  it('reads again as many entries as “Show more” had shown, so a selection on a later page stays', async () => {
    const ned = await newPerson('ned');
    // One more than a page (100): the last one is on the second page.
    const many = Array.from({ length: 101 }, (_, n) => `f${String(n).padStart(3, '0')}.txt`);
    await Promise.all(
      [0, 1, 2, 3].map((lane) => put(ned, many.filter((_, n) => n % 4 === lane))),
    );
    const page = await signedInPage(ned, myFiles(ned));
    await row(page, 'f000.txt').waitFor(WAIT);
    await expect(page.getByTestId('listing-count').textContent()).resolves.toBe(
      '100 items shown, more to show',
    );
    await page.getByRole('button', { name: 'Show more' }).click();
    await row(page, 'f100.txt').waitFor(WAIT);
    await row(page, 'f100.txt').getByRole('checkbox').check();
    await toolbar(page).getByText('1 file selected').waitFor(WAIT);

    const held = await holdListings(page);
    await pick(page, { 'g.txt': 'after the last page' });
    await held.asked;
    // While it is read again the second page's entry stays, selected, and "Show more" waits.
    await expect(row(page, 'f100.txt').count()).resolves.toBe(1);
    await expect(row(page, 'f100.txt').getByRole('checkbox').isChecked()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Show more' }).count()).resolves.toBe(0);
    held.release();
    await row(page, 'g.txt').waitFor(WAIT);
    await expect(page.getByTestId('listing-count').textContent()).resolves.toBe('102 items shown');
    await expect(row(page, 'f100.txt').count()).resolves.toBe(1);
    await expect(row(page, 'f100.txt').getByRole('checkbox').isChecked()).resolves.toBe(true);
    await expect(toolbar(page).getByText('1 file selected').count()).resolves.toBe(1);
  });

  it('keeps both with a name the folder does not have when “Keep both” is pressed during a reload', async () => {
    const ora = await newPerson('ora');
    await put(ora, ['a.txt', 'a (1).txt']);
    const page = await signedInPage(ora, myFiles(ora));
    await row(page, 'a (1).txt').waitFor(WAIT);
    // b.txt is stored and the listing read again (held); a.txt exists and asks.
    const held = await holdListings(page);
    await pick(page, { 'b.txt': 'new', 'a.txt': 'another a' });
    await held.asked;
    const conflict = upload(page, 'a.txt').and(page.locator('[data-status="exists"]'));
    await conflict.waitFor(WAIT);
    await conflict.getByRole('button', { name: 'Keep both' }).click();
    const ended = page.locator('li[data-upload^="a ("]:is([data-status="stored"], [data-status="exists"])');
    await ended.waitFor(WAIT);
    expect([await ended.getAttribute('data-upload'), await ended.getAttribute('data-status')]).toEqual([
      'a (2).txt',
      'stored',
    ]);
    held.release();
    await row(page, 'a (2).txt').waitFor(WAIT);
    expect(await names(ora.db, `${ora.id}/`)).toEqual(['a (1).txt', 'a (2).txt', 'a.txt', 'b.txt']);
    // Storage's refusal of the existing a.txt (the question asked) is the one complaint expected.
    const asked = `/storage/v1/object/upload/sign/files/${ora.id}/a.txt`;
    page.console.splice(
      0,
      page.console.length,
      ...page.console.filter((entry) => !entry.url.endsWith(asked)),
    );
  });

  it('keeps both with one press when the numbered names storage has are beyond the first page', async () => {
    const uma = await newPerson('uma');
    // A hundred names sort before “a (1).txt”: it and a.txt are on the second page, not loaded.
    const before = Array.from({ length: 100 }, (_, n) => `${String(n).padStart(3, '0')}.txt`);
    await Promise.all(
      [0, 1, 2, 3].map((lane) => put(uma, before.filter((_, n) => n % 4 === lane))),
    );
    await put(uma, ['a.txt', 'a (1).txt']);
    const page = await signedInPage(uma, myFiles(uma));
    await row(page, '000.txt').waitFor(WAIT);
    await expect(page.getByTestId('listing-count').textContent()).resolves.toBe(
      '100 items shown, more to show',
    );
    await pick(page, { 'a.txt': 'another a' });
    const conflict = upload(page, 'a.txt').and(page.locator('[data-status="exists"]'));
    await conflict.waitFor(WAIT);
    await conflict.getByRole('button', { name: 'Keep both' }).click();
    const ended = page.locator('li[data-upload^="a ("]:is([data-status="stored"], [data-status="exists"])');
    await ended.waitFor(WAIT);
    expect([await ended.getAttribute('data-upload'), await ended.getAttribute('data-status')]).toEqual([
      'a (2).txt',
      'stored',
    ]);
    const stored = await names(uma.db, `${uma.id}/`);
    expect(stored.filter((name) => name.startsWith('a'))).toEqual(['a (1).txt', 'a (2).txt', 'a.txt']);
    const { data } = await uma.db.storage.from('files').download(`${uma.id}/a (2).txt`);
    await expect(data!.text()).resolves.toBe('another a');
    // Storage's refusal of the existing a.txt (the question asked) is the one complaint expected.
    const asked = `/storage/v1/object/upload/sign/files/${uma.id}/a.txt`;
    page.console.splice(
      0,
      page.console.length,
      ...page.console.filter((entry) => !entry.url.endsWith(asked)),
    );
  });

  it('shows that entries dragged onto a folder are being moved until the move ends', async () => {
    const pat = await newPerson('pat');
    await put(pat, ['a.txt', 'b.txt', 'archive/.emptyFolderPlaceholder']);
    const page = await signedInPage(pat, myFiles(pat));
    await row(page, 'a.txt').waitFor(WAIT);
    const { asked: moveAsked, release } = await holdRequests(page, '**/storage/v1/object/move');
    await row(page, 'a.txt').dragTo(row(page, 'archive'));
    await moveAsked;
    const moving = page.getByRole('status').filter({ hasText: 'Moving “a.txt” into “archive”…' });
    await expect(moving.count()).resolves.toBe(1);
    await expect(row(page, 'archive').getAttribute('aria-busy')).resolves.toBe('true');
    await expect(busyTable(page).count()).resolves.toBe(1);
    release();
    await row(page, 'a.txt').waitFor({ state: 'detached', ...WAIT });
    await expect(moving.count()).resolves.toBe(0);
    await expect(row(page, 'archive').getAttribute('aria-busy')).resolves.toBeNull();
    expect(await names(pat.db, `${pat.id}/`)).toEqual([
      'archive/.emptyFolderPlaceholder',
      'archive/a.txt',
      'b.txt',
    ]);
  });

  it('says “Copied.” beside a share link only once that link is on the clipboard', async () => {
    const quin = await newPerson('quin');
    await put(quin, ['a.txt']);
    const page = await signedInPage(quin, myFiles(quin));
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: portal.url,
    });
    await row(page, 'a.txt').waitFor(WAIT);
    await row(page, 'a.txt').getByRole('checkbox').check();
    await toolbar(page).getByRole('button', { name: 'Share' }).click();
    const share = page.getByRole('dialog', { name: 'Share “a.txt”' });
    await share.getByRole('button', { name: 'Create link' }).click();
    const link = share.getByTestId('share-link');
    await share.getByText(/^Copied\. Anyone with it/).waitFor(WAIT);
    const first = await link.inputValue();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);

    // The clipboard's next write is held (a browser's permission prompt, a slow clipboard) until
    // the test has looked at the dialog.
    await page.evaluate(() => {
      const clipboard = navigator.clipboard;
      const write = clipboard.writeText.bind(clipboard);
      const w = window as unknown as { releaseClipboard?: () => void };
      clipboard.writeText = (text: string) =>
        new Promise<void>((resolve) => (w.releaseClipboard = resolve)).then(() => write(text));
    });
    await share.getByRole('combobox').selectOption('86400');
    await share.getByRole('button', { name: 'Create link' }).click();
    await page.waitForFunction(() => 'releaseClipboard' in window, undefined, WAIT);
    await page.waitForFunction(
      (old) =>
        document.querySelector<HTMLInputElement>('[data-testid="share-link"]')?.value !== old,
      first,
      WAIT,
    );
    const second = await link.inputValue();
    await expect(share.getByText(/Copied\./).count()).resolves.toBe(0);
    await page.evaluate(() => (window as unknown as { releaseClipboard: () => void }).releaseClipboard());
    await share.getByText(/^Copied\. Anyone with it/).waitFor(WAIT);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(second);
  });
});

/** The natural size of the image `selector` picks once it has loaded (fails if it cannot load). */
async function loadedSize(page: TestPage, selector: string): Promise<{ width: number; height: number }> {
  const handle = await page.waitForFunction(
    (css) => {
      const img = document.querySelector<HTMLImageElement>(css);
      if (!img || !img.complete) return null;
      return { width: img.naturalWidth, height: img.naturalHeight };
    },
    selector,
    WAIT,
  );
  return (await handle.jsonValue())!;
}
