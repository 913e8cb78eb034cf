// A team in another department, with only what the portal publishes (#38): the packages are
// released (`npm run release:packages`) to a throwaway npm registry (Verdaccio, on a free port of
// 127.0.0.1; every other package it fetches from the npm registry), and in a temporary folder
// outside the repository, with npm pointed at that registry alone, the team runs the commands of
// docs/building-a-remote.md: it makes its repository (`npm create @portal/remote notes`),
// installs, runs its own tests (types, unit, a build, and Chromium: the remote in the released
// shell with the emulator running the portal's project and the team's migration, a person writing
// a note under row level security), starts `npm run dev`, adds a migration, has one without row
// level security refused by the check, and releases into a folder environment. Then the portal's
// shared environment, as the platform's owners run it (this repository's shell on a project that
// keeps the registry, the team's migrations delivered to its database): the team's CI releases
// with the team's credential alone, and a person uses the remote there in Chromium (after its
// developer tried `npm run dev`'s build there through the developer override, before the first
// release). Four minutes on a quiet machine, ten under load, most of it the package release and
// npm; alone: npm run test:team-repository; PORTAL_TEAM_REPOSITORY_TEST=0 skips it.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CONTRACT_VERSION } from '@portal/platform/node';
import { recordShellContract } from '../deploy/src/publish.js';
import { projectTarget } from '../deploy/src/targets/project-target.js';
import { addRemote, addTeam } from '../deploy/src/team-admin.js';
import { ANON_KEY } from '../emulator/test/harness.js';
import { launchBrowser, problems } from './browser.js';
import { startTestPortal, type TestPortal } from './portal-harness.js';
import { firstPlatformOwner, teamToken } from './support/deploy-backend.js';
import { newPerson, signedInClient, signedInStorage } from './support/people.js';
import { awaitLine, sh, startTeamRegistry, type TeamRegistry } from './support/team-registry.js';

const REPO = path.resolve(__dirname, '..');
const GUIDE = readFileSync(path.join(REPO, 'docs', 'building-a-remote.md'), 'utf8');
const enabled = process.env.PORTAL_TEAM_REPOSITORY_TEST !== '0';

jest.setTimeout(600_000);

let work: string;
let team: string;
let registry: TeamRegistry | undefined;

/** Runs a command of the guide (it must be there, word for word) and expects it to succeed. */
async function guideCommand(command: string, cwd = team): Promise<string> {
  expect(GUIDE).toContain(command);
  const { code, output } = await sh(command, cwd, registry!.env);
  if (code !== 0) throw new Error(`${command} exited ${code}:\n${output.slice(-4000)}`);
  return output;
}

interface Dev {
  /** The local portal's address of the remote. */
  portal: string;
  /** The latest build's manifest, for a deployed portal's developer override. */
  devServer: string;
  stop(): Promise<void>;
}

/** `npm run dev` of the guide, on free ports, until it says where the portal and the dev server are. */
async function startDev(): Promise<Dev> {
  const command = 'npm run dev -- --port 0 --emulator-port 0 --mail-port 0 --dev-server-port 0';
  expect(GUIDE).toContain(command);
  const dev = spawn('sh', ['-c', command], { cwd: team, env: registry!.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  // The whole group: npm, the shell it runs the script in, portal-testing and the emulator.
  const stop = async () => {
    if (dev.exitCode !== null || dev.signalCode !== null) return;
    const exited = new Promise((resolve) => dev.once('exit', resolve));
    process.kill(-dev.pid!, 'SIGTERM');
    await exited;
  };
  try {
    let devServer: string | undefined;
    const portal = await awaitLine(
      dev,
      (line) => {
        devServer ??= /^Dev server: (\S+)/.exec(line)?.[1];
        return /^Portal: (\S+)/.exec(line)?.[1];
      },
      'npm run dev',
    );
    if (!devServer) throw new Error('npm run dev named no dev server before the portal');
    return { portal, devServer, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

beforeAll(async () => {
  if (!enabled) return;
  // Outside the repository: nothing there resolves to the workspace's packages or node_modules.
  work = mkdtempSync(path.join(tmpdir(), 'portal-team-'));
  team = path.join(work, 'notes');
  registry = await startTeamRegistry(work, REPO);
});

afterAll(async () => {
  await registry?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

(enabled ? describe : describe.skip)('a team repository made from the published packages alone', () => {
  it('is made by npm create from the registry, installs from the registry and passes its own unit and Chromium tests', async () => {
    await guideCommand('npm create @portal/remote notes', work);
    await guideCommand('npm install');
    // Every @portal package came from the throwaway registry, at the version just released.
    const lock = JSON.parse(readFileSync(path.join(team, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version: string; integrity: string }> };
    const portalPackages = Object.entries(lock.packages).filter(([key]) => /^node_modules\/@portal\/[^/]+$/.test(key));
    expect(portalPackages.map(([key]) => key.slice('node_modules/'.length)).sort()).toEqual(['@portal/compiled-entry', '@portal/deploy', '@portal/emulator', '@portal/function-catalogue', '@portal/platform', '@portal/testing', '@portal/ui']);
    for (const [key, { version, integrity }] of portalPackages) {
      // The very tarball the release published into this registry's storage.
      const stored = JSON.parse(readFileSync(path.join(work, 'registry', key.slice('node_modules/'.length), 'package.json'), 'utf8')) as { versions: Record<string, { dist: { integrity: string } }> };
      expect({ key, integrity }).toEqual({ key, integrity: stored.versions[version]?.dist.integrity });
    }

    const tested = await guideCommand('npm test');
    expect(tested).toMatch(/✔ the metadata matches remote.json/);
    expect(tested).toMatch(/✔ a person keeps notes on \/notes that nobody else reads/);
  });

  it('runs npm run dev: the emulator with its migration, the released shell and the remote, on free ports', async () => {
    const dev = await startDev();
    try {
      expect(new URL(dev.portal).pathname).toBe('/notes');
      expect((await fetch(dev.portal)).status).toBe(200);
      // The latest build, for a deployed portal's developer override.
      expect(dev.devServer).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mf-manifest\.json$/);
      expect(((await (await fetch(dev.devServer)).json()) as { name: string }).name).toBe('notes');
    } finally {
      await dev.stop();
    }
  });

  it('adds a migration, has a table without row level security refused, and releases into a folder environment, where it is live', async () => {
    await guideCommand('echo "alter table public.notes add column pinned boolean not null default false;" | npx portal-emulator migration new add_pinned --workdir .');
    const refusedCommand = 'echo "create table public.drafts (id bigint primary key, body text);" | npx portal-emulator migration new add_drafts --workdir .';
    await guideCommand(refusedCommand);
    expect(GUIDE).toContain('npm run db:check');
    const refused = await sh('npm run db:check', team, registry!.env);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('public.drafts has row level security off, so the API would show every row to everyone: alter table public.drafts enable row level security; and add its policies.');
    await guideCommand('rm supabase/migrations/*_add_drafts.sql');
    expect(await guideCommand('npm run db:check')).toMatch(/Ready to deliver: 2 migration\(s\); the team's tables public\.notes have row level security on with policies/);
    await guideCommand('npx portal-deploy init --env ../environment');
    const released = await guideCommand('npm run release -- --env ../environment --origin http://127.0.0.1:3100 --promote');
    expect(released).toMatch(/notes is live at 0\.1\.0\+[0-9a-f]{8}/);
    const live = JSON.parse(readFileSync(path.join(work, 'environment', 'shell', 'registry.json'), 'utf8')) as { remotes: Record<string, { route: string; version: string }> };
    expect(live.remotes.notes).toMatchObject({ route: '/notes', version: expect.stringMatching(/^0\.1\.0\+/) });
  });

  it("releases with the team's credential into the portal's shared environment, where a person uses it in the portal's own shell", async () => {
    // The platform's side: this repository's portal on a project whose database got the team's
    // migrations from its owners (docs/team-tables.md#delivery-to-the-shared-backend), an
    // environment in the project, the team and its remote with its route, and a credential for
    // the team's CI — all the team is handed, with the project's address and public key.
    const migrationsDir = path.join(team, 'supabase', 'migrations');
    const files = Object.fromEntries(readdirSync(migrationsDir).map((file) => [file, readFileSync(path.join(migrationsDir, file), 'utf8')]));
    let shared: TestPortal | undefined;
    const browser = await launchBrowser();
    try {
      shared = await startTestPortal({ emulator: { teamMigrations: { team: 'notes', files } } });
      const { emulator } = shared;
      const environment = 'portal-remotes';
      const owner = await firstPlatformOwner(emulator);
      await recordShellContract(projectTarget(owner.connection, environment), CONTRACT_VERSION);
      await addTeam(owner.connection, 'notes-team');
      await addRemote(owner.connection, 'notes', 'notes-team', '/notes');
      const token = await teamToken(owner.connection, 'notes-team', 'ci');
      const registryUrl = `${emulator.apiUrl}/functions/v1/deploy-registry/${environment}`;
      const configFile = shared.portal.env.configFile;
      const config = JSON.parse(readFileSync(configFile, 'utf8')) as Record<string, unknown>;
      const person = await newPerson(emulator, 'notes-reader');
      const signedIn = async () => browser.newContext({ storageState: await signedInStorage(shared!.url, emulator, await signedInClient(emulator, person)) });

      // Before its first release the team develops against the shared portal: `npm run dev`'s
      // latest build, run there through the developer override, from a dev server the portal's
      // config allows.
      const dev = await startDev();
      try {
        const devOrigins = [new URL(dev.devServer).origin];
        writeFileSync(configFile, JSON.stringify({ ...config, registryUrl, allowedOrigins: [new URL(emulator.apiUrl).origin], devOverrides: true, devOrigins }, null, 2));
        const context = await signedIn();
        const page = await context.newPage();
        await page.goto(`${shared.url}/status`);
        await page.waitForFunction(() => 'portalDevOverrides' in window);
        await page.evaluate(([name, url]) => (window as unknown as { portalDevOverrides: { set(n: string, u: string): string } }).portalDevOverrides.set(name!, url!), ['notes', dev.devServer]);
        await page.reload();
        await page.getByRole('link', { name: 'Notes (in development)' }).click();
        await page.waitForURL('**/notes');
        await expect(page.getByTestId('dev-override-banner').textContent()).resolves.toContain(dev.devServer);
        await page.getByLabel('New note').fill('Drafted before the first release');
        await page.getByRole('button', { name: 'Add note' }).click();
        await page.getByRole('list', { name: 'Your notes' }).getByText('Drafted before the first release').waitFor();
        expect(problems(page.console)).toEqual([]);
        await context.close();
      } finally {
        await dev.stop();
      }

      // The team's CI, in its repository: the guide's commands with the credential it was given.
      expect(GUIDE).toContain('PORTAL_DEPLOY_TOKEN=<team credential> npm run release -- --bucket <environment> --project-url <url> --anon-key <key>');
      expect(GUIDE).toContain('npx portal-deploy promote notes@<version>');
      const project = `--bucket ${environment} --project-url ${emulator.apiUrl} --anon-key ${ANON_KEY}`;
      const ci = { ...registry!.env, PORTAL_DEPLOY_TOKEN: token };
      const staged = await sh(`npm run release -- ${project}`, team, ci);
      if (staged.code !== 0) throw new Error(`release exited ${staged.code}:\n${staged.output.slice(-4000)}`);
      const version = /notes@(\S+?\+[0-9a-f]{8})/.exec(staged.output)?.[1];
      expect(version).toMatch(/^0\.1\.0\+/);
      // Staged, not live, until the team promotes it; with nothing but its own credential.
      const before = (await (await fetch(registryUrl)).json()) as { remotes: Record<string, unknown> };
      expect(before.remotes.notes).toBeUndefined();
      const promoted = await sh(`npx portal-deploy promote notes@${version} ${project}`, team, ci);
      if (promoted.code !== 0) throw new Error(`promote exited ${promoted.code}:\n${promoted.output.slice(-4000)}`);
      const after = (await (await fetch(registryUrl)).json()) as { remotes: Record<string, { version: string; route: string }> };
      expect(after.remotes.notes).toMatchObject({ version, route: '/notes' });
      // The credential is the team's, not the database owner's: the project's own history says so.
      const status = await sh(`npx portal-deploy status ${project}`, team, ci);
      expect(status.output).toContain('credential ci of team notes-team');

      // A person of the portal, in its shell: the team's remote from the environment's bucket, its
      // table under row level security through the shell's one client.
      const context = await signedIn();
      const page = await context.newPage();
      await page.goto(shared.url);
      await page.getByRole('link', { name: 'Notes', exact: true }).click();
      await page.waitForURL('**/notes');
      await page.getByLabel('New note').fill('Water the office plants');
      await page.getByRole('button', { name: 'Add note' }).click();
      await page.getByRole('list', { name: 'Your notes' }).getByText('Water the office plants').waitFor();
      const requested = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
      expect(requested).toContain(`${emulator.apiUrl}/storage/v1/object/public/${environment}/remotes/notes/${encodeURIComponent(version!)}/remoteEntry.js`);
      expect(problems(page.console)).toEqual([]);
      await context.close();
      const own = await (await signedInClient(emulator, person)).from('notes' as never).select('body');
      expect(own.data).toEqual([{ body: 'Drafted before the first release' }, { body: 'Water the office plants' }]);
      const stranger = await (await signedInClient(emulator, await newPerson(emulator, 'notes-stranger'))).from('notes' as never).select('body');
      expect(stranger.data).toEqual([]);
    } finally {
      await browser.close();
      await shared?.stop();
    }
  });
});
