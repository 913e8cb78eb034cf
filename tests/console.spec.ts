// The emulator's console in Chromium: the live request log, and the RLS verdict of a REST write
// refused by row level security and of a read whose rows RLS partly hid. Real emulator, real
// requests through supabase-js, the console app built by the emulator itself on first use.
import type { SupabaseClient } from '@supabase/supabase-js';
import { SERVICE_ROLE_KEY, startTestEmulator, type TestEmulator } from '../emulator/test/harness.js';
import { launchBrowser, problems, type Browser, type TestPage } from './browser.js';
import { pagePerTest } from './support/page-per-test.js';
import { STEP_MS } from './support/waits.js';

jest.setTimeout(240_000);

const MIGRATION = `
create table public.notes (
  id bigint generated always as identity primary key,
  owner uuid not null,
  body text not null
);
alter table public.notes enable row level security;
create policy "owners read their notes" on public.notes for select to authenticated using (owner = auth.uid());
create policy "owners add their notes" on public.notes for insert to authenticated with check (owner = auth.uid());
grant select, insert on public.notes to authenticated;
`;

let emulator: TestEmulator;
let browser: Browser;
const person = { email: 'console-ana@example.com', password: 'console-password-1', id: '' };
let other = '';
let ana: SupabaseClient;

beforeAll(async () => {
  emulator = await startTestEmulator({ files: { 'migrations/20250101000000_notes.sql': MIGRATION } });
  const admin = emulator.admin();
  const created = await admin.auth.admin.createUser({ email: person.email, password: person.password, email_confirm: true });
  if (created.error) throw created.error;
  person.id = created.data.user.id;
  const sam = await admin.auth.admin.createUser({ email: 'console-sam@example.com', password: 'console-password-2', email_confirm: true });
  if (sam.error) throw sam.error;
  other = sam.data.user.id;
  const seeded = await admin.from('notes').insert([
    { owner: person.id, body: 'ana 1' },
    { owner: other, body: 'sam 1' },
    { owner: other, body: 'sam 2' },
    { owner: other, body: 'sam 3' },
  ]);
  if (seeded.error) throw seeded.error;
  ana = emulator.client();
  const signedIn = await ana.auth.signInWithPassword({ email: person.email, password: person.password });
  if (signedIn.error) throw signedIn.error;
  // The first visit builds the console (rspack, cached by source hash): done once, here.
  const index = await fetch(emulator.consoleUrl);
  if (!index.ok) throw new Error(`the console answered ${index.status}: ${await index.text()}`);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await emulator?.stop();
});

const tab = pagePerTest(() => browser, { unexpectedConsole: problems });

async function signIn(page: TestPage): Promise<void> {
  await page.goto(emulator.consoleUrl);
  await page.getByLabel('Service key').fill(SERVICE_ROLE_KEY);
  await page.getByRole('button', { name: 'Open the console' }).click();
  await page.getByRole('heading', { name: 'Requests' }).waitFor({ timeout: STEP_MS });
}

describe('the emulator console', () => {
  it('opens only with the service key, on a cookie the page cannot read', async () => {
    const refused = await fetch(`${emulator.consoleUrl}/api/requests`);
    expect(refused.status).toBe(401);
    const page = await tab.open();
    await page.goto(emulator.consoleUrl);
    await page.getByLabel('Service key').fill('not-the-key');
    await page.getByRole('button', { name: 'Open the console' }).click();
    await page.getByRole('alert').filter({ hasText: "not this emulator's service_role key" }).waitFor({ timeout: STEP_MS });
    // The browser logs the refused sign-in (401) on the console: expected here, and only here.
    const logged = page.console.findIndex((entry) => entry.url.endsWith('/api/session') && entry.text.includes('401'));
    expect(logged).toBeGreaterThanOrEqual(0);
    page.console.splice(logged, 1);
    await page.getByLabel('Service key').fill(SERVICE_ROLE_KEY);
    await page.getByRole('button', { name: 'Open the console' }).click();
    await page.getByRole('heading', { name: 'Requests' }).waitFor({ timeout: STEP_MS });
    const cookies = await tab.context.context.cookies(emulator.consoleUrl);
    expect(cookies).toEqual([expect.objectContaining({ name: 'portal_console_session', httpOnly: true, sameSite: 'Strict' })]);
    expect(await page.evaluate(() => document.cookie)).toBe('');
  });

  it('shows a write refused by RLS with the policies checked and the verdict', async () => {
    const refused = await ana.from('notes').insert({ owner: other, body: 'written for sam' });
    expect(refused.error?.code).toBe('42501');
    const page = await tab.open();
    await signIn(page);
    await page.getByLabel('Path, role or user contains').fill('/rest/v1/notes');
    await page.getByLabel('Status').selectOption('errors');
    await page.getByRole('button', { name: 'Open POST /rest/v1/notes' }).first().click();
    const verdict = page.getByRole('region', { name: 'RLS verdict' });
    await verdict.waitFor({ timeout: STEP_MS });
    await expect(verdict.locator('[data-verdict]').getAttribute('data-verdict')).resolves.toBe('refused-by-policy');
    expect(await verdict.innerText()).toContain('1 policy was checked for INSERT on public.notes as authenticated and none allowed the row');
    const policy = verdict.locator('[data-policy="owners add their notes"]');
    expect(await policy.innerText()).toMatch(/with check\s*\(owner = auth\.uid\(\)\)/);
    expect(await verdict.locator('[data-policy="owners read their notes"]').count()).toBe(0);
    // The caller's token is masked; who it was is not.
    const detail = page.getByRole('region', { name: 'Request POST /rest/v1/notes' });
    expect(await detail.innerText()).toContain(person.email);
    expect(await detail.innerText()).toContain('Bearer <JWT masked>');
    const session = await ana.auth.getSession();
    expect(await detail.innerText()).not.toContain(session.data.session!.access_token);
  });

  it('counts the rows RLS hid from a read, on demand', async () => {
    const read = await ana.from('notes').select('id, body').order('id');
    expect(read.data).toEqual([{ id: expect.any(Number), body: 'ana 1' }]);
    const page = await tab.open();
    await signIn(page);
    await page.getByLabel('Service').selectOption('rest');
    await page.getByLabel('Path, role or user contains').fill('/rest/v1/notes');
    await page.getByRole('button', { name: 'Open GET /rest/v1/notes' }).first().click();
    const verdict = page.getByRole('region', { name: 'RLS verdict' });
    await verdict.waitFor({ timeout: STEP_MS });
    expect(await verdict.innerText()).toContain('owners read their notes');
    await verdict.getByRole('button', { name: 'Count rows hidden by RLS' }).click();
    const count = verdict.getByRole('status').filter({ hasText: 'hidden by RLS' });
    await count.waitFor({ timeout: STEP_MS });
    expect(await count.innerText()).toBe('3 of 4 rows hidden by RLS (1 visible to authenticated)');
  });

  it('follows new requests live', async () => {
    const page = await tab.open();
    await signIn(page);
    await page.getByLabel('Path, role or user contains').fill('live-marker');
    await page.getByText('No request matches the filters.').waitFor({ timeout: STEP_MS });
    await page.getByText('Live', { exact: true }).waitFor({ timeout: STEP_MS });
    await ana.from('notes').select('id').eq('body', 'live-marker');
    const row = page.getByRole('button', { name: 'Open GET /rest/v1/notes' });
    await row.waitFor({ timeout: STEP_MS });
    expect(await row.innerText()).toBe('/rest/v1/notes?select=id&body=eq.live-marker');
    expect(await row.count()).toBe(1);
  });
});
