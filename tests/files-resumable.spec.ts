// The files remote's second part end to end, in Chromium against a real emulator: large files go
// through the TUS endpoint and survive pause, a cut connection and a closed tab (the stored object
// is compared byte for byte); cancel leaves nothing; Markdown previews render but never run what a
// file holds; CSV shows as a table; folders are renamed, deleted and receive dragged files.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Locator } from 'playwright-core';
import { launchBrowser, problems, type Browser, type TestPage } from './browser.js';
import { REPO, startTestPortal, type TestPortal } from './portal-harness.js';
import { scriptsBuiltFrom } from './support/build-sources.js';
import { pagePerTest } from './support/page-per-test.js';
import { newPerson, signedInClient, signedInStorage, type Person } from './support/people.js';

jest.setTimeout(240_000);

const LONG = { timeout: 90_000 };
const MB = 1024 * 1024;

let portal: TestPortal;
let browser: Browser;
let workdir: string;
let big: { file: string; sha256: string; size: number };
const tab = pagePerTest(() => browser, { unexpectedConsole: (entries) => problems(entries) });

beforeAll(async () => {
  portal = await startTestPortal({ remotes: ['files'] });
  browser = await launchBrowser();
  workdir = mkdtempSync(path.join(REPO, '.tmp', 'files-resumable-'));
  // 50 MB of random bytes: the bucket's largest file, nine 6 MB TUS chunks.
  const bytes = randomBytes(50 * MB);
  big = {
    file: path.join(workdir, 'big.mp4'),
    sha256: createHash('sha256').update(bytes).digest('hex'),
    size: bytes.length,
  };
  writeFileSync(big.file, bytes);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  if (workdir) rmSync(workdir, { recursive: true, force: true });
});

interface Signed {
  person: Person;
  db: SupabaseClient;
}

async function signedUp(label: string): Promise<Signed> {
  const person = await newPerson(portal.emulator, `files-${label}`);
  return { person, db: await signedInClient(portal.emulator, person) };
}

async function openMyFiles({ person, db }: Signed, query = ''): Promise<TestPage> {
  const page = await tab.open(await signedInStorage(portal.url, portal.emulator, db));
  await page.goto(`${portal.url}/files/files/${person.id}/${query}`);
  await page.getByTestId('bucket-limits').waitFor(LONG);
  return page;
}

/** The objects under `prefix`, the area's trash left out. */
async function names(db: SupabaseClient, prefix: string): Promise<string[]> {
  const { data, error } = await db.storage.from('files').listV2({ prefix });
  if (error) throw error;
  return data.objects
    .map((o) => (o.key ?? o.name).slice(prefix.length))
    .filter((name) => !name.startsWith('.trash/'))
    .sort();
}

async function sha256Of(db: SupabaseClient, key: string): Promise<string> {
  const { data, error } = await db.storage.from('files').download(key);
  if (error) throw error;
  return createHash('sha256')
    .update(Buffer.from(await data.arrayBuffer()))
    .digest('hex');
}

async function put(db: SupabaseClient, key: string, text: string, contentType = 'text/plain') {
  const { error } = await db.storage
    .from('files')
    .upload(key, new Blob([text], { type: contentType }), { contentType });
  if (error) throw error;
}

const upload = (page: TestPage, name: string) => page.locator(`li[data-upload="${name}"]`);
const row = (page: TestPage, name: string) => page.locator(`tr[data-entry="${name}"]`);

/** The bytes the page says are sent, from the upload's progress bar. */
async function sent(item: Locator): Promise<number> {
  return Number(await item.getByRole('progressbar').getAttribute('aria-valuenow'));
}

/**
 * The server's answer creating the upload (its first chunk goes with it). Until it arrives the
 * page has sent bytes but the server has kept none and the browser knows no upload address, so
 * a pause or cancel then starts over rather than resuming: under load that window is long.
 * Call it before the file is picked, await it before pausing or cancelling.
 */
async function uploadCreated(page: TestPage): Promise<void> {
  await page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      response.url().endsWith('/upload/resumable') &&
      response.status() === 201,
    LONG,
  );
  // …and the page has noted the upload's address under its fingerprint (tus-js-client's
  // `tus::<fingerprint>::<id>` key), which is what a resume looks up.
  await page.waitForFunction(
    () => Object.keys(localStorage).some((key) => key.startsWith('tus::portal-files|')),
    undefined,
    LONG,
  );
}

/** Waits until the page shows at least `atLeast` bytes sent, failing at once if the upload ends badly. */
async function waitForSent(page: TestPage, name: string, atLeast: number): Promise<void> {
  await page.waitForFunction(
    ([selector, bytes]) => {
      const item = [...document.querySelectorAll(selector)].pop();
      const status = item?.getAttribute('data-status');
      if (status === 'refused' || status === 'failed') return true;
      return (
        Number(item?.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow') ?? 0) >=
        bytes
      );
    },
    [`li[data-upload="${name}"]`, atLeast] as const,
    LONG,
  );
  const item = upload(page, name).last();
  const status = await item.getAttribute('data-status');
  if (status === 'refused' || status === 'failed')
    throw new Error(`the upload of ${name} ended ${status}: ${await item.textContent()}`);
}

describe('resumable uploads of large files', () => {
  it('uploads 50 MB through TUS with progress, pauses, resumes from the server’s offset, and stores the very bytes', async () => {
    const ana = await signedUp('ana');
    const page = await openMyFiles(ana);
    const tusRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/storage/v1/upload/resumable'))
        tusRequests.push(`${request.method()} ${request.url()}`);
    });
    const created = uploadCreated(page);
    await page.locator('input[type="file"]').setInputFiles(big.file);
    const item = upload(page, 'big.mp4');
    await waitForSent(page, 'big.mp4', 6 * MB);
    await created;
    await item.getByRole('button', { name: 'Pause big.mp4' }).click();
    await item.and(page.locator('[data-status="paused"]')).waitFor(LONG);
    const pausedAt = await sent(item);
    expect(pausedAt).toBeGreaterThan(0);
    expect(pausedAt).toBeLessThan(big.size);
    // Nothing is visible in the bucket before the last byte.
    expect(await names(ana.db, `${ana.person.id}/`)).toEqual([]);

    await item.getByRole('button', { name: 'Resume big.mp4' }).click();
    await item.getByTestId('upload-resumed').waitFor(LONG);
    await expect(item.getByTestId('upload-resumed').textContent()).resolves.toMatch(
      /resuming from \d+(\.\d)? MB/,
    );
    await item.and(page.locator('[data-status="stored"]')).waitFor(LONG);
    await expect(sent(item)).resolves.toBe(big.size);
    // One upload created; the resume asked the server where it stood (HEAD) instead of starting over.
    expect(tusRequests.filter((request) => request.startsWith('POST'))).toHaveLength(1);
    expect(tusRequests.some((request) => request.startsWith('HEAD'))).toBe(true);
    expect(await names(ana.db, `${ana.person.id}/`)).toEqual(['big.mp4']);
    await expect(sha256Of(ana.db, `${ana.person.id}/big.mp4`)).resolves.toBe(big.sha256);
    await row(page, 'big.mp4').waitFor(LONG);
  });

  it('goes on after the connection drops mid-upload, and after the tab is closed and the file picked again', async () => {
    const ben = await signedUp('ben');
    const page = await openMyFiles(ben);
    // The third chunk's request fails on the network once: tus-js-client asks the server for its
    // offset and goes on from there.
    let patches = 0;
    let cut = false;
    await page.route('**/storage/v1/upload/resumable/**', async (route) => {
      if (route.request().method() === 'PATCH' && ++patches === 3 && !cut) {
        cut = true;
        return route.abort('connectionreset');
      }
      return route.continue();
    });
    await page.locator('input[type="file"]').setInputFiles(big.file);
    await waitForSent(page, 'big.mp4', 24 * MB);
    expect(cut).toBe(true);
    expect(await sent(upload(page, 'big.mp4'))).toBeLessThan(big.size);
    // The one cut this test made on purpose is the only complaint of the first tab.
    page.console.splice(
      0,
      page.console.length,
      ...page.console.filter((entry) => !entry.text.includes('ERR_CONNECTION_RESET')),
    );
    // Then the tab closes mid-upload.
    await page.close();
    expect(await names(ben.db, `${ben.person.id}/`)).toEqual([]);

    // A new tab of the same browser profile, the same file picked again.
    const again = await tab.context.newPage();
    const created: string[] = [];
    again.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/upload/resumable'))
        created.push(request.url());
    });
    await again.goto(`${portal.url}/files/files/${ben.person.id}/`);
    await again.getByTestId('bucket-limits').waitFor(LONG);
    await again.locator('input[type="file"]').setInputFiles(big.file);
    const item = upload(again, 'big.mp4');
    await item.getByTestId('upload-resumed').waitFor(LONG);
    const resumedFrom = Number(
      /resuming from ([\d.]+) MB/.exec(
        (await item.getByTestId('upload-resumed').textContent())!,
      )![1],
    );
    // At least the chunks before the cut were kept, and the rest is still to send.
    expect(resumedFrom * MB).toBeGreaterThanOrEqual(18 * MB);
    expect(resumedFrom * MB).toBeLessThan(big.size);
    await item.and(again.locator('[data-status="stored"]')).waitFor(LONG);
    // The new tab went on with the first tab's upload instead of creating another.
    expect(created).toEqual([]);
    await expect(sha256Of(ben.db, `${ben.person.id}/big.mp4`)).resolves.toBe(big.sha256);
    expect(problems(again.console)).toEqual([]);
  });

  it('cancels an upload: the partial upload is deleted on the server and nothing is stored', async () => {
    const cat = await signedUp('cat');
    const page = await openMyFiles(cat);
    let uploadUrl = '';
    page.on('response', (response) => {
      if (response.request().method() === 'POST' && response.url().endsWith('/upload/resumable'))
        uploadUrl = new URL(response.headers()['location']!, response.url()).href;
    });
    const terminated = page.waitForResponse(
      (response) => response.request().method() === 'DELETE' && response.url() === uploadUrl,
      LONG,
    );
    const created = uploadCreated(page);
    await page.locator('input[type="file"]').setInputFiles(big.file);
    await waitForSent(page, 'big.mp4', 6 * MB);
    await created;
    await upload(page, 'big.mp4').getByRole('button', { name: 'Cancel big.mp4' }).click();
    await upload(page, 'big.mp4').and(page.locator('[data-status="cancelled"]')).waitFor(LONG);
    expect((await terminated).status()).toBe(204);
    // The server has forgotten the upload, and the bucket holds nothing.
    const { data } = await cat.db.auth.getSession();
    const asked = await fetch(uploadUrl, {
      method: 'HEAD',
      headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${data.session!.access_token}` },
    });
    expect(asked.status).toBe(404);
    expect(await names(cat.db, `${cat.person.id}/`)).toEqual([]);
    // Picking the file again starts a new upload (no leftover to resume).
    await page.locator('input[type="file"]').setInputFiles(big.file);
    await waitForSent(page, 'big.mp4', 1);
    await expect(
      upload(page, 'big.mp4').last().getByTestId('upload-resumed').count(),
    ).resolves.toBe(0);
    await upload(page, 'big.mp4').last().getByRole('button', { name: 'Cancel big.mp4' }).click();
  });
});

describe('the code for large uploads, downloaded with the first one', () => {
  it('fails that upload with a message when it does not download, and sends the file on "Retry"', async () => {
    const fay = await signedUp('fay');
    const [tusCode] = scriptsBuiltFrom(portal.remoteDists.files!, /node_modules\/tus-js-client\//);
    expect(tusCode).toBeDefined();
    const page = await openMyFiles(fay);
    await page.route(`**/${tusCode}`, (route) => route.abort('connectionreset'));
    await page.locator('input[type="file"]').setInputFiles(big.file);
    const item = upload(page, 'big.mp4');
    await item.and(page.locator('[data-status="failed"]')).waitFor(LONG);
    await expect(item.textContent()).resolves.toContain('The code for large uploads could not be downloaded');

    await page.unroute(`**/${tusCode}`);
    await item.getByRole('button', { name: 'Retry big.mp4' }).click();
    await item.and(page.locator('[data-status="stored"]')).waitFor(LONG);
    expect(await names(fay.db, `${fay.person.id}/`)).toEqual(['big.mp4']);
    // Only the refused download reached the console.
    page.console.splice(0, page.console.length, ...page.console.filter((entry) => !(entry.url ?? '').endsWith(tusCode!) && !/ERR_CONNECTION_RESET|Loading chunk/.test(entry.text)));
  });
});

describe('previews', () => {
  it('renders Markdown without running anything it holds, and shows CSV as a table', async () => {
    const dan = await signedUp('dan');
    const home = `${dan.person.id}/`;
    await put(
      dan.db,
      `${home}notes.md`,
      [
        '# Opening hours',
        '',
        'We are *open* on weekdays.',
        '',
        '<img src="x" onerror="window.__ran = \'img\'">',
        '',
        "[click me](javascript:window.__ran='link')",
        '',
        '<script>window.__ran = "script"</script>',
      ].join('\n'),
      'text/markdown',
    );
    await put(
      dan.db,
      `${home}hours.csv`,
      'day,opens,closes\nMonday,09:00,17:00\n"Tuesday, late",10:00,20:00\n',
      'text/csv',
    );
    const page = await openMyFiles(dan, '?open=notes.md');
    const markdown = page.getByTestId('preview-markdown');
    await markdown.waitFor(LONG);
    await expect(markdown.locator('h1').textContent()).resolves.toBe('Opening hours');
    await expect(markdown.locator('em').textContent()).resolves.toBe('open');
    // HTML written in the file shows as text, never as elements (the security suite's rule);
    // the link keeps its words but no script address.
    await expect(markdown.innerText()).resolves.toContain('<img src="x" onerror=');
    await expect(markdown.locator('img').count()).resolves.toBe(0);
    await expect(markdown.locator('script').count()).resolves.toBe(0);
    const link = markdown.getByText('click me');
    expect((await link.getAttribute('href')) ?? '').not.toMatch(/javascript:/i);
    await link.click();
    await expect(
      page.evaluate(() => (window as { __ran?: string }).__ran),
    ).resolves.toBeUndefined();

    await page.goto(`${portal.url}/files/files/${home}?open=hours.csv`);
    const table = page.getByTestId('preview-csv');
    await table.waitFor(LONG);
    await expect(table.locator('th').allTextContents()).resolves.toEqual([
      'day',
      'opens',
      'closes',
    ]);
    await expect(table.locator('tbody tr').count()).resolves.toBe(2);
    await expect(
      table.locator('tbody tr').nth(1).locator('td').first().textContent(),
    ).resolves.toBe('Tuesday, late');
    // The image with a broken address failed to load; nothing else reached the console.
    page.console.splice(
      0,
      page.console.length,
      ...page.console.filter((entry) => !/\/x\b|status of 404/.test(entry.text + entry.url)),
    );
  });
});

describe('a preview\'s renderer, downloaded with the first preview of its kind', () => {
  it('says the file could not be opened when the renderer does not download, and shows the file once it does', async () => {
    const erin = await signedUp('erin');
    const home = `${erin.person.id}/`;
    await put(erin.db, `${home}plan.md`, '# The plan\n\nShip it.', 'text/markdown');
    const [renderer] = scriptsBuiltFrom(portal.remoteDists.files!, /node_modules\/marked\//);
    expect(renderer).toBeDefined();
    const page = await openMyFiles(erin);
    // The folder is on screen and the renderer was not needed for it.
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname.split('/').pop() ?? ''));
    await page.route(`**/${renderer}`, (route) => route.abort('connectionreset'));
    await page.goto(`${portal.url}/files/files/${home}?open=plan.md`);
    const dialog = page.getByRole('dialog', { name: 'plan.md' });
    await dialog.getByText('Could not open the file').waitFor(LONG);
    expect(asked.filter((file) => file === renderer).length).toBeGreaterThan(0);

    await page.unroute(`**/${renderer}`);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'plan.md' }).first().click();
    await expect(page.getByTestId('preview-markdown').locator('h1').textContent()).resolves.toBe('The plan');
    // Only the refused download reached the console.
    page.console.splice(0, page.console.length, ...page.console.filter((entry) => !(entry.url ?? '').endsWith(renderer!) && !/ERR_CONNECTION_RESET|Loading chunk/.test(entry.text)));
  });
});

describe('folders', () => {
  it('moves files by dragging them onto a folder, renames a folder with everything in it, and deletes it', async () => {
    const eve = await signedUp('eve');
    const home = `${eve.person.id}/`;
    for (const name of ['a.txt', 'b.txt', 'c.txt']) await put(eve.db, `${home}${name}`, name);
    await put(eve.db, `${home}archive/.emptyFolderPlaceholder`, '');
    await put(eve.db, `${home}archive/old/kept.txt`, 'kept');
    const page = await openMyFiles(eve);
    await row(page, 'a.txt').waitFor(LONG);

    // Two selected, one of them dragged onto the folder: both move.
    await row(page, 'a.txt').getByRole('checkbox').check();
    await row(page, 'b.txt').getByRole('checkbox').check();
    await row(page, 'a.txt').dragTo(row(page, 'archive'));
    await row(page, 'a.txt').waitFor({ state: 'detached', ...LONG });
    await row(page, 'b.txt').waitFor({ state: 'detached', ...LONG });
    expect(await names(eve.db, home)).toEqual([
      'archive/.emptyFolderPlaceholder',
      'archive/a.txt',
      'archive/b.txt',
      'archive/old/kept.txt',
      'c.txt',
    ]);

    // Renaming the folder renames every object under it.
    await row(page, 'archive').getByRole('checkbox').check();
    const toolbar = page.getByRole('toolbar', { name: 'Selected files' });
    await expect(toolbar.textContent()).resolves.toContain('1 folder selected');
    await toolbar.getByRole('button', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename “archive”' });
    await rename.getByRole('textbox').fill('2026');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await row(page, '2026').waitFor(LONG);
    expect(await names(eve.db, home)).toEqual([
      '2026/.emptyFolderPlaceholder',
      '2026/a.txt',
      '2026/b.txt',
      '2026/old/kept.txt',
      'c.txt',
    ]);

    // Deleting it moves everything inside to the trash, after a confirmation that says so.
    await row(page, '2026').getByRole('checkbox').check();
    await toolbar.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete “2026”?' });
    await expect(confirm.textContent()).resolves.toContain(
      'Everything inside the selected folders goes too',
    );
    await confirm.getByRole('button', { name: 'Move to trash' }).click();
    await row(page, '2026').waitFor({ state: 'detached', ...LONG });
    expect(await names(eve.db, home)).toEqual(['c.txt']);
  });
});
