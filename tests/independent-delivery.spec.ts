// Independent delivery, the shell's side, in Chromium against a portal served as separate teams
// would serve it: a remote made by `portal-deploy new-remote` builds, publishes and mounts; a
// manifest relative to the registry loads; a remote from an origin outside the environment's
// allow-list is refused while others work; a release promoted while the portal is open is
// announced and loads on the next visit without reloading the shell, and a rollback likewise;
// a dev override comes only from a deliberate act (a link opens the overrides panel, which asks;
// the status page's panel; the console), runs a dev server's build with a banner and one click to
// clear, runs a remote the registry does not know yet "in development", and is refused in words
// for the Supabase API's origin, a loopback port that is no dev server, and where the environment
// does not allow overrides.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { folderTarget, promoteRelease, readRegistry, rollbackRemote, stageRelease, startStaticServer, writeRegistry, type StaticServer } from '../deploy/src/index.js';
import { scaffoldRemote } from '../deploy/src/new-remote.js';
import { launchBrowser, type Browser, type TestPage } from './browser.js';
import { REPO, buildAppsInto, startTestPortal, type TestPortal } from './portal-harness.js';
import { axeViolations } from './support/accessibility.js';
import { pagePerTest, pageState } from './support/page-per-test.js';
import { STEP_MS, waitUntil } from './support/waits.js';

jest.setTimeout(240_000);

const NAME = 'greeter';
/** A remote built as before contract 1.4, when form controls and the table were one group. */
const LEGACY = 'legacy';
const NEWCOMER = 'newcomer';
const V1_TEXT = 'Hello.';
const V2_TEXT = 'Hello from version two.';
const ACTOR = 'delivery-test';

let portal: TestPortal;
let browser: Browser;
let workdir: string;
/** The two builds of the scaffolded remote (same package version, different code). */
let builds: { v1: string; v2: string; legacy: string; newcomer: string };
let versions: { v1: string; v2: string };
const servers: StaticServer[] = [];
const tab = pagePerTest(() => browser);

const rel = (dir: string) => path.relative(REPO, dir);
const target = () => folderTarget(portal.portal.env);

/** The environment's config.json with `change` applied (each test's page reads it at start). */
function configure(change: Record<string, unknown>): void {
  const file = portal.portal.env.configFile;
  writeFileSync(file, JSON.stringify({ ...(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>), ...change }, null, 2));
}

async function serve(root: string): Promise<StaticServer> {
  const server = await startStaticServer({ root, cors: true, versionedFolders: true });
  servers.push(server);
  return server;
}

beforeAll(async () => {
  mkdirSync(path.join(REPO, '.tmp'), { recursive: true });
  workdir = mkdtempSync(path.join(REPO, '.tmp', 'delivery-'));
  // The scaffold, untouched (v1), and a copy with its page changed (v2): what a team would ship next.
  const made = scaffoldRemote({ name: NAME, route: `/${NAME}`, root: path.join(workdir, 'v1'), auth: 'none' });
  const v2Dir = path.join(workdir, 'v2', 'remotes', NAME);
  cpSync(made.dir, v2Dir, { recursive: true });
  const page = path.join(v2Dir, 'src', 'GreeterApp.tsx');
  writeFileSync(page, readFileSync(page, 'utf8').replace(`'${V1_TEXT}'`, `'${V2_TEXT}'`));
  const legacy = scaffoldLegacyRemote();
  // A remote no registry knows yet: a team develops it against the portal before its first publish.
  const newcomer = scaffoldRemote({ name: NEWCOMER, route: `/${NEWCOMER}`, root: path.join(workdir, 'newcomer'), auth: 'none' }).dir;
  const out = path.join(workdir, 'build');
  [portal] = await Promise.all([startTestPortal(), buildAppsInto(out, [rel(made.dir), rel(v2Dir), rel(legacy), rel(newcomer)])]);
  builds = { v1: path.join(out, rel(made.dir)), v2: path.join(out, rel(v2Dir)), legacy: path.join(out, rel(legacy)), newcomer: path.join(out, rel(newcomer)) };

  const env = portal.portal.env;
  const greeterOrigin = await serve(env.remoteDir(NAME));
  const legacyOrigin = await serve(env.remoteDir(LEGACY));
  env.setOrigins({ [NAME]: greeterOrigin.url, [LEGACY]: legacyOrigin.url });
  const legacyRelease = await stageRelease(target(), { distDir: builds.legacy, actor: ACTOR, allowRebuild: true });
  await promoteRelease(target(), LEGACY, legacyRelease.version, ACTOR);
  const v1 = await stageRelease(target(), { distDir: builds.v1, actor: ACTOR, allowRebuild: true });
  await promoteRelease(target(), NAME, v1.version, ACTOR);
  const v2 = await stageRelease(target(), { distDir: builds.v2, actor: ACTOR, allowRebuild: true });
  versions = { v1: v1.version, v2: v2.version };

  // A mirror of the v1 release on the shell's own origin, named relative to the registry; and
  // the same release on an origin the environment does not allow.
  cpSync(env.releaseDir(NAME, v1.version), path.join(env.shellDir, 'mirror', v1.version), { recursive: true });
  const foreign = await serve(env.remoteDir(NAME));
  const registry = readRegistry(env);
  const greeter = registry.remotes[NAME]!;
  await writeRegistry(env, {
    ...registry,
    remotes: {
      ...registry.remotes,
      mirrored: { ...greeter, title: 'Mirrored', route: '/mirrored', manifest: `mirror/${encodeURIComponent(v1.version)}/mf-manifest.json` },
      foreign: { ...greeter, title: 'Foreign', route: '/foreign', manifest: `${foreign.url}/${encodeURIComponent(v1.version)}/mf-manifest.json` },
    },
  });
  configure({
    registryCheckSeconds: 1,
    devOverrides: true,
    allowedOrigins: [portal.url, ...Object.values(portal.portal.remoteUrls), greeterOrigin.url, legacyOrigin.url],
  });
  browser = await launchBrowser();
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all(servers.map((server) => server.close()));
  await portal?.stop();
  if (workdir) rmSync(workdir, { recursive: true, force: true });
});

/**
 * A remote as one built before platform contract 1.4 is: its form controls and its table come from
 * the one design-system group `@portal/ui/forms` (what `@portal/ui` named then), and its range
 * admits every 1.x shell.
 */
function scaffoldLegacyRemote(): string {
  const { dir } = scaffoldRemote({ name: LEGACY, route: `/${LEGACY}`, root: path.join(workdir, 'legacy'), auth: 'none' });
  for (const file of ['remote.json', path.join('src', 'meta.ts')]) {
    writeFileSync(path.join(dir, file), readFileSync(path.join(dir, file), 'utf8').replace(/\^1\.\d+\.0/, '^1.0.0'));
  }
  writeFileSync(
    path.join(dir, 'src', 'LegacyApp.tsx'),
    `import { Field, Table, TextInput } from '@portal/ui/forms';
import { useState, type ReactNode } from 'react';

export function LegacyApp(): ReactNode {
  const [name, setName] = useState('Ada');
  return (
    <div>
      <Field label="Name"><TextInput value={name} onChange={(event) => setName(event.target.value)} /></Field>
      <Table caption="People" columns={[{ key: 'name', header: 'Name' }]} rows={[{ id: '1', name }]} rowKey={(row) => row.id} />
    </div>
  );
}
`,
  );
  return dir;
}

const greeting = (page: TestPage) => page.getByTestId('greeter-greeting');

async function greetingIs(page: TestPage, text: string): Promise<void> {
  await waitUntil(`the greeter saying "${text}"`, async () => (await greeting(page).textContent().catch(() => null)) === text, { state: () => pageState(page) });
}

async function goHomeAndBack(page: TestPage): Promise<void> {
  await page.getByRole('link', { name: 'Home' }).click();
  await page.getByRole('heading', { name: 'Welcome to the portal' }).waitFor();
  await page.getByRole('link', { name: 'Greeter', exact: true }).click();
  await page.waitForURL(`**/${NAME}`);
}

describe('a remote made by new-remote', () => {
  it('appears in the navigation and mounts', async () => {
    const page = await tab.open();
    await page.goto(portal.url);
    await page.getByRole('link', { name: 'Greeter', exact: true }).click();
    await greetingIs(page, V1_TEXT);
  });
});

describe('a release built before the design system\'s groups were split (contract 1.4)', () => {
  it('renders its form controls and its table from the `forms` group the shell still provides', async () => {
    // Built as such a release is: the group consumed from the shell, no copy of its own.
    const manifest = JSON.parse(readFileSync(path.join(builds.legacy, 'mf-manifest.json'), 'utf8')) as { shared: Array<{ name: string; assets: { js: { sync: string[]; async: string[] } } }> };
    expect(manifest.shared.filter((shared) => shared.name.startsWith('@portal/ui/')).map(({ name, assets }) => ({ name, files: [...assets.js.sync, ...assets.js.async] }))).toEqual([{ name: '@portal/ui/forms', files: [] }]);
    const page = await tab.open();
    await page.goto(`${portal.url}/${LEGACY}`);
    const name = page.getByRole('textbox', { name: 'Name' });
    await name.waitFor();
    await name.fill('Grace Hopper');
    const table = page.getByRole('table', { name: 'People' });
    await waitUntil('the table showing the typed name', async () => ((await table.textContent().catch(() => '')) ?? '').includes('Grace Hopper'), { state: () => pageState(page) });
    // The same modules new releases get from form-controls and tables: one stylesheet part each.
    const parts = await page.evaluate(() => [...document.querySelectorAll('style[data-portal-ui]')].map((style) => style.getAttribute('data-part')));
    expect(parts.filter((part) => part === 'forms')).toHaveLength(1);
    expect(parts.filter((part) => part === 'table')).toHaveLength(1);
  });
});

describe('where releases may come from', () => {
  it('loads a release named relative to the registry (a mirror on the shell’s origin)', async () => {
    const page = await tab.open();
    await page.goto(`${portal.url}/mirrored`);
    await greetingIs(page, V1_TEXT);
    const requested = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
    expect(requested).toContain(`${portal.url}/mirror/${encodeURIComponent(versions.v1)}/remoteEntry.js`);
  });

  it('refuses a release on an origin outside the allow-list with its error card, naming the origin; other remotes work', async () => {
    const page = await tab.open();
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(request.url()));
    await page.goto(`${portal.url}/foreign`);
    const card = page.locator('[data-testid="remote-error"][data-remote="foreign"]');
    await card.waitFor({ timeout: STEP_MS });
    const foreignOrigin = new URL(readRegistry(portal.portal.env).remotes.foreign!.manifest).origin;
    await expect(card.textContent()).resolves.toMatch(new RegExp(`${foreignOrigin.replace(/[.:/]/g, '\\$&')} is not one of this environment's allowed origins`));
    await expect(card.textContent()).resolves.toMatch(/PORTAL-008/);
    // Refused before anything was asked of that origin.
    expect(fetched.filter((url) => url.startsWith(foreignOrigin))).toEqual([]);
    await page.getByRole('link', { name: 'Greeter', exact: true }).click();
    await greetingIs(page, V1_TEXT);
  });
});

describe('a new release while the portal is open', () => {
  it('is announced, loads on the next visit without reloading the shell, and a rollback likewise; an unchanged registry costs a 304', async () => {
    const page = await tab.open();
    const registryAnswers: number[] = [];
    page.on('response', (response) => {
      if (response.url() === `${portal.url}/registry.json`) registryAnswers.push(response.status());
    });
    await page.goto(`${portal.url}/${NAME}`);
    await greetingIs(page, V1_TEXT);
    await page.evaluate(() => ((window as { __sameShell?: boolean }).__sameShell = true));
    await waitUntil('a revalidation of the unchanged registry', () => registryAnswers.includes(304), { state: () => `answers: ${registryAnswers.join(', ')}` });

    await promoteRelease(target(), NAME, versions.v2, ACTOR);
    const notice = page.getByTestId(`update-notice-${NAME}`);
    await notice.waitFor({ timeout: STEP_MS });
    await expect(notice.textContent()).resolves.toMatch(/A new version of Greeter is available/);
    // Never under the person's hands: the open page keeps the release it had.
    await expect(greeting(page).textContent()).resolves.toBe(V1_TEXT);

    await goHomeAndBack(page);
    await greetingIs(page, V2_TEXT);
    await notice.waitFor({ state: 'detached', timeout: STEP_MS });
    await expect(page.evaluate(() => (window as { __sameShell?: boolean }).__sameShell)).resolves.toBe(true);

    await rollbackRemote(target(), NAME, ACTOR);
    await notice.waitFor({ timeout: STEP_MS });
    await expect(greeting(page).textContent()).resolves.toBe(V2_TEXT);
    await goHomeAndBack(page);
    await greetingIs(page, V1_TEXT);
    await expect(page.evaluate(() => (window as { __sameShell?: boolean }).__sameShell)).resolves.toBe(true);
  });
});

describe('dev overrides', () => {
  /** Every request the page makes to `origin`. */
  const requestsTo = (page: TestPage, origin: string) => {
    const seen: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).origin === origin) seen.push(request.url());
    });
    return seen;
  };
  const storedOverrides = (page: TestPage) => page.evaluate(() => localStorage.getItem('portal.devOverrides'));

  it('are never applied nor stored by a link: the panel asks, and once confirmed the dev server’s build runs, remembered until cleared', async () => {
    const local = await serve(builds.v2);
    configure({ devOrigins: [local.url] });
    const manifest = `${local.url}/mf-manifest.json`;
    const page = await tab.open();
    const fetched = requestsTo(page, local.url);
    await page.goto(`${portal.url}/${NAME}?override=${NAME}@${manifest}`);
    // The registry's release runs; the link's address is only asked about.
    await greetingIs(page, V1_TEXT);
    const asked = page.getByTestId('dev-override-asked');
    await asked.waitFor();
    await expect(asked.textContent()).resolves.toMatch(new RegExp(`A link asks to run code in this portal.*${NAME}.*${manifest.replace(/[.:/]/g, '\\$&')}.*Nothing has been loaded.*with your session`));
    // The panel's first words are what the link asks: focus is there for a screen reader.
    await expect(page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).resolves.toBe('dev-override-asked');
    await expect(page.getByLabel('Manifest URL', { exact: true }).inputValue()).resolves.toBe(manifest);
    await expect(page.getByLabel('Remote', { exact: true }).inputValue()).resolves.toBe(NAME);
    expect(new URL(page.url()).search).toBe('');
    await expect(storedOverrides(page)).resolves.toBeNull();
    expect(fetched).toEqual([]);
    await expect(page.getByTestId('dev-override-banner').count()).resolves.toBe(0);
    await expect(axeViolations(page, '#dev-overrides')).resolves.toEqual([]);

    await page.getByRole('button', { name: 'Run from this address' }).click();
    await greetingIs(page, V2_TEXT);
    const banner = page.getByTestId('dev-override-banner');
    await expect(banner.textContent()).resolves.toContain(manifest);
    await expect(page.getByTestId('dev-override-asked').count()).resolves.toBe(0);

    await page.reload();
    await greetingIs(page, V2_TEXT);
    await banner.waitFor();

    await page.getByRole('button', { name: 'Clear overrides' }).click();
    await greetingIs(page, V1_TEXT);
    await expect(banner.count()).resolves.toBe(0);
    await expect(storedOverrides(page)).resolves.toBeNull();
  });

  it('are set from the status page’s panel or the console, and stopped there', async () => {
    const local = await serve(builds.v2);
    configure({ devOrigins: [local.url] });
    const manifest = `${local.url}/mf-manifest.json`;
    const page = await tab.open();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${portal.url}/status`);
    const panel = page.getByTestId('dev-overrides-panel');
    await expect(panel.textContent()).resolves.toContain(local.url);
    // By keyboard alone: the remote, the address, then the button.
    await page.getByLabel('Remote', { exact: true }).selectOption(NAME);
    await page.getByLabel('Manifest URL', { exact: true }).focus();
    await page.keyboard.type(manifest);
    await page.keyboard.press('Enter');
    await page.getByRole('list', { name: 'Overrides in use' }).waitFor();
    await expect(storedOverrides(page)).resolves.toBe(JSON.stringify({ [NAME]: manifest }));
    await expect(axeViolations(page, '#dev-overrides')).resolves.toEqual([]);
    // The panel fits the phone's screen.
    const box = (await panel.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await expect(panel.evaluate((element) => element.scrollWidth <= element.clientWidth)).resolves.toBe(true);
    await page.getByRole('button', { name: `Stop running ${NAME} from ${manifest}` }).click();
    await page.getByText('No remote runs from a dev server in this browser.').waitFor();
    await expect(storedOverrides(page)).resolves.toBeNull();

    // The console: the same rules, the same store, applied from the next load.
    await page.goto(`${portal.url}/${NAME}`);
    await greetingIs(page, V1_TEXT);
    const said = await page.evaluate(([name, url]) => (window as unknown as { portalDevOverrides: { set(n: string, u: string): string } }).portalDevOverrides.set(name!, url!), [NAME, manifest]);
    expect(said).toMatch(/will run from .* with your session, from the next page load/);
    await page.reload();
    await greetingIs(page, V2_TEXT);
    await page.evaluate(() => (window as unknown as { portalDevOverrides: { clear(): string } }).portalDevOverrides.clear());
    await page.reload();
    await greetingIs(page, V1_TEXT);
  });

  it('are refused, in words, for the Supabase API’s origin (a storage signed URL, even when listed) and for a loopback port that is no dev server', async () => {
    const local = await serve(builds.v2);
    const unlisted = await serve(builds.v2);
    // An uploader's manifest in storage, pointing its public path at the dev server's files.
    const admin = portal.emulator.admin();
    const bucket = `uploads-${Date.now().toString(36)}`;
    expect((await admin.storage.createBucket(bucket)).error).toBeNull();
    const uploaded = readFileSync(path.join(builds.v2, 'mf-manifest.json'), 'utf8').replace(/"publicPath":\s*"auto"/, `"publicPath":"${local.url}/"`);
    expect(uploaded).toContain(`"publicPath":"${local.url}/"`);
    expect((await admin.storage.from(bucket).upload('mf-manifest.json', new Blob([uploaded], { type: 'application/json' }))).error).toBeNull();
    const { data: signed } = await admin.storage.from(bucket).createSignedUrl('mf-manifest.json', 600);
    const api = new URL(portal.emulator.apiUrl).origin;
    configure({ devOrigins: [local.url, api] });
    const page = await tab.open();
    const fromApi = requestsTo(page, api);
    const fromUnlisted = requestsTo(page, unlisted.url);

    await page.goto(`${portal.url}/${NAME}?override=${NAME}@${encodeURIComponent(signed!.signedUrl)}`);
    await greetingIs(page, V1_TEXT);
    const asked = page.getByTestId('dev-override-asked');
    await expect(asked.textContent()).resolves.toContain(`${api} is the Supabase API: what it serves (a stored file, a signed URL) is people's uploads, never a remote's code.`);
    await expect(asked.getByRole('alert').count()).resolves.toBe(1);
    // Confirming anyway refuses again, beside the address.
    await page.getByRole('button', { name: 'Run from this address' }).click();
    await expect(page.getByLabel('Manifest URL', { exact: true }).getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(storedOverrides(page)).resolves.toBeNull();
    const consoleRefusal = await page.evaluate((url) => {
      try {
        (window as unknown as { portalDevOverrides: { set(n: string, u: string): string } }).portalDevOverrides.set('greeter', url);
        return 'stored';
      } catch (error) {
        return (error as Error).message;
      }
    }, signed!.signedUrl);
    expect(consoleRefusal).toMatch(/is the Supabase API/);
    expect(fromApi.filter((url) => url.includes(`/storage/v1/object/sign/${bucket}/`))).toEqual([]);

    await page.goto(`${portal.url}/${NAME}?override=${NAME}@${unlisted.url}/mf-manifest.json`);
    await greetingIs(page, V1_TEXT);
    await expect(asked.textContent()).resolves.toContain(`${unlisted.url} is not one of this environment's dev servers (${local.url}, config.json devOrigins); an override runs only from those.`);
    await page.getByRole('button', { name: 'Do not run it' }).click();
    await expect(asked.count()).resolves.toBe(0);
    await expect(storedOverrides(page)).resolves.toBeNull();
    expect(fromUnlisted).toEqual([]);
  });

  it('run a remote the registry does not know yet from its dev server, on the route its remote.json names, marked in development', async () => {
    const local = await serve(builds.newcomer);
    configure({ devOrigins: [local.url] });
    const manifest = `${local.url}/mf-manifest.json`;
    const page = await tab.open();
    await page.goto(`${portal.url}/status`);
    // The registry's remotes are in the navigation, and the console's way in is on the page: both
    // come once the registry has been read (after the chrome's first render is committed).
    await page.getByRole('link', { name: 'Greeter', exact: true }).waitFor();
    await page.waitForFunction(() => 'portalDevOverrides' in window);
    await expect(page.getByRole('link', { name: /Newcomer/ }).count()).resolves.toBe(0);
    await page.evaluate(([name, url]) => (window as unknown as { portalDevOverrides: { set(n: string, u: string): string } }).portalDevOverrides.set(name!, url!), [NEWCOMER, manifest]);
    await page.reload();
    await page.getByRole('link', { name: 'Newcomer (in development)' }).click();
    await page.waitForURL(`**/${NEWCOMER}`);
    await waitUntil('the remote in development greeting', async () => (await page.getByTestId('newcomer-greeting').textContent().catch(() => null)) === 'Hello.', { state: () => pageState(page) });
    await expect(page.getByTestId('dev-override-banner').textContent()).resolves.toContain(manifest);
    // Nothing of it outlives the override: cleared, the registry's portal is back.
    await page.evaluate(() => (window as unknown as { portalDevOverrides: { clear(): string } }).portalDevOverrides.clear());
    await page.goto(`${portal.url}/status`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expect(page.getByRole('link', { name: /Newcomer/ }).count()).resolves.toBe(0);
  });

  it('are refused, with a message, where the environment does not allow them', async () => {
    const local = await serve(builds.v2);
    configure({ devOverrides: false, devOrigins: [local.url] });
    try {
      const page = await tab.open();
      await page.goto(`${portal.url}/${NAME}?override=${NAME}@${local.url}/mf-manifest.json`);
      const refused = page.getByTestId('dev-override-refused');
      await refused.waitFor({ timeout: STEP_MS });
      await expect(refused.textContent()).resolves.toMatch(/Dev overrides are not allowed in this environment/);
      await greetingIs(page, V1_TEXT);
      await expect(page.getByTestId('dev-override-banner').count()).resolves.toBe(0);
      await expect(page.getByTestId('dev-override-asked').count()).resolves.toBe(0);
      await expect(page.evaluate(() => 'portalDevOverrides' in window)).resolves.toBe(false);
    } finally {
      configure({ devOverrides: true });
    }
  });
});
