// The portal with its registry in a Supabase project, in Chromium, as teams deliver to it: a
// platform owner sets up the environment and two teams; each team's CI runs `portal-deploy
// publish` and `promote` with its own credential alone (no service key). The shell, untouched,
// reads the registry from the project's deploy-registry function (config.json) and the releases
// from the environment's public bucket. A release promoted while the portal is open is announced
// and loads on the next visit, an unchanged registry costs a 304; one team's attempt to publish a
// bundle under the other's remote, or to promote it, is refused and the other's release stays.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { CONTRACT_VERSION } from '@portal/platform/node';
import { recordShellContract } from '../deploy/src/publish.js';
import { projectTarget } from '../deploy/src/targets/project-target.js';
import { addRemote, addTeam } from '../deploy/src/team-admin.js';
import { scaffoldRemote } from '../deploy/src/new-remote.js';
import { launchBrowser, problems, type Browser, type TestPage } from './browser.js';
import { REPO, buildAppsInto, startTestPortal, type TestPortal } from './portal-harness.js';
import { axeViolations } from './support/accessibility.js';
import { ciEnv, firstPlatformOwner, teamToken } from './support/deploy-backend.js';
import { newPerson, signedInClient, signedInStorage } from './support/people.js';
import { pagePerTest, pageState } from './support/page-per-test.js';
import { STEP_MS, waitUntil } from './support/waits.js';

jest.setTimeout(240_000);

const run = promisify(execFile);
const CLI = path.join(REPO, 'deploy', 'bin', 'portal-deploy.js');
const NAME = 'greeter';
const OTHER = 'notes';
const ENVIRONMENT = 'portal-remotes';
const V1_TEXT = 'Hello.';
const V2_TEXT = 'Hello from the project’s version two.';
const NOTES_TEXT = 'Notes, by the notes team.';

let portal: TestPortal;
let browser: Browser;
let workdir: string;
let builds: { v1: string; v2: string; notes: string; hijack: string };
let versions: { v1: string; v2: string; notes: string };
let registryUrl: string;
/** Each team's CI environment: the project, its public key, the team's credential. */
let teams: { greeters: NodeJS.ProcessEnv; notes: NodeJS.ProcessEnv };
// A script refused by the page's CSP, a CORS refusal or a wrong content type is a console error.
// The one warning expected: the federation runtime's note when the shell re-registers the greeter
// at its new release (shell/src/lifecycle/remote-releases.ts registers it with force).
const tab = pagePerTest(() => browser, {
  unexpectedConsole: (entries) => problems(entries).filter((entry) => !(entry.type === 'warning' && entry.text.includes(`The remote "${NAME}" is already registered`))),
});

const rel = (dir: string) => path.relative(REPO, dir);

/** `portal-deploy <args> --bucket <ENVIRONMENT>` as a team's CI runs it: project URL, public key and its token. */
async function deploy(team: NodeJS.ProcessEnv, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args, '--bucket', ENVIRONMENT], { cwd: REPO, env: { ...process.env, NODE_NO_WARNINGS: '1', ...team } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

async function deployOk(team: NodeJS.ProcessEnv, ...args: string[]): Promise<string> {
  const result = await deploy(team, ...args);
  if (result.code !== 0) throw new Error(`portal-deploy ${args.join(' ')} failed (${result.code}): ${result.stderr}`);
  return result.stdout;
}

const publishedVersion = (name: string, stdout: string) => {
  const found = new RegExp(`${name}@(\\S+?\\+[0-9a-f]{8})`).exec(stdout);
  if (!found) throw new Error(`no ${name}@<version> in: ${stdout}`);
  return found[1]!;
};

/** A copy of the scaffold `made` with its page's text and package version changed. */
function variant(made: string, into: string, from: string, to: string, version: string): string {
  cpSync(made, into, { recursive: true });
  const page = path.join(into, 'src', `${path.basename(made).replace(/^./, (c) => c.toUpperCase())}App.tsx`);
  writeFileSync(page, readFileSync(page, 'utf8').replace(`'${from}'`, `'${to}'`));
  const packageFile = path.join(into, 'package.json');
  writeFileSync(packageFile, JSON.stringify({ ...(JSON.parse(readFileSync(packageFile, 'utf8')) as Record<string, unknown>), version }, null, 2));
  return into;
}

beforeAll(async () => {
  mkdirSync(path.join(REPO, '.tmp'), { recursive: true });
  workdir = mkdtempSync(path.join(REPO, '.tmp', 'registry-in-project-'));
  // The greeters' scaffold (v1) and its next version (v2); the notes team's own remote.
  const greeter = scaffoldRemote({ name: NAME, route: `/${NAME}`, root: path.join(workdir, 'v1'), auth: 'none' }).dir;
  const v2Dir = variant(greeter, path.join(workdir, 'v2', 'remotes', NAME), V1_TEXT, V2_TEXT, '0.2.0');
  const notesMade = scaffoldRemote({ name: OTHER, route: `/${OTHER}`, root: path.join(workdir, 'notes'), auth: 'none' }).dir;
  const notesDir = path.join(workdir, 'notes-text', 'remotes', OTHER);
  variant(notesMade, notesDir, V1_TEXT, NOTES_TEXT, '0.1.0');
  const out = path.join(workdir, 'build');
  [portal] = await Promise.all([startTestPortal(), buildAppsInto(out, [rel(greeter), rel(v2Dir), rel(notesDir)])]);
  builds = { v1: path.join(out, rel(greeter)), v2: path.join(out, rel(v2Dir)), notes: path.join(out, rel(notesDir)), hijack: path.join(workdir, 'hijack') };
  // The greeters' v2 build, labelled as the notes remote: what a team would ship to take over another's route.
  cpSync(builds.v2, builds.hijack, { recursive: true });
  const meta = path.join(builds.hijack, 'remote.json');
  writeFileSync(meta, JSON.stringify({ ...(JSON.parse(readFileSync(meta, 'utf8')) as Record<string, unknown>), name: OTHER, route: `/${OTHER}` }));

  // The platform owner: the environment, two teams, each remote given to its team with its route.
  const { emulator } = portal;
  const owner = await firstPlatformOwner(emulator);
  await recordShellContract(projectTarget(owner.connection, ENVIRONMENT), CONTRACT_VERSION);
  await addTeam(owner.connection, 'greeters');
  await addTeam(owner.connection, 'notes-team');
  await addRemote(owner.connection, NAME, 'greeters', `/${NAME}`);
  await addRemote(owner.connection, OTHER, 'notes-team', `/${OTHER}`);
  teams = {
    greeters: ciEnv(emulator, await teamToken(owner.connection, 'greeters', 'ci')),
    notes: ciEnv(emulator, await teamToken(owner.connection, 'notes-team', 'ci')),
  };

  // Each team's CI with its own credential.
  versions = {
    v1: publishedVersion(NAME, await deployOk(teams.greeters, 'publish', NAME, '--dist', builds.v1)),
    v2: publishedVersion(NAME, await deployOk(teams.greeters, 'publish', NAME, '--dist', builds.v2)),
    notes: publishedVersion(OTHER, await deployOk(teams.notes, 'publish', OTHER, '--dist', builds.notes, '--promote')),
  };
  await deployOk(teams.greeters, 'promote', `${NAME}@${versions.v1}`);

  registryUrl = `${emulator.apiUrl}/functions/v1/deploy-registry/${ENVIRONMENT}`;
  // The shell, untouched, reads the project's registry; remotes may come from the project's origin only.
  const configFile = portal.portal.env.configFile;
  writeFileSync(
    configFile,
    JSON.stringify(
      {
        ...(JSON.parse(readFileSync(configFile, 'utf8')) as Record<string, unknown>),
        registryUrl,
        registryCheckSeconds: 1,
        allowedOrigins: [new URL(emulator.apiUrl).origin],
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

const greeting = (page: TestPage, name = NAME) => page.getByTestId(`${name}-greeting`);

async function greetingIs(page: TestPage, text: string, name = NAME): Promise<void> {
  await waitUntil(`the ${name} remote saying "${text}"`, async () => (await greeting(page, name).textContent().catch(() => null)) === text, { state: () => pageState(page) });
}

describe('a portal whose registry is kept by a Supabase project, delivered to by two teams', () => {
  it('shows the project’s remotes in the navigation and mounts them from the environment’s bucket', async () => {
    const page = await tab.open();
    await page.goto(portal.url);
    await page.getByRole('link', { name: 'Greeter', exact: true }).click();
    await greetingIs(page, V1_TEXT);
    const requested = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
    const release = `${portal.emulator.apiUrl}/storage/v1/object/public/${ENVIRONMENT}/remotes/${NAME}/${encodeURIComponent(versions.v1)}/`;
    expect(requested).toEqual(expect.arrayContaining([registryUrl, `${release}remoteEntry.js`]));
    // The registry says where the release's files are: its manifest is not read first.
    expect(requested).not.toContain(`${release}mf-manifest.json`);
  });

  it('announces a release a team promoted and loads it on the next visit, without reloading the shell; an unchanged registry costs a 304', async () => {
    const page = await tab.open();
    const registryAnswers: number[] = [];
    page.on('response', (response) => {
      if (response.url() === registryUrl) registryAnswers.push(response.status());
    });
    await page.goto(`${portal.url}/${NAME}`);
    await greetingIs(page, V1_TEXT);
    await page.evaluate(() => ((window as { __sameShell?: boolean }).__sameShell = true));
    await waitUntil('a revalidation of the unchanged registry', () => registryAnswers.includes(304), { state: () => `answers: ${registryAnswers.join(', ')}` });

    await deployOk(teams.greeters, 'promote', `${NAME}@${versions.v2}`);
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

  it("refuses one team's bundle published under the other's remote, and its promote of the other's release; that remote keeps its own release", async () => {
    const refusedAs = /^DEPLOY-015 notes belongs to team notes-team: only its members, its credentials and the platform owners may publish or change it; credential ci of team greeters may not\./;
    const hijack = await deploy(teams.greeters, 'publish', OTHER, '--dist', builds.hijack, '--promote');
    expect({ code: hijack.code, error: hijack.stderr.trim().split('\n').at(-1) }).toEqual({ code: 1, error: expect.stringMatching(refusedAs) });
    const promote = await deploy(teams.greeters, 'promote', `${OTHER}@${versions.notes}`);
    expect({ code: promote.code, error: promote.stderr.trim().split('\n').at(-1) }).toEqual({ code: 1, error: expect.stringMatching(refusedAs) });

    const page = await tab.open();
    await page.goto(portal.url);
    await page.getByRole('link', { name: 'Notes', exact: true }).click();
    await greetingIs(page, NOTES_TEXT, OTHER);
    const registry = (await (await fetch(registryUrl)).json()) as { remotes: Record<string, { version: string }> };
    expect(registry.remotes[OTHER]!.version).toBe(versions.notes);
  });

  it('shows on the Status page who changed what, when and from which revision, to a signed-in person', async () => {
    const signedOut = await tab.open();
    await signedOut.goto(`${portal.url}/status`);
    await signedOut.getByText('Sign in to see who changed what in this environment.').waitFor();
    await signedOut.context().close();

    const person = await newPerson(portal.emulator, 'status-reader');
    const page = await tab.open(await signedInStorage(portal.url, portal.emulator, await signedInClient(portal.emulator, person)));
    await page.goto(`${portal.url}/status`);
    const trail = page.getByTestId('audit-trail');
    const row = (text: RegExp) => trail.getByRole('row').filter({ hasText: text });
    // The notes team's publish --promote made r1; the greeters' promote of v1 r2.
    const promoted = row(new RegExp(`added: live ${versions.v1.replace('+', '\\+')}`));
    await promoted.waitFor({ timeout: STEP_MS });
    const cells = await promoted.getByRole('cell').allInnerTexts();
    expect(cells.slice(1)).toEqual(['r2 from r1', 'credential ci of team greeters', `promote greeter: added: live ${versions.v1}`]);
    await expect(row(new RegExp(`notes@${versions.notes.replace('+', '\\+')} staged`)).getByRole('cell').nth(2).innerText()).resolves.toBe('credential ci of team notes-team');
    // Readable by a screen reader and a keyboard, and on a phone's width.
    await expect(axeViolations(page, '[data-testid="audit-trail"]')).resolves.toEqual([]);
    await page.setViewportSize({ width: 390, height: 800 });
    const box = await trail.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  });
});
