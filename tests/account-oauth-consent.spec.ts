// The project as a third-party app's identity provider (the OAuth 2.1 server), in Chromium: the
// app sends the browser to /auth/v1/oauth/authorize, the person signs in on the account remote
// and sees the consent page (the app's name and what it asks for, as text), approves or denies,
// and lands on the app's redirect_uri — a small server on 127.0.0.1 the test runs — which the
// test then plays: it exchanges the code at /oauth/token and reads the user with the token.
// Revoking the app under Security → Connected apps stops its refresh token.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { launchBrowser, problems, type Browser } from './browser.js';
import { REPO, startTestPortal, type TestPortal } from './portal-harness.js';
import { answerTo, holdAnswers, nextFrames } from './support/hold-requests.js';
import { pagePerTest, pageState } from './support/page-per-test.js';
import { newPerson, type Person } from './support/people.js';

jest.setTimeout(180_000);

const APP_NAME = 'Reports <b>app</b>';

let portal: TestPortal;
let browser: Browser;
let siteUrl: string;
let app: Server;
let redirectUri: string;
let client: { client_id: string; client_secret: string };

beforeAll(async () => {
  // The third-party app's callback: it only has to answer so the browser can land on it.
  app = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
    response.end('Back in the app.');
  });
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  redirectUri = `http://127.0.0.1:${(app.address() as { port: number }).port}/callback`;

  // The consent page is site_url + authorization_url_path: the harness points site_url at the shell.
  const config = readFileSync(path.join(REPO, 'supabase', 'config.toml'), 'utf8');
  if (!/^\[auth\.oauth_server\]\nenabled = true$/m.test(config)) throw new Error('supabase/config.toml does not enable [auth.oauth_server]');
  portal = await startTestPortal();
  siteUrl = portal.url;
  browser = await launchBrowser();

  const made = await portal.emulator.admin().auth.admin.oauth.createClient({ client_name: APP_NAME, redirect_uris: [redirectUri] });
  if (made.error) throw made.error;
  client = { client_id: made.data!.client_id, client_secret: made.data!.client_secret! };
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await new Promise((resolve) => (app ? app.close(resolve) : resolve(undefined)));
});

const tab = pagePerTest(() => browser, {
  unexpectedConsole: (entries) => problems(entries).filter((e) => !/status of (400|401|403|404|422)/.test(e.text)),
});

function newPkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

function authorizeUrl(challenge: string, state: string): string {
  const url = new URL(`${portal.emulator.apiUrl}/auth/v1/oauth/authorize`);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: client.client_id,
    redirect_uri: redirectUri,
    scope: 'openid email',
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString();
  return url.toString();
}

async function token(form: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${portal.emulator.apiUrl}/auth/v1/oauth/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${client.client_id}:${client.client_secret}`).toString('base64')}`,
    },
    body: new URLSearchParams(form).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Opens the app's authorize link signed out, signs in on the way, and waits for the consent page. */
async function reachConsent(person: Person, state: string, challenge: string, start = authorizeUrl(challenge, state)) {
  const page = await tab.open();
  await page.goto(start);
  const form = page.locator('form[aria-label="Sign in"]');
  await form.waitFor().catch(async (error: Error) => {
    throw new Error(`${error.message}; ${await pageState(page)}; ${(await page.locator('body').innerText()).slice(0, 400)}`);
  });
  await form.locator('input[name="email"]').fill(person.email);
  await form.locator('input[name="password"]').fill(person.password);
  await form.locator('button[type="submit"]').click();
  await page.getByRole('heading', { name: 'Authorize an app' }).waitFor({ timeout: 30_000 }).catch(async (error: Error) => {
    throw new Error(`${error.message}; ${await pageState(page)}`);
  });
  expect(new URL(page.url()).pathname).toBe('/account/oauth/consent');
  return page;
}

/** Where the browser landed on the app's server. */
async function landedOnApp(page: Awaited<ReturnType<typeof reachConsent>>): Promise<URL> {
  await page.waitForURL((url) => url.href.startsWith(redirectUri), { timeout: 30_000 });
  await expect(page.locator('body').innerText()).resolves.toContain('Back in the app.');
  return new URL(page.url());
}

it('approving sends the browser back to the app with a code that buys the user\'s tokens', async () => {
  const person = await newPerson(portal.emulator, 'oauth-approve');
  const pkce = newPkce();
  const page = await reachConsent(person, 'state-approve', pkce.challenge);

  // The app's name is shown as the text it is, never as markup.
  await page.getByRole('heading', { name: `${APP_NAME} wants to access your account` }).waitFor();
  await expect(page.locator('b', { hasText: 'app' }).count()).resolves.toBe(0);
  await expect(page.getByTestId('consent-scopes').innerText()).resolves.toBe(
    'Confirm who you are (your account ID)\nSee your email address',
  );
  await expect(page.getByTestId('consent-redirect').innerText()).resolves.toBe(redirectUri);
  await page.getByTestId('remote-outlet').getByRole('button', { name: 'Approve', exact: true }).click();

  const landed = await landedOnApp(page);
  expect(landed.searchParams.get('state')).toBe('state-approve');
  const code = landed.searchParams.get('code')!;
  const exchanged = await token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: pkce.verifier });
  expect(exchanged.status).toBe(200);
  expect(exchanged.body.id_token).toEqual(expect.any(String));

  const user = await fetch(`${portal.emulator.apiUrl}/auth/v1/user`, {
    headers: { authorization: `Bearer ${String(exchanged.body.access_token)}` },
  });
  expect(user.status).toBe(200);
  expect(await user.json()).toMatchObject({ id: person.id, email: person.email });
});

it('denying sends the browser back to the app with error=access_denied', async () => {
  const person = await newPerson(portal.emulator, 'oauth-deny');
  const page = await reachConsent(person, 'state-deny', newPkce().challenge);
  await page.getByTestId('remote-outlet').getByRole('button', { name: 'Deny', exact: true }).click();
  const landed = await landedOnApp(page);
  expect(Object.fromEntries(landed.searchParams)).toEqual({
    error: 'access_denied',
    error_description: 'User denied the request',
    state: 'state-deny',
  });
});

it('revoking the app under Connected apps stops its refresh token', async () => {
  const person = await newPerson(portal.emulator, 'oauth-revoke');
  const pkce = newPkce();
  const page = await reachConsent(person, 'state-revoke', pkce.challenge);
  await page.getByTestId('remote-outlet').getByRole('button', { name: 'Approve', exact: true }).click();
  const code = (await landedOnApp(page)).searchParams.get('code')!;
  const exchanged = await token({ grant_type: 'authorization_code', code, code_verifier: pkce.verifier });
  expect(exchanged.status).toBe(200);

  await page.goto(`${siteUrl}/account/security`);
  const apps = page.getByTestId('connected-apps');
  const row = apps.locator(`[data-client-id="${client.client_id}"]`);
  await row.getByText(APP_NAME, { exact: true }).waitFor();
  await row.getByRole('button', { name: 'Revoke', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke', exact: true }).click();
  await page.getByText('No app uses your account.').waitFor().catch(async (error: Error) => {
    throw new Error(`${error.message}; ${await pageState(page)}`);
  });

  expect(await token({ grant_type: 'refresh_token', refresh_token: String(exchanged.body.refresh_token) })).toEqual({
    status: 400,
    body: { error: 'invalid_grant', error_description: 'Invalid Refresh Token: Refresh Token Not Found' },
  });
});

it('says an app\'s access was revoked only once Connected apps no longer lists it', async () => {
  const person = await newPerson(portal.emulator, 'oauth-revoke-toast');
  const page = await reachConsent(person, 'state-revoke-toast', newPkce().challenge);
  await page.getByTestId('remote-outlet').getByRole('button', { name: 'Approve', exact: true }).click();
  await landedOnApp(page);

  await page.goto(`${siteUrl}/account/security`);
  const row = page.getByTestId('connected-apps').locator(`[data-client-id="${client.client_id}"]`);
  await row.getByText(APP_NAME, { exact: true }).waitFor();
  await row.getByRole('button', { name: 'Revoke', exact: true }).click();
  // The list's read after the revoke reaches the page late: the toast waits for it.
  const grants = /\/auth\/v1\/user\/oauth\/grants$/;
  const reads = await holdAnswers(page, (url) => grants.test(url.pathname), { after: answerTo('DELETE', grants) });
  try {
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke', exact: true }).click();
    await reads.held;
    await nextFrames(page);
    await expect(page.getByText('Access revoked').count()).resolves.toBe(0);
    await expect(row.count()).resolves.toBe(1);
  } finally {
    await reads.release();
  }
  await page.getByText('Access revoked').waitFor().catch(async (error: Error) => {
    throw new Error(`${error.message}; ${await pageState(page)}`);
  });
  await expect(row.count()).resolves.toBe(0);
  await page.getByText('No app uses your account.').waitFor();
});

it('says in words that a request is gone instead of showing a consent form for it', async () => {
  const person = await newPerson(portal.emulator, 'oauth-gone');
  const page = await reachConsent(person, '', '', `${siteUrl}/account/oauth/consent?authorization_id=no-such-request`);
  await expect(page.getByRole('alert').innerText()).resolves.toContain(
    'authorization not found. The request expired, was already answered or belongs to someone else: start again from the app.',
  );
  await expect(page.getByTestId('remote-outlet').getByRole('button', { name: 'Approve', exact: true }).count()).resolves.toBe(0);
});
