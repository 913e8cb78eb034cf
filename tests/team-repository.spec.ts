// A team in another department, with only what the portal publishes (#38): the packages are
// released (`npm run release:packages`) to a throwaway npm registry (Verdaccio, on a free port of
// 127.0.0.1; every other package it fetches from the npm registry), and in a temporary folder
// outside the repository, with npm pointed at that registry alone, the team runs the commands of
// docs/building-a-remote.md: it makes its repository (`npm create @portal/remote notes`),
// installs, runs its own tests (types, unit, a build, and Chromium: the remote in the released
// shell with the emulator running the portal's project and the team's migration, a person writing
// a note under row level security), starts `npm run dev`, adds a migration, has one without row
// level security refused by the check, and releases into a folder environment. Four minutes on a
// quiet machine, eight to ten under load, most of it the release and npm: opt-in
// (npm run test:team-repository).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { awaitLine, sh, startTeamRegistry, type TeamRegistry } from './support/team-registry.js';

const REPO = path.resolve(__dirname, '..');
const GUIDE = readFileSync(path.join(REPO, 'docs', 'building-a-remote.md'), 'utf8');
const enabled = process.env.PORTAL_TEAM_REPOSITORY_TEST === '1';

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
    expect(portalPackages.map(([key]) => key.slice('node_modules/'.length)).sort()).toEqual(['@portal/compiled-entry', '@portal/deploy', '@portal/emulator', '@portal/platform', '@portal/testing', '@portal/ui']);
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
    const command = 'npm run dev -- --port 0 --emulator-port 0 --mail-port 0 --dev-server-port 0';
    expect(GUIDE).toContain(command);
    const dev = spawn('sh', ['-c', command], { cwd: team, env: registry!.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
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
      expect(new URL(portal).pathname).toBe('/notes');
      expect((await fetch(portal)).status).toBe(200);
      // The latest build, for a deployed portal's developer override.
      expect(devServer).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mf-manifest\.json$/);
      expect(((await (await fetch(devServer!)).json()) as { name: string }).name).toBe('notes');
    } finally {
      // The whole group: npm, the shell it runs the script in, portal-testing and the emulator.
      const exited = new Promise((resolve) => dev.once('exit', resolve));
      process.kill(-dev.pid!, 'SIGTERM');
      await exited;
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
});
