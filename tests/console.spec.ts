// The emulator's console in Chromium: the live request log, and the RLS verdict of a REST write
// refused by row level security and of a read whose rows RLS partly hid; writes only from the
// console's own page. Real emulator, real requests through supabase-js, the console app built by
// the emulator itself on first use.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
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

  it("masks the live credentials inside an answer's URLs: a generated magic link", async () => {
    const generated = await emulator.admin().auth.admin.generateLink({ type: 'magiclink', email: person.email });
    if (generated.error) throw generated.error;
    const { action_link: actionLink, hashed_token: hashedToken, email_otp: emailOtp } = generated.data.properties;
    const token = new URL(actionLink).searchParams.get('token')!;
    expect(token).toBeTruthy();
    const page = await tab.open();
    await signIn(page);
    await page.getByLabel('Path, role or user contains').fill('/auth/v1/admin/generate_link');
    await page.getByRole('button', { name: 'Open POST /auth/v1/admin/generate_link' }).first().click();
    const detail = page.getByRole('region', { name: 'Request POST /auth/v1/admin/generate_link' });
    await detail.getByText('Response body').waitFor({ timeout: STEP_MS });
    const shown = await detail.innerText();
    expect(shown).toContain('/auth/v1/verify?token=<masked>&type=magiclink');
    for (const secret of [token, hashedToken, emailOtp]) expect(shown).not.toContain(secret);
    // It was a live credential: the link still signs the person in.
    const verified = await fetch(actionLink, { redirect: 'manual' });
    expect(verified.status).toBe(303);
    expect(verified.headers.get('location')).toContain('access_token=');
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

/** A page of another app on this machine: same site as the console (127.0.0.1), another port. */
async function anotherLocalApp(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>Another app</title><p>Another app on this machine.</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

async function userExists(email: string): Promise<boolean> {
  const listed = await emulator.admin().auth.admin.listUsers({ perPage: 1000 });
  if (listed.error) throw listed.error;
  return listed.data.users.some((user) => user.email === email);
}

describe('the console takes writes only from its own page', () => {
  // The forged type the issue showed: it passed a substring check for application/json, and a
  // page may send it anywhere without a preflight (a CORS-safelisted text/plain).
  const FORGED_TYPE = 'text/plain; x=application/json';

  it('refuses a write that another local page sends with a forged JSON type, while an admin is signed in', async () => {
    const other = await anotherLocalApp();
    try {
      const page = await tab.open();
      await signIn(page);
      // The same browser, the admin's console session in its cookie jar, now on another app's
      // page: 127.0.0.1 on another port is the same site, so SameSite=Strict sends the cookie.
      await page.goto(other.url);
      const email = 'forged-from-another-page@example.com';
      // The answer is opaque to the page, but Chromium logs its status: refused, not created.
      const usersUrl = `${emulator.consoleUrl}/api/users`;
      const refusedLogged = page.waitForEvent('console', {
        predicate: (message) => message.location().url === usersUrl && message.text().includes('403'),
        timeout: STEP_MS,
      });
      refusedLogged.catch(() => undefined); // awaited below, unless an assertion fails first
      await page.evaluate(
        async ({ usersUrl, type, email }) => {
          await fetch(usersUrl, {
            method: 'POST',
            mode: 'no-cors',
            credentials: 'include',
            headers: { 'content-type': type },
            body: JSON.stringify({ email, password: 'forged-password-1', confirmed: true }),
          });
        },
        { usersUrl, type: FORGED_TYPE, email },
      );
      expect(await userExists(email)).toBe(false);
      await refusedLogged;
      // Expected here, and only here.
      page.console.splice(page.console.findIndex((entry) => entry.url === usersUrl && entry.text.includes('403')), 1);

      // The console's own page still creates users.
      await page.goto(emulator.consoleUrl);
      await page.getByRole('heading', { name: 'Requests' }).waitFor({ timeout: STEP_MS });
      const created = await page.evaluate(async () => {
        const response = await fetch('/api/users', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'made-by-the-console@example.com', password: 'console-password-3', confirmed: true }),
        });
        return response.status;
      });
      expect(created).toBe(201);
      expect(await userExists('made-by-the-console@example.com')).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('answers each write by its exact media type and by the page it came from (Origin, Sec-Fetch-Site)', async () => {
    const session = await fetch(`${emulator.consoleUrl}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: SERVICE_ROLE_KEY }),
    });
    expect(session.status).toBe(200);
    const cookie = (session.headers.get('set-cookie') ?? '').split(';')[0]!;
    const own = new URL(emulator.consoleUrl).origin;
    const create = async (name: string, headers: Record<string, string>) => {
      const email = `${name}@example.com`;
      const response = await fetch(`${emulator.consoleUrl}/api/users`, {
        method: 'POST',
        headers: { cookie, ...headers },
        body: JSON.stringify({ email, password: 'header-password-1', confirmed: true }),
      });
      return { status: response.status, message: ((await response.json()) as { message?: string }).message, created: await userExists(email) };
    };

    // What a browser sends for the attack above (no-cors fetch from another port).
    expect(await create('forged-type', { 'content-type': FORGED_TYPE, origin: own, 'sec-fetch-site': 'same-origin' })).toEqual({
      status: 415,
      message: 'Send application/json.',
      created: false,
    });
    expect(await create('forged-quoted-type', { 'content-type': 'text/plain; x="application/json"' })).toMatchObject({ status: 415, created: false });
    // Another origin: here the same port under another name, which is another origin too.
    const other = `http://localhost:${new URL(own).port}`;
    expect(await create('other-origin', { 'content-type': 'application/json', origin: other })).toEqual({
      status: 403,
      message: `The console takes changes only from its own page at ${own}, not from ${other}.`,
      created: false,
    });
    expect(await create('same-site', { 'content-type': 'application/json', origin: own, 'sec-fetch-site': 'same-site' })).toEqual({
      status: 403,
      message: 'The console takes changes only from its own page (Sec-Fetch-Site: same-site).',
      created: false,
    });
    // Sign-out everywhere and the session's own end are writes too.
    const signOut = await fetch(`${emulator.consoleUrl}/api/users/${person.id}/sign-out`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', 'sec-fetch-site': 'cross-site', origin: 'null' },
      body: '{}',
    });
    expect(signOut.status).toBe(403);
    expect((await ana.auth.refreshSession()).error).toBeNull();

    // The console's own page, and a client that is no page at all (no Origin, no Sec-Fetch-Site).
    expect(await create('own-page', { 'content-type': 'application/json; charset=utf-8', origin: own, 'sec-fetch-site': 'same-origin' })).toMatchObject({
      status: 201,
      created: true,
    });
    expect(await create('no-page', { 'content-type': 'application/json' })).toMatchObject({ status: 201, created: true });
  });
});
