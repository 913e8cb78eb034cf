// The search remote end to end: real Chromium, the portal served on separate origins, a real
// emulator with the portal's supabase/ folder. Dana (demo@example.com) adds a pasted text and a
// Markdown file, finds a passage by a paraphrase, opens it, narrows by source and deletes a
// document; Sam (sam@example.com) never sees any of it, in the page or through the functions.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { TestEmulator } from '../emulator/test/harness.js';
import type { LocalPortal } from '../deploy/src/index.js';
import { launchBrowser, problems, type Browser, type TestPage } from './browser.js';
import { startTestPortal, type TestPortal } from './portal-harness.js';
import { newPerson, signedInClient as personClient, signedInStorage } from './support/people.js';

jest.setTimeout(180_000);

const DANA = { email: 'demo@example.com', password: 'demo-password-1' };
const SAM = { email: 'sam@example.com', password: 'demo-password-2' };
const WAIT = { timeout: 30_000 };

const REFUNDS = [
  '# Refunds',
  'Refunds are paid back to the card you used within five working days.',
  '# Damaged parcels',
  'Invoice code ZX-4471 covers parcels damaged in transit.',
].join('\n\n');
const GARDEN_MD = [
  '# Garden care',
  '',
  'Tomatoes want full sun and water every morning.',
  '',
  '## Roses',
  '',
  'Prune the roses in late winter, before the buds open.',
].join('\n');

let emulator: TestEmulator;
let portal: LocalPortal;
let started: TestPortal | undefined;
let browser: Browser;
let danaDb: SupabaseClient;
let samDb: SupabaseClient;

async function signedInClient(credentials: {
  email: string;
  password: string;
}): Promise<SupabaseClient> {
  const client = emulator.client();
  const { error } = await client.auth.signInWithPassword(credentials);
  if (error) throw error;
  return client;
}

async function signedInPage(
  credentials: { email: string; password: string },
  next: string,
): Promise<TestPage> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${portal.shellUrl}/account/sign-in?next=${encodeURIComponent(next)}`);
  await page.locator('form[aria-label="Sign in"] input[name="email"]').fill(credentials.email);
  await page
    .locator('form[aria-label="Sign in"] input[name="password"]')
    .fill(credentials.password);
  await page.locator('form[aria-label="Sign in"] button[type="submit"]').click();
  await page.waitForURL(`**${next}`, WAIT);
  return page;
}

async function search(
  page: TestPage,
  query: string,
  options: { source?: string } = {},
): Promise<void> {
  await page.goto(`${portal.shellUrl}/search`);
  await page.locator('input[name="query"]').fill(query);
  if (options.source) await page.locator('select[name="source"]').selectOption(options.source);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.locator('.search-results, .search-no-results').first().waitFor(WAIT);
}

const resultTitles = (page: TestPage) =>
  page.$$eval('.search-result .search-result__open', (links) =>
    links.map((a) => a.textContent ?? ''),
  );

beforeAll(async () => {
  started = await startTestPortal({ remotes: ['search'] });
  ({ emulator, portal } = started);
  [danaDb, samDb, browser] = await Promise.all([
    signedInClient(DANA),
    signedInClient(SAM),
    launchBrowser(),
  ]);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await started?.stop();
});

describe('the search remote', () => {
  let dana: TestPage;

  it('adds a pasted text and a Markdown file, each through split → embed and store', async () => {
    dana = await signedInPage(DANA, '/search/add');
    await dana.locator('input[name="title"]').fill('Refund policy');
    await dana.locator('textarea[name="text"]').fill(REFUNDS);
    await dana.getByText('Will be split into 2 passages').waitFor(WAIT);
    await dana.getByRole('button', { name: 'Add text' }).click();
    await dana.locator('li[data-title="Refund policy"][data-stage="ready"]').waitFor(WAIT);

    await dana.locator('input[type="file"]').setInputFiles({
      name: 'garden.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from(GARDEN_MD),
    });
    await dana.locator('li[data-title="Garden care"][data-stage="ready"]').waitFor(WAIT);
    await expect(dana.locator('li[data-title="Garden care"]').textContent()).resolves.toMatch(
      /2 passages/,
    );

    const { data } = await danaDb.functions.invoke('documents', { body: { action: 'list' } });
    expect(
      data.documents
        .map((d: { title: string; source: string; status: string }) => [
          d.title,
          d.source,
          d.status,
        ])
        .sort(),
    ).toEqual([
      ['Garden care', 'markdown', 'ready'],
      ['Refund policy', 'paste', 'ready'],
    ]);
    await dana.getByRole('tab', { name: /Your documents \(2\)/ }).waitFor(WAIT);
  });

  it('finds a passage by a paraphrase, with its words marked, and opens the document at it', async () => {
    await search(dana, 'when is my money paid back to my card');
    const first = dana.locator('.search-result').first();
    await expect(first.locator('.search-result__open').textContent()).resolves.toBe(
      'Refund policy › Refunds',
    );
    await expect(first.locator('mark').allTextContents()).resolves.toEqual(
      expect.arrayContaining(['paid', 'back', 'card']),
    );
    await expect(first.locator('.search-result__match').textContent()).resolves.toMatch(
      /^(Strong|Good) match$/,
    );
    await first.locator('.search-result__open').click();
    await dana.waitForURL(/\/search\/doc\/[0-9a-f-]{36}\?passage=0$/, WAIT);
    const marked = dana.locator('.search-doc mark[data-current="true"]');
    await expect(marked.textContent()).resolves.toBe(
      '# Refunds\n\nRefunds are paid back to the card you used within five working days.',
    );
    // The rest of the document is there too, unmarked.
    await expect(dana.locator('.search-doc').textContent()).resolves.toContain(
      'Invoice code ZX-4471',
    );
    expect(problems(dana.console)).toEqual([]);
  });

  it('narrows results by source, finds exact codes by words, and finds more like a passage', async () => {
    await search(dana, 'roses refunds tomatoes');
    const both = await resultTitles(dana);
    expect(both.some((t) => t.startsWith('Refund policy'))).toBe(true);
    expect(both.some((t) => t.startsWith('Garden care'))).toBe(true);
    await search(dana, 'roses refunds tomatoes', { source: 'markdown' });
    const titles = await resultTitles(dana);
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.every((t) => t.startsWith('Garden care'))).toBe(true);

    await dana.locator('select[name="mode"]').selectOption('fulltext');
    await dana.locator('select[name="source"]').selectOption('');
    await dana.locator('input[name="query"]').fill('ZX-4471');
    await dana.getByRole('button', { name: 'Search', exact: true }).click();
    await dana.getByText(/^1 passage for “ZX-4471”/).waitFor(WAIT);
    await expect(dana.locator('.search-result mark').allTextContents()).resolves.toEqual([
      'ZX',
      '4471',
    ]);

    await dana.getByRole('button', { name: 'More like this passage' }).first().click();
    await dana.getByText(/passages like one in “Refund policy”/).waitFor(WAIT);

    await search(dana, 'quantum chromodynamics', { source: 'html' });
    await dana.getByText('Nothing found').waitFor(WAIT);
  });

  it('never shows Sam what Dana added, in the page or through the functions with any filter', async () => {
    const sam = await signedInPage(SAM, '/search');
    await sam.getByText('No documents yet').waitFor(WAIT);
    await search(sam, 'refunds paid back card ZX-4471 roses');
    await sam.getByText('Nothing found').waitFor(WAIT);
    const danaIds = (
      (await danaDb.functions.invoke('documents', { body: { action: 'list' } })).data.documents as {
        id: string;
      }[]
    ).map((d) => d.id);
    for (const mode of ['hybrid', 'vector', 'fulltext']) {
      const { data } = await samDb.functions.invoke('search-documents', {
        body: {
          action: 'query',
          query: 'refunds roses ZX-4471',
          mode,
          topK: 50,
          sources: ['paste', 'markdown'],
          from: '2000-01-01T00:00:00Z',
          owner: 'anyone',
        },
      });
      expect(data.results).toEqual([]);
    }
    for (const id of danaIds) {
      const opened = await samDb.functions.invoke('documents', { body: { action: 'get', id } });
      expect(opened.response?.status).toBe(404);
      const similar = await samDb.functions.invoke('search-documents', {
        body: { action: 'similar', documentId: id, passageIndex: 0 },
      });
      expect(similar.response?.status).toBe(404);
    }
    await sam.goto(`${portal.shellUrl}/search/doc/${danaIds[0]}?passage=0`);
    await sam.getByText('This document could not be opened').waitFor(WAIT);
    await sam.context().close();
  });

  it('deletes a document with its passages and its vectors', async () => {
    const { data } = await danaDb.functions.invoke('documents', { body: { action: 'list' } });
    const refunds = (data.documents as { id: string; title: string }[]).find(
      (d) => d.title === 'Refund policy',
    )!;
    const { data: user } = await danaDb.auth.getUser();
    const keys = [0, 1].map((i) => `${user.user!.id}/${refunds.id}/${i}`);
    const vectors = () =>
      emulator
        .admin()
        .storage.vectors.from('portal-search')
        .index('passages-gte-small')
        .getVectors({ keys });
    expect((await vectors()).data?.vectors).toHaveLength(2);

    await dana.goto(`${portal.shellUrl}/search/documents`);
    await dana.getByRole('button', { name: 'Delete Refund policy' }).click();
    await dana.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await dana.getByRole('tab', { name: /Your documents \(1\)/ }).waitFor(WAIT);

    expect((await vectors()).data?.vectors).toEqual([]);
    expect(
      (
        await emulator
          .admin()
          .from('search_passages')
          .select('content')
          .eq('document_id', refunds.id)
      ).data,
    ).toEqual([]);
    await search(dana, 'refunds paid back card');
    expect((await resultTitles(dana)).some((t) => t.startsWith('Refund policy'))).toBe(false);
  });
});

describe('the search remote in words (issue #39 item 7)', () => {
  it('counts one passage as one, says a range of one length as one number, and names no pipeline step', async () => {
    const person = await newPerson(emulator, 'search-words');
    const context = await browser.newContext({
      storageState: await signedInStorage(portal.shellUrl, emulator, await personClient(emulator, person)),
    });
    try {
      const page = await context.newPage();
      await page.goto(`${portal.shellUrl}/search/add`);
      const text = 'The lighthouse keeper logs every passing ship by name and hour.';
      await page.locator('input[name="title"]').fill('Lighthouse log');
      await page.locator('textarea[name="text"]').fill(text);
      // One passage: "1 passage of 63 characters", never "1 passages" nor "63–63 characters".
      const preview = page.getByText(/^Will be split into /);
      await preview.waitFor(WAIT);
      await expect(preview.textContent()).resolves.toBe(`Will be split into 1 passage of ${text.length} characters.`);
      await page.getByRole('button', { name: 'Add text' }).click();
      const job = page.locator('li[data-title="Lighthouse log"][data-stage="ready"]');
      await job.waitFor(WAIT);
      const shown = (await job.textContent()) ?? '';
      expect(shown).toContain(`1 passage of ${text.length} characters`);
      expect(shown).not.toMatch(/→|embed|1 passages|(\d+)–\1 /);

      await page.goto(`${portal.shellUrl}/search`);
      await page.locator('select[name="mode"]').selectOption('fulltext');
      await page.locator('input[name="query"]').fill('lighthouse');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByText(/^1 passage for “lighthouse”/).waitFor(WAIT);
      await page.locator('.search-result__open').first().click();
      await page.locator('.search-doc').waitFor(WAIT);
      await page.getByText(/^1 passage · added/).waitFor(WAIT);
    } finally {
      await context.close();
    }
  });
});

describe('the search remote while the backend is away', () => {
  it('says in words that the server does not answer, and searches again by itself once it does', async () => {
    const person = await newPerson(emulator, 'search-outage');
    const db = await personClient(emulator, person);
    const text = 'The lighthouse keeper lights the lamp at dusk and logs every passing ship.';
    const added = await db.functions.invoke('documents', {
      body: {
        action: 'add',
        title: 'Harbour notes',
        source: 'paste',
        body: text,
        passages: [{ heading: null, text, start: 0, end: text.length }],
      },
    });
    if (added.error) throw added.error;
    const context = await browser.newContext({
      storageState: await signedInStorage(portal.shellUrl, emulator, db),
    });
    try {
      const page = await context.newPage();
      await page.goto(`${portal.shellUrl}/search?q=lighthouse%20keeper`);
      const result = page.locator('.search-result').first();
      await result.waitFor(WAIT);

      await emulator.restart({
        whileStopped: async () => {
          await page.reload();
          const alert = page.getByRole('alert').filter({ hasText: 'The search failed' });
          await alert.waitFor(WAIT);
          const shown = await alert.textContent();
          expect(shown).toContain(
            'The server did not answer: it may be stopped, or the network is down. This page tries again by itself as soon as the server answers.',
          );
          expect(shown).not.toMatch(/TypeError|Failed to (fetch|send)/);
        },
      });

      // Back without pressing "Try again".
      await result.waitFor(WAIT);
      await expect(result.locator('.search-result__open').textContent()).resolves.toBe(
        'Harbour notes',
      );
      await expect(page.getByRole('alert').count()).resolves.toBe(0);
    } finally {
      await context.close();
    }
  });
});
