// The search remote when embedding fails, end to end: real Chromium, the portal served on
// separate origins, a real emulator whose functions embed with a model the runtime does not have
// (functions/.env EMBEDDING_MODEL=gte-large, the same setting a project would change), so every
// embedding fails as it would on a runtime without the model. The page names the failed step and
// nothing of the document is left behind: no rows, no passages, no vectors.
import type { TestEmulator } from '../emulator/test/harness.js';
import type { LocalPortal } from '../deploy/src/index.js';
import { launchBrowser, type Browser } from './browser.js';
import { startTestPortal, type TestPortal } from './portal-harness.js';

jest.setTimeout(180_000);

const DANA = { email: 'demo@example.com', password: 'demo-password-1' };
const WAIT = { timeout: 30_000 };

let emulator: TestEmulator;
let portal: LocalPortal;
let started: TestPortal | undefined;
let browser: Browser;

beforeAll(async () => {
  started = await startTestPortal({
    remotes: ['search'],
    emulator: { files: { 'functions/.env': 'EMBEDDING_MODEL=gte-large\n' } },
  });
  ({ emulator, portal } = started);
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await started?.stop();
});

it('says the embed step failed and leaves nothing indexed: no document, passages or vectors', async () => {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${portal.shellUrl}/account/sign-in?next=${encodeURIComponent('/search/add')}`);
  await page.locator('form[aria-label="Sign in"] input[name="email"]').fill(DANA.email);
  await page.locator('form[aria-label="Sign in"] input[name="password"]').fill(DANA.password);
  await page.locator('form[aria-label="Sign in"] button[type="submit"]').click();
  await page.waitForURL('**/search/add', WAIT);

  await page.locator('input[name="title"]').fill('Never indexed');
  await page
    .locator('textarea[name="text"]')
    .fill('# Refunds\n\nRefunds are paid within five days.\n\n# Parcels\n\nDamaged parcels.');
  await page.getByText('Will be split into 2 passages').waitFor(WAIT);
  await page.getByRole('button', { name: 'Add text' }).click();

  const job = page.locator('li[data-title="Never indexed"][data-stage="failed"]');
  await job.waitFor(WAIT);
  const alert = job.getByRole('alert');
  await expect(alert.textContent()).resolves.toMatch(/^Nothing was indexed/);
  await expect(alert.textContent()).resolves.toMatch(/Preparing the passages for search failed: embedding with gte-large/);
  await expect(job.textContent()).resolves.toMatch(/Never indexed: not indexed/);
  await page.getByRole('tab', { name: 'Your documents (0)' }).waitFor(WAIT);

  const admin = emulator.admin();
  expect((await admin.from('search_documents').select('id')).data).toEqual([]);
  expect((await admin.from('search_passages').select('content')).data).toEqual([]);
  const buckets = await admin.storage.vectors.listBuckets();
  const indexes = buckets.data?.vectorBuckets.some((b) => b.vectorBucketName === 'portal-search')
    ? ((await admin.storage.vectors.from('portal-search').listIndexes()).data?.indexes ?? [])
    : [];
  for (const index of indexes) {
    const listed = await admin.storage.vectors
      .from('portal-search')
      .index(index.indexName)
      .listVectors({});
    expect(listed.data?.vectors).toEqual([]);
  }
});
