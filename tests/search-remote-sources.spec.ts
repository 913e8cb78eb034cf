// The search remote's other ways in and out, end to end: real Chromium, the portal served on
// separate origins, a real emulator with the portal's supabase/ folder. Each test makes its own
// person. A PDF is read from its text layer in PDF.js's worker and its passages name their
// pages; a scanned PDF is refused; files already in the person's storage (their folder and a
// project's area) are added, found, and read again on re-index; each document goes through
// split → embed → store as separate steps on the page, and a failure while storing leaves
// nothing; the search lives in the address (reload, back and forward).
import type { SupabaseClient } from '@supabase/supabase-js';
import { launchBrowser, problems, type Browser, type TestPage } from './browser.js';
import { startTestPortal, type TestPortal } from './portal-harness.js';
import { holdRequests } from './support/hold-requests.js';
import { pagePerTest, pageState } from './support/page-per-test.js';
import { newPerson as makePerson, signedInClient, signedInStorage } from './support/people.js';
import { tinyPdf } from './support/tiny-pdf.js';
import { waitUntil } from './support/waits.js';

jest.setTimeout(180_000);

const WAIT = { timeout: 30_000 };

let portal: TestPortal;
let browser: Browser;
const tab = pagePerTest(() => browser, { unexpectedConsole: (entries) => problems(entries) });

beforeAll(async () => {
  portal = await startTestPortal({ remotes: ['search', 'files'] });
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

interface Person {
  id: string;
  db: SupabaseClient;
}

async function newPerson(label: string): Promise<Person> {
  const person = await makePerson(portal.emulator, `search-e2e-${label}`);
  return { id: person.id, db: await signedInClient(portal.emulator, person) };
}

async function signedInPage(person: Person, next: string): Promise<TestPage> {
  const page = await tab.open(await signedInStorage(portal.url, portal.emulator, person.db));
  await page.goto(`${portal.url}${next}`);
  return page;
}

interface ListedDocument {
  id: string;
  title: string;
  source: string;
  status: string;
  passage_count: number;
  storage_bucket: string | null;
  storage_path: string | null;
}

async function listed(person: Person): Promise<ListedDocument[]> {
  const { data, error } = await person.db.functions.invoke('documents', {
    body: { action: 'list' },
  });
  if (error) throw error;
  return data.documents as ListedDocument[];
}

const job = (page: TestPage, title: string) => page.locator(`li[data-title="${title}"]`);

/** Waits until the page shows results (or that nothing was found) and returns their titles. */
async function shownResults(page: TestPage): Promise<string[]> {
  await page
    .locator('.search-results, .search-no-results')
    .first()
    .waitFor(WAIT)
    .catch(async (error: Error) => {
      throw new Error(`${error.message}; ${await pageState(page)}`);
    });
  return page.$$eval('.search-result .search-result__open', (links) =>
    links.map((a) => a.textContent ?? ''),
  );
}

/** About 700 characters in lines of a page's width: one paragraph, too long to share a passage. */
const paragraph = (sentence: string) => Array.from({ length: 9 }, () => sentence);
const LIGHTHOUSE = tinyPdf(
  [
    ['Lighthouse keeping', '', ...paragraph('Keepers trim the wicks at dusk and wind the clockwork of the lamp.')],
    paragraph('The lens is polished every morning and the brass is kept bright and dry.'),
    paragraph('During a gale the keeper sounds the foghorn every ninety seconds all night.'),
  ],
  'Lighthouse manual',
);

describe('the search remote: PDFs, storage files, progress and the address', () => {
  it('reads a PDF in PDF.js’s worker, finds a passage by its words with the page it is on, and opens it there', async () => {
    const pia = await newPerson('pia');
    const page = await signedInPage(pia, '/search/add');
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));

    await page.locator('input[type="file"]').setInputFiles({
      name: 'lighthouse.pdf',
      mimeType: 'application/pdf',
      buffer: LIGHTHOUSE,
    });
    await job(page, 'Lighthouse manual').and(page.locator('[data-stage="ready"]')).waitFor(WAIT);
    // The worker runs from a blob that imports the remote's worker file (another origin).
    expect(workers.some((url) => url.startsWith('blob:'))).toBe(true);
    expect(page.console.filter((e) => /fake worker/i.test(e.text))).toEqual([]);

    const [doc] = await listed(pia);
    expect(doc).toMatchObject({ title: 'Lighthouse manual', source: 'pdf', status: 'ready' });
    const { data } = await pia.db.functions.invoke('documents', {
      body: { action: 'get', id: doc!.id },
    });
    const foghorn = (
      data.passages as { content: string; page_first: number; page_last: number }[]
    ).find((p) => p.content.includes('foghorn'));
    // Its passage starts with the last lines of page 2 (the overlap) and goes on with page 3.
    expect(foghorn).toMatchObject({ page_first: 2, page_last: 3 });

    await page.goto(`${portal.url}/search?q=foghorn+gale&mode=fulltext`);
    expect(await shownResults(page)).toEqual(['Lighthouse manual']);
    const result = page.locator('.search-result').first();
    await expect(result.locator('.search-result__pages').textContent()).resolves.toBe('pages 2–3');
    await result.locator('.search-result__open').click();
    await page.waitForURL(/\/search\/doc\/[0-9a-f-]{36}\?passage=\d+$/, WAIT);
    await expect(page.locator('.search-doc__pages').textContent()).resolves.toBe('· pages 2–3');
    await expect(page.locator('.search-doc mark[data-current="true"]').textContent()).resolves.toMatch(
      /foghorn every ninety seconds/,
    );
  });

  it('shows a dropped PDF as being read until PDF.js has read it', async () => {
    const uma = await newPerson('uma');
    const page = await signedInPage(uma, '/search/add');
    await page.getByRole('button', { name: 'Choose files' }).waitFor(WAIT);
    // The scripts that read a PDF (loaded with the first one) are held until the test has looked.
    const { asked: scriptAsked, release } = await holdRequests(page, '**/*.js');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'lighthouse.pdf',
      mimeType: 'application/pdf',
      buffer: LIGHTHOUSE,
    });
    await scriptAsked;
    // Nothing the PDF needs can arrive meanwhile: without a job shown at once, this never appears.
    const reading = job(page, 'lighthouse.pdf').and(page.locator('[data-stage="read"]'));
    await reading.waitFor(WAIT);
    await expect(
      reading.getByRole('progressbar', { name: 'lighthouse.pdf: reading the file' }).count(),
    ).resolves.toBe(1);
    release();
    await job(page, 'Lighthouse manual').and(page.locator('[data-stage="ready"]')).waitFor(WAIT);
    // The one document, under the title read from the PDF.
    await expect(page.locator('li[data-stage]').count()).resolves.toBe(1);
    expect((await listed(uma)).map((doc) => doc.title)).toEqual(['Lighthouse manual']);
  });

  it('refuses a scanned PDF without a text layer, saying so, and indexes nothing', async () => {
    const sol = await newPerson('sol');
    const page = await signedInPage(sol, '/search/add');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'scan.pdf',
      mimeType: 'application/pdf',
      buffer: tinyPdf([null, null]),
    });
    const alert = page.getByRole('alert').filter({ hasText: 'scan.pdf' });
    await alert.waitFor(WAIT);
    await expect(alert.textContent()).resolves.toMatch(
      /scan\.pdf has no text layer \(it looks like a scan\): nothing was indexed/,
    );
    await expect(page.locator('li[data-stage]').count()).resolves.toBe(0);
    expect(await listed(sol)).toEqual([]);
  });

  it('adds files from the person’s storage (own folder and a project area), finds each, and reads them again on re-index', async () => {
    const max = await newPerson('max');
    const project = await max.db.from('projects').insert({ name: 'Harbour works' }).select('id').single();
    if (project.error) throw project.error;
    const projectId = (project.data as { id: number }).id;
    const own = `${max.id}/notes/harbour.md`;
    const shared = `projects/${projectId}/plan.txt`;
    for (const [path, text, type] of [
      [own, '# Harbour\n\nThe ferry to the island leaves at seven from pier four.', 'text/markdown'],
      [shared, 'Dredging of the western basin starts in March.', 'text/plain'],
    ] as const) {
      const stored = await max.db.storage.from('files').upload(path, Buffer.from(text), { contentType: type });
      if (stored.error) throw stored.error;
    }

    const page = await signedInPage(max, '/search/add');
    const picker = page.locator('.search-storage');
    await picker.getByRole('button', { name: 'notes/' }).click();
    await page.getByRole('button', { name: 'Add harbour.md' }).click();
    await job(page, 'Harbour').and(page.locator('[data-stage="ready"]')).waitFor(WAIT);
    await page.locator('select[name="storage-area"]').selectOption(`projects/${projectId}/`);
    await page.getByRole('button', { name: 'Add plan.txt' }).click();
    await job(page, 'plan').and(page.locator('[data-stage="ready"]')).waitFor(WAIT);

    const docs = await listed(max);
    expect(
      docs.map((d) => [d.title, d.source, d.storage_bucket, d.storage_path]).sort(),
    ).toEqual([
      ['Harbour', 'markdown', 'files', own],
      ['plan', 'text', 'files', shared],
    ]);

    await page.goto(`${portal.url}/search?q=ferry+island+pier`);
    expect((await shownResults(page))[0]).toBe('Harbour');
    await page.goto(`${portal.url}/search?q=dredging+western+basin`);
    expect((await shownResults(page))[0]).toBe('plan');

    // The stored file changes; re-indexing reads it again, and the old text is gone.
    const changed = await max.db.storage
      .from('files')
      .update(own, Buffer.from('# Harbour\n\nThe ferry now leaves at nine from the lighthouse quay.'), {
        contentType: 'text/markdown',
      });
    if (changed.error) throw changed.error;
    await page.goto(`${portal.url}/search/documents`);
    await page.getByRole('button', { name: 'Re-index Harbour' }).click();
    await page.getByText(/Re-indexed 1 document \(1 read again from your storage\)/).waitFor(WAIT);
    await page.goto(`${portal.url}/search?q=lighthouse+quay&mode=fulltext`);
    expect(await shownResults(page)).toEqual(['Harbour']);
    await page.goto(`${portal.url}/search?q=seven+pier+four&mode=fulltext`);
    expect(await shownResults(page)).toEqual([]);
    expect((await listed(max)).map((d) => d.storage_path).sort()).toEqual([own, shared].sort());
  });

  it('shows split → embed → store as separate steps of a document’s progress', async () => {
    const eva = await newPerson('eva');
    const page = await signedInPage(eva, '/search/add');
    await page.locator('.search-page').waitFor(WAIT);
    // Every stage the document's entry shows, in order, as the page puts it there.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { stagesSeen: string[] }).stagesSeen = seen;
      new MutationObserver(() => {
        const stage = document.querySelector('li[data-title="Tide tables"]')?.getAttribute('data-stage');
        if (stage && seen[seen.length - 1] !== stage) seen.push(stage);
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await page.locator('input[name="title"]').fill('Tide tables');
    await page
      .locator('textarea[name="text"]')
      .fill('# High water\n\nHigh water is at noon.\n\n# Low water\n\nLow water is at six.');
    await page.getByRole('button', { name: 'Add text' }).click();
    await job(page, 'Tide tables').and(page.locator('[data-stage="ready"]')).waitFor(WAIT);
    const stages = await page.evaluate(() => (window as unknown as { stagesSeen: string[] }).stagesSeen);
    expect(stages).toEqual(['split', 'embed', 'store', 'ready']);
  });

  it('keeps the search in the address: a reload shows the same results, back and forward move between searches', async () => {
    const kim = await newPerson('kim');
    for (const [title, body] of [
      ['Bread', 'Knead the dough for ten minutes, then let it rise.'],
      ['Roses', 'Prune the roses in late winter before the buds open.'],
    ] as const) {
      const { error } = await kim.db.functions.invoke('documents', {
        body: {
          action: 'add',
          title,
          source: 'paste',
          body,
          passages: [{ heading: null, text: body, start: 0, end: body.length }],
        },
      });
      if (error) throw error;
    }
    const page = await signedInPage(kim, '/search');
    await page.locator('input[name="query"]').fill('knead dough');
    await page.locator('select[name="mode"]').selectOption('fulltext');
    await page.locator('select[name="source"]').selectOption('paste');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/\/search\?q=knead\+dough&mode=fulltext&source=paste$/, WAIT);
    expect(await shownResults(page)).toEqual(['Bread']);

    await page.reload();
    expect(await shownResults(page)).toEqual(['Bread']);
    await expect(page.locator('input[name="query"]').inputValue()).resolves.toBe('knead dough');
    await expect(page.locator('select[name="mode"]').inputValue()).resolves.toBe('fulltext');
    await expect(page.locator('select[name="source"]').inputValue()).resolves.toBe('paste');

    await page.locator('input[name="query"]').fill('prune roses');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/\?q=prune\+roses&mode=fulltext&source=paste$/, WAIT);
    expect(await shownResults(page)).toEqual(['Roses']);

    await page.goBack();
    await page.waitForURL(/\?q=knead\+dough/, WAIT);
    await waitUntil(
      'the first search back on the page',
      async () => (await shownResults(page)).join() === 'Bread',
      { state: () => pageState(page) },
    );
    await expect(page.locator('input[name="query"]').inputValue()).resolves.toBe('knead dough');
    await page.goForward();
    await page.waitForURL(/\?q=prune\+roses/, WAIT);
    await waitUntil(
      'the second search back on the page',
      async () => (await shownResults(page)).join() === 'Roses',
      { state: () => pageState(page) },
    );
  });
});

describe('the search remote: documents follow their stored files', () => {
  it('says when nothing matches well, offers to re-index a changed file, and stops finding a file deleted in Files', async () => {
    const uma = await newPerson('uma');
    const key = `${uma.id}/ferries.md`;
    const stored = await uma.db.storage
      .from('files')
      .upload(key, Buffer.from('# Ferries\n\nThe ferry to the island leaves at seven from pier four.'), {
        contentType: 'text/markdown',
      });
    if (stored.error) throw stored.error;
    const page = await signedInPage(uma, '/search/add');
    await page.getByRole('button', { name: 'Add ferries.md' }).click();
    await job(page, 'Ferries').and(page.locator('[data-stage="ready"]')).waitFor(WAIT);

    // Found by its words, and said so in words.
    await page.goto(`${portal.url}/search?q=ferry+island`);
    expect((await shownResults(page))[0]).toBe('Ferries');
    await expect(
      page.locator('.search-result').first().locator('.search-result__match').textContent(),
    ).resolves.toMatch(/^(Strong|Good) match$/);

    // A query nothing matches: no good match, the closest passages folded away.
    await page.goto(`${portal.url}/search?q=xylophone+quantum`);
    await page
      .getByRole('status')
      .getByText('No good match for “xylophone quantum”', { exact: true })
      .waitFor(WAIT);
    const weak = page.locator('details.search-weak');
    await expect(weak.locator('.search-result').first().isVisible()).resolves.toBe(false);
    await weak.locator('summary').click();
    await weak.locator('.search-result[data-match="weak"]').first().waitFor(WAIT);

    // The file is replaced by a new version: its document offers to read it again.
    const replaced = await uma.db.storage
      .from('files')
      .update(key, Buffer.from('# Ferries\n\nThe ferry now leaves at nine from the lighthouse quay.'), {
        contentType: 'text/markdown',
      });
    if (replaced.error) throw replaced.error;
    const [before] = await listed(uma);
    await page.goto(`${portal.url}/search/doc/${before!.id}`);
    const fileState = page.getByTestId('document-file-state');
    await expect(fileState.textContent()).resolves.toContain('Its file changed since it was added');
    await fileState.getByRole('button', { name: 'Re-index' }).click();
    await page.getByText('lighthouse quay').waitFor(WAIT);
    await expect(fileState.count()).resolves.toBe(0);
    const [after] = await listed(uma);
    expect(after!.id).not.toBe(before!.id);
    expect(page.url()).toBe(`${portal.url}/search/doc/${after!.id}`);

    // Deleted in Files (which moves it to the trash): no longer found, and the page says a
    // document is left out.
    await page.goto(`${portal.url}/files/files/${uma.id}/`);
    const row = page.locator('tr[data-entry="ferries.md"]');
    await row.getByRole('checkbox').check();
    await page
      .getByRole('toolbar', { name: 'Selected files' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Move to trash' }).click();
    await row.waitFor({ state: 'detached', ...WAIT });
    await page.goto(`${portal.url}/search?q=ferry+lighthouse+quay`);
    expect(await shownResults(page)).toEqual([]);
    await expect(page.getByTestId('left-out').textContent()).resolves.toMatch(
      /^1 document is not searched: its file was deleted, is in the trash/,
    );
    await page.goto(`${portal.url}/search/documents`);
    await page.locator('[data-source-status="trashed"]').getByText('file in the trash').waitFor(WAIT);
    await expect(page.getByRole('button', { name: 'Re-index Ferries' }).count()).resolves.toBe(0);
  });
});

describe('the search remote: what a re-index shows while and after it runs', () => {
  /** A one-passage document added through the function (read from `storage` when given). */
  async function addDocument(person: Person, title: string, body: string, storage?: string) {
    const { error } = await person.db.functions.invoke('documents', {
      body: {
        action: 'add',
        title,
        source: 'text',
        body,
        passages: [{ heading: null, text: body, start: 0, end: body.length }],
        ...(storage ? { storage: { bucket: 'files', path: storage } } : {}),
      },
    });
    if (error) throw error;
  }

  const idOf = async (person: Person, title: string) =>
    (await listed(person)).find((doc) => doc.title === title)?.id;

  it('lists the documents a re-index replaced before another of them failed', async () => {
    const ned = await newPerson('ned');
    const gone = `${ned.id}/gone.txt`;
    const kept = `${ned.id}/kept.txt`;
    for (const [path, text] of [
      [gone, 'Gulls nest on the breakwater.'],
      [kept, 'Oysters grow in the estuary.'],
    ] as const) {
      const stored = await ned.db.storage
        .from('files')
        .upload(path, Buffer.from(text), { contentType: 'text/plain' });
      if (stored.error) throw stored.error;
    }
    // Titled as a read of the file titles them. Listed newest first: "kept" is read again (and
    // replaced by a new version) before "gone" fails.
    await addDocument(ned, 'gone', 'Gulls nest on the breakwater.', gone);
    await addDocument(ned, 'kept', 'Oysters grow in the estuary.', kept);
    const before = await idOf(ned, 'kept');

    const page = await signedInPage(ned, '/search/documents');
    await page.getByRole('link', { name: 'kept' }).waitFor(WAIT);
    // Storage refuses to hand "gone" out again (a file deleted meanwhile would no longer be
    // re-read at all: its document is marked and left alone).
    await page.route(`**/${gone}`, (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: '404', error: 'not_found', message: 'Object not found' }),
      }),
    );
    await page.getByRole('button', { name: 'Re-index all' }).click();
    await page.getByText(/gone\.txt could not be read from your storage/).waitFor(WAIT);
    // Storage's 400 for the missing file is the one complaint this test expects.
    page.console.splice(
      0,
      page.console.length,
      ...page.console.filter((entry) => !entry.url.endsWith('/gone.txt')),
    );
    const after = await idOf(ned, 'kept');
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    // The page links the new version, not the one the re-index deleted.
    await waitUntil(
      'the list linking the re-indexed version',
      async () =>
        (await page.getByRole('link', { name: 'kept' }).getAttribute('href'))?.endsWith(
          `/doc/${after}`,
        ),
      { state: () => pageState(page) },
    );
  });

  it('does not say there are no documents while it reads the list', async () => {
    const pam = await newPerson('pam');
    await addDocument(pam, 'Alpha', 'Anchors hold the boat in the bay.');
    // The page's listing of the documents is held until the test has looked at the page.
    const page = await tab.open(await signedInStorage(portal.url, portal.emulator, pam.db));
    const { asked: listAsked, release } = await holdRequests(page, '**/functions/v1/documents', {
      which: (request) => (request.postDataJSON() as { action?: string } | null)?.action === 'list',
    });
    await page.goto(`${portal.url}/search/documents`);
    await listAsked;
    await page.locator('.pui-table-container[aria-busy="true"]').waitFor(WAIT);
    await expect(page.getByText('No documents yet').count()).resolves.toBe(0);
    release();
    await page.getByRole('link', { name: 'Alpha' }).waitFor(WAIT);
  });

  it('keeps each re-index busy until its own end, and re-index all waits for them', async () => {
    const ora = await newPerson('ora');
    await addDocument(ora, 'Alpha', 'Anchors hold the boat in the bay.');
    await addDocument(ora, 'Beta', 'Buoys mark the channel at night.');
    const page = await signedInPage(ora, '/search/documents');
    await page.getByRole('link', { name: 'Beta' }).waitFor(WAIT);
    // Each re-index's request is held until the test lets it through, in the order asked.
    const held: (() => void)[] = [];
    await page.route('**/functions/v1/documents', async (route) => {
      const body = route.request().postDataJSON() as { action?: string } | null;
      if (body?.action === 'reindex') await new Promise<void>((resolve) => held.push(resolve));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Re-index Alpha' }).click();
    await page.getByRole('button', { name: 'Re-index Beta' }).click();
    await waitUntil('both re-index requests sent', () => held.length === 2);
    held[0]!();
    await page.getByText('Re-indexed 1 document.').first().waitFor(WAIT);
    // Alpha's end (and the list it reads again) leaves Beta's re-index shown as running.
    const beta = page.getByRole('button', { name: 'Re-index Beta' });
    await beta.waitFor(WAIT);
    await expect(beta.getAttribute('aria-busy')).resolves.toBe('true');
    await expect(page.getByRole('button', { name: 'Re-index all' }).isDisabled()).resolves.toBe(
      true,
    );
    held[1]!();
    await waitUntil(
      'Beta’s re-index over',
      async () => (await beta.getAttribute('aria-busy')) === null,
      { state: () => pageState(page) },
    );
    await expect(page.getByRole('button', { name: 'Re-index all' }).isDisabled()).resolves.toBe(
      false,
    );
  });
});

describe('the search remote: files picked from storage one after another', () => {
  it('keeps a file’s Add busy until that file is read, whatever else ends first', async () => {
    const rex = await newPerson('rex');
    for (const [name, text] of [
      ['alpha.txt', 'Anchors hold the boat in the bay.'],
      ['beta.txt', 'Buoys mark the channel at night.'],
    ] as const) {
      const stored = await rex.db.storage
        .from('files')
        .upload(`${rex.id}/${name}`, Buffer.from(text), { contentType: 'text/plain' });
      if (stored.error) throw stored.error;
    }
    const page = await signedInPage(rex, '/search/add');
    await page.getByRole('button', { name: 'Add beta.txt' }).waitFor(WAIT);
    // Each download is held until the test lets it through, in the order asked.
    const held: (() => void)[] = [];
    await page.route(`**/storage/v1/object/files/${rex.id}/*.txt`, async (route) => {
      await new Promise<void>((resolve) => held.push(resolve));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Add alpha.txt' }).click();
    await page.getByRole('button', { name: 'Add beta.txt' }).click();
    await waitUntil('both downloads asked for', () => held.length === 2);
    held[0]!();
    await job(page, 'alpha').waitFor(WAIT);
    // Read at once: alpha's end comes with its document's entry; beta is still being read.
    await expect(
      page.getByRole('button', { name: 'Add beta.txt' }).getAttribute('aria-busy'),
    ).resolves.toBe('true');
    held[1]!();
    await job(page, 'beta').and(page.locator('[data-stage="ready"]')).waitFor(WAIT);
    await expect(
      page.getByRole('button', { name: 'Add beta.txt' }).getAttribute('aria-busy'),
    ).resolves.toBeNull();
  });
});

describe('the search remote when storing vectors fails', () => {
  const INDEX = 'passages-gte-small';
  const vectors = () => portal.emulator.admin().storage.vectors.from('portal-search');

  async function recreateIndex(dimension: number): Promise<void> {
    // The bucket and index are absent when no earlier test stored a vector ("exists" is fine).
    await portal.emulator.admin().storage.vectors.createBucket('portal-search');
    await vectors().deleteIndex(INDEX);
    const made = await vectors().createIndex({
      indexName: INDEX,
      dataType: 'float32',
      dimension,
      distanceMetric: 'cosine',
      metadataConfiguration: { nonFilterableMetadataKeys: ['text', 'heading', 'title'] },
    });
    if (made.error) throw made.error;
  }

  afterAll(async () => {
    await recreateIndex(384);
  });

  it('says the store step failed and leaves no document, passages or vectors', async () => {
    const ola = await newPerson('ola');
    // Made again for 3-number vectors, the index refuses every 384-number passage vector, after
    // the document's rows were written.
    await recreateIndex(3);
    const page = await signedInPage(ola, '/search/add');
    await page.locator('input[name="title"]').fill('Never stored');
    await page.locator('textarea[name="text"]').fill('Anchors hold the boat.\n\nRopes tie it fast.');
    await page.getByRole('button', { name: 'Add text' }).click();
    const failed = job(page, 'Never stored').and(page.locator('[data-stage="failed"]'));
    await failed.waitFor(WAIT);
    await expect(failed.getAttribute('data-failed-step')).resolves.toBe('store');
    await expect(failed.getByRole('alert').textContent()).resolves.toMatch(
      /^Nothing was indexed.*Saving the passages failed: storing vectors/,
    );
    await expect(failed.textContent()).resolves.toMatch(/Never stored: not indexed: saving the passages failed/);

    expect(await listed(ola)).toEqual([]);
    const admin = portal.emulator.admin();
    const rows = await admin.from('search_documents').select('id').eq('owner_id', ola.id);
    expect(rows.data).toEqual([]);
    const passages = await admin.from('search_passages').select('content').eq('owner_id', ola.id);
    expect(passages.data).toEqual([]);
  });
});
