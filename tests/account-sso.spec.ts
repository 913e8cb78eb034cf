// "Sign in with SSO" on the account remote, in Chromium: the project has [auth.saml] on and the
// emulator's test SAML identity provider registered for acme.test (through GoTrue's admin API,
// from its metadata URL). A typo and an unknown company are said in words; a work email of
// acme.test goes to the IdP's page, which posts the signed response to the ACS, and the person
// comes back to the portal signed in as an SSO user.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SERVICE_ROLE_KEY } from '../emulator/test/harness.js';
import { launchBrowser, problems, type Browser, type TestPage } from './browser.js';
import { REPO, startTestPortal, type TestPortal } from './portal-harness.js';
import { axeViolations } from './support/accessibility.js';
import { pagePerTest, withPageState } from './support/page-per-test.js';

jest.setTimeout(180_000);

let portal: TestPortal;
let browser: Browser;
let page: TestPage;
let providerId: string;

beforeAll(async () => {
  const configToml = `${readFileSync(path.join(REPO, 'supabase', 'config.toml'), 'utf8')}
[auth.saml]
enabled = true
`;
  portal = await startTestPortal({ emulator: { configToml } });
  const api = portal.emulator.apiUrl;
  const registered = await fetch(`${api}/auth/v1/admin/sso/providers`, {
    method: 'POST',
    headers: {
      apikey: SERVICE_ROLE_KEY,
      authorization: `Bearer ${SERVICE_ROLE_KEY}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      type: 'saml',
      metadata_url: `${api}/auth/v1/test-saml-idp/metadata`,
      domains: ['acme.test'],
      attribute_mapping: { keys: { name: { name: 'name' } } },
    }),
  });
  expect(registered.status).toBe(201);
  providerId = ((await registered.json()) as { id: string }).id;
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const tab = pagePerTest(() => browser, {
  // The unknown company's lookup is a 404 the page turns into words.
  unexpectedConsole: (entries) => problems(entries).filter((e) => !/status of 404/.test(e.text)),
});

it('signs in with the company’s SSO found by the email domain, after saying what is wrong with other entries', async () => {
  page = await tab.open();
  await page.goto(`${portal.url}/account/sign-in`);
  const form = page.locator('form[aria-label="Sign in with SSO"]');
  const entry = form.locator('input[name="sso-domain"]');
  const submit = form.getByRole('button', { name: 'Sign in with SSO' });

  await withPageState(page, entry.waitFor());
  await entry.fill('acme');
  await submit.click();
  await form.getByText('“acme” is not an email address or a domain').waitFor();

  await entry.fill('someone@nobody.test');
  await submit.click();
  await withPageState(page, form.getByText('Single sign-on is not set up for nobody.test.').waitFor());

  await entry.fill('ada@acme.test');
  await submit.click();
  await withPageState(page, page.waitForURL(/\/auth\/v1\/test-saml-idp\/sso\?SAMLRequest=/));
  // The emulator's stand-in for the company's sign-in page is a page for everyone too.
  expect(await axeViolations(page)).toEqual([]);
  await page.locator('input#email').fill('ada@acme.test');
  await page.locator('input#name').fill('Ada Lovelace');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  // The IdP's page posts the response to the ACS, which sends the browser back with a code.
  await withPageState(page, page.waitForURL((url) => url.origin === portal.url && !url.pathname.startsWith('/account/sign-in')));
  await page.goto(`${portal.url}/account`);
  await withPageState(page, page.getByText('ada@acme.test').first().waitFor());

  const { data } = await portal.emulator.admin().auth.admin.listUsers();
  const ada = data.users.find((user) => user.email === 'ada@acme.test');
  expect(ada?.app_metadata.provider).toBe(`sso:${providerId}`);
  expect(ada?.user_metadata.name).toBe('Ada Lovelace');
});
