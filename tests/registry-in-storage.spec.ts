// The portal with its registry in a Supabase Storage bucket, in Chromium: a remote's team runs
// `portal-deploy init`, `publish` and `promote` against a public bucket of the emulator with
// only the service key; the shell, untouched, is pointed at the bucket's registry by its
// config.json. The remote from the bucket appears in the navigation and mounts; a release promoted
// into the bucket while the portal is open is announced and loads on the next visit; an unchanged
// registry costs a 304 (storage's ETag, read across origins); nothing is refused on the way
// (the page's CSP, CORS, content types).
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { SERVICE_ROLE_KEY } from '../emulator/test/harness.js';
import { storageTarget } from '../deploy/src/index.js';
import { scaffoldRemote } from '../deploy/src/new-remote.js';
import { launchBrowser, problems, type Browser, type TestPage } from './browser.js';
import { REPO, buildAppsInto, startTestPortal, type TestPortal } from './portal-harness.js';
import { pagePerTest, pageState } from './support/page-per-test.js';
import { STEP_MS, waitUntil } from './support/waits.js';

jest.setTimeout(240_000);

const run = promisify(execFile);
const CLI = path.join(REPO, 'deploy', 'bin', 'portal-deploy.js');
const NAME = 'greeter';
const BUCKET = 'portal-remotes';
const V1_TEXT = 'Hello.';
const V2_TEXT = 'Hello from the bucket’s version two.';

let portal: TestPortal;
let browser: Browser;
let workdir: string;
let builds: { v1: string; v2: string };
let versions: { v1: string; v2: string };
let registryUrl: string;
// A script refused by the page's CSP, a CORS refusal or a wrong content type is a console error.
// The one warning expected: the federation runtime's note when the shell re-registers the greeter
// at its new release (shell/src/remote-applications.ts registers it with force).
const tab = pagePerTest(() => browser, {
  unexpectedConsole: (entries) => problems(entries).filter((entry) => !(entry.type === 'warning' && entry.text.includes(`The remote "${NAME}" is already registered`))),
});

const rel = (dir: string) => path.relative(REPO, dir);

/** `portal-deploy <args> --bucket <BUCKET>` as a remote's team runs it: the project URL and the service key, nothing else. */
async function deploy(...args: string[]): Promise<string> {
  try {
    const { stdout } = await run(process.execPath, [CLI, ...args, '--bucket', BUCKET, '--actor', 'greeter-team'], {
      cwd: REPO,
      env: { ...process.env, NODE_NO_WARNINGS: '1', PORTAL_DEPLOY_PROJECT_URL: portal.emulator.apiUrl, PORTAL_DEPLOY_SERVICE_KEY: SERVICE_ROLE_KEY },
    });
    return stdout;
  } catch (error) {
    const failed = error as { code?: number; stderr?: string };
    throw new Error(`portal-deploy ${args.join(' ')} failed (${failed.code}): ${failed.stderr}`);
  }
}

const publishedVersion = (stdout: string) => {
  const found = new RegExp(`${NAME}@(\\S+?\\+[0-9a-f]{8})`).exec(stdout);
  if (!found) throw new Error(`no ${NAME}@<version> in: ${stdout}`);
  return found[1]!;
};

beforeAll(async () => {
  mkdirSync(path.join(REPO, '.tmp'), { recursive: true });
  workdir = mkdtempSync(path.join(REPO, '.tmp', 'registry-in-storage-'));
  // The scaffold (v1), and a copy with its page changed and its version raised (v2).
  const made = scaffoldRemote({ name: NAME, route: `/${NAME}`, root: path.join(workdir, 'v1'), auth: 'none' });
  const v2Dir = path.join(workdir, 'v2', 'remotes', NAME);
  cpSync(made.dir, v2Dir, { recursive: true });
  const page = path.join(v2Dir, 'src', 'GreeterApp.tsx');
  writeFileSync(page, readFileSync(page, 'utf8').replace(`'${V1_TEXT}'`, `'${V2_TEXT}'`));
  const packageFile = path.join(v2Dir, 'package.json');
  writeFileSync(packageFile, JSON.stringify({ ...(JSON.parse(readFileSync(packageFile, 'utf8')) as Record<string, unknown>), version: '0.2.0' }, null, 2));
  const out = path.join(workdir, 'build');
  [portal] = await Promise.all([startTestPortal(), buildAppsInto(out, [rel(made.dir), rel(v2Dir)])]);
  builds = { v1: path.join(out, rel(made.dir)), v2: path.join(out, rel(v2Dir)) };

  await deploy('init');
  versions = {
    v1: publishedVersion(await deploy('publish', NAME, '--dist', builds.v1)),
    v2: publishedVersion(await deploy('publish', NAME, '--dist', builds.v2)),
  };
  await deploy('promote', `${NAME}@${versions.v1}`);

  registryUrl = storageTarget({ projectUrl: portal.emulator.apiUrl, serviceKey: SERVICE_ROLE_KEY, bucket: BUCKET }).registryUrl()!;
  // The shell, untouched, reads the bucket's registry; remotes may come from the bucket's origin only.
  const configFile = portal.portal.env.configFile;
  writeFileSync(
    configFile,
    JSON.stringify(
      {
        ...(JSON.parse(readFileSync(configFile, 'utf8')) as Record<string, unknown>),
        registryUrl,
        registryCheckSeconds: 1,
        allowedOrigins: [new URL(portal.emulator.apiUrl).origin],
      },
      null,
      2,
    ),
  );
  browser = await launchBrowser();
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  if (workdir) rmSync(workdir, { recursive: true, force: true });
});

const greeting = (page: TestPage) => page.getByTestId('greeter-greeting');

async function greetingIs(page: TestPage, text: string): Promise<void> {
  await waitUntil(`the greeter saying "${text}"`, async () => (await greeting(page).textContent().catch(() => null)) === text, { state: () => pageState(page) });
}

describe('a portal whose registry is a Supabase Storage bucket', () => {
  it('shows the bucket’s remote in the navigation and mounts it from the bucket', async () => {
    const page = await tab.open();
    await page.goto(portal.url);
    await page.getByRole('link', { name: 'Greeter', exact: true }).click();
    await greetingIs(page, V1_TEXT);
    const requested = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
    const release = new URL(`remotes/${NAME}/${encodeURIComponent(versions.v1)}/`, registryUrl).href;
    expect(requested).toEqual(expect.arrayContaining([registryUrl, `${release}remoteEntry.js`]));
    // The registry says where the release's files are: its manifest is not read first.
    expect(requested).not.toContain(`${release}mf-manifest.json`);
  });

  it('announces a release promoted into the bucket and loads it on the next visit, without reloading the shell; an unchanged registry costs a 304', async () => {
    const page = await tab.open();
    const registryAnswers: number[] = [];
    page.on('response', (response) => {
      if (response.url() === registryUrl) registryAnswers.push(response.status());
    });
    await page.goto(`${portal.url}/${NAME}`);
    await greetingIs(page, V1_TEXT);
    await page.evaluate(() => ((window as { __sameShell?: boolean }).__sameShell = true));
    await waitUntil('a revalidation of the unchanged registry', () => registryAnswers.includes(304), { state: () => `answers: ${registryAnswers.join(', ')}` });

    await deploy('promote', `${NAME}@${versions.v2}`);
    const notice = page.getByTestId(`update-notice-${NAME}`);
    await notice.waitFor({ timeout: STEP_MS });
    await expect(notice.textContent()).resolves.toMatch(/A new version of Greeter is available/);
    await expect(greeting(page).textContent()).resolves.toBe(V1_TEXT);

    await page.getByRole('link', { name: 'Home' }).click();
    await page.getByRole('heading', { name: 'Welcome to the portal' }).waitFor();
    await page.getByRole('link', { name: 'Greeter', exact: true }).click();
    await page.waitForURL(`**/${NAME}`);
    await greetingIs(page, V2_TEXT);
    await notice.waitFor({ state: 'detached', timeout: STEP_MS });
    await expect(page.evaluate(() => (window as { __sameShell?: boolean }).__sameShell)).resolves.toBe(true);
  });
});
