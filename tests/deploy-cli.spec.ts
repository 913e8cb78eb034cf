// The deploy CLI as a remote's team runs it, against a temporary folder environment and against
// an environment of a project in the emulator (what a hosted project does), as the team's CI with
// its credential: stage, promote, canary, rollback, status; 20 promotes in parallel processes;
// each refused build with its message. Then a person's own flow: login (a session file only they
// may read), publish as themselves, the log with their verified identity, a team's refusal.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { parseRegistry, resolveManifestUrls } from '@portal/platform/registry';
import { ANON_KEY, startTestEmulator, type TestEmulator } from '../emulator/test/harness.js';
import { writeFakeRemoteBuild, type FakeBuildOptions } from '../deploy/test/fake-remote-build.js';
import { sriOf } from '../deploy/src/hashing.js';
import { openEnvironment, readRegistryState, recordShellContract, stageRelease, folderTarget, projectTarget, type DeployTarget } from '../deploy/src/index.js';
import { addMember, addRemote, addTeam } from '../deploy/src/team-admin.js';
import { ciEnv, credentialConnection, deployBackendOptions, firstPlatformOwner, participant, teamToken, type Participant } from './support/deploy-backend.js';

jest.setTimeout(180_000);

const run = promisify(execFile);
const REPO = path.resolve(__dirname, '..');
const CLI = path.join(REPO, 'deploy', 'bin', 'portal-deploy.js');
const CONCURRENT_PROMOTES = 20;

interface Setup {
  /** The CLI options naming the environment. */
  args: string[];
  env: NodeJS.ProcessEnv;
  target: DeployTarget;
  /** Records the shell's contract (a project's: a platform owner's act). */
  init(contract: string): Promise<void>;
  /** Who status says changed a remote, after a change noted `note`. */
  changedBy(note: string): { changedBy: string; note?: string };
  /** The registry as a browser gets it (manifest URLs resolved). */
  fetchRegistry(): Promise<{ body: ReturnType<typeof parseRegistry>; cacheControl: string | null }>;
}

let work: string;
let emulator: TestEmulator;
let owner: Participant;
let builds = 0;
const TEAM = 'deliveries';
const TEAM_CI = `credential ci of team ${TEAM}`;

beforeAll(async () => {
  work = mkdtempSync(path.join(REPO, '.tmp', 'deploy-cli-'));
  emulator = await startTestEmulator(deployBackendOptions());
  owner = await firstPlatformOwner(emulator);
  await addTeam(owner.connection, TEAM);
  await addRemote(owner.connection, 'files', TEAM, '/files');
  for (let i = 0; i < CONCURRENT_PROMOTES; i++) await addRemote(owner.connection, `remote_${i}`, TEAM, `/remote-${i}`);
}, 180_000);
afterAll(async () => {
  await emulator?.stop();
  rmSync(work, { recursive: true, force: true });
});

const build = (options: FakeBuildOptions = {}) => writeFakeRemoteBuild(path.join(work, `build-${++builds}`), options);

async function cli(setup: Setup, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args, ...setup.args], { cwd: REPO, env: { ...process.env, ...setup.env, NODE_NO_WARNINGS: '1' } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

async function cliOk(setup: Setup, ...args: string[]): Promise<string> {
  const result = await cli(setup, ...args);
  if (result.code !== 0) throw new Error(`portal-deploy ${args.join(' ')} failed (${result.code}): ${result.stderr}`);
  return result.stdout;
}

function folderSetup(): Setup {
  const dir = mkdtempSync(path.join(work, 'env-'));
  const env = openEnvironment(dir);
  const remotes = Object.fromEntries(Array.from({ length: CONCURRENT_PROMOTES }, (_, i) => [`remote_${i}`, `http://127.0.0.1:${5000 + i}`]));
  env.setOrigins({ shell: 'http://127.0.0.1:4000', files: 'http://127.0.0.1:4100', ...remotes });
  const target = folderTarget(env);
  const setup: Setup = {
    args: ['--env', dir],
    env: {},
    target,
    init: async (contract) => void (await cliOk(setup, 'init', '--shell-contract', contract)),
    // One developer on this machine: the note is all there is to say who.
    changedBy: (note) => ({ changedBy: note }),
    async fetchRegistry() {
      return { body: (await target.liveRegistry())!, cacheControl: null };
    },
  };
  return setup;
}

/** An environment of the project, used by the team's CI with its credential alone. */
async function projectSetup(): Promise<Setup> {
  const bucket = 'portal-cli';
  const token = await teamToken(owner.connection, TEAM, 'ci');
  const target = projectTarget(await credentialConnection(emulator, token), bucket);
  return {
    args: ['--bucket', bucket],
    env: ciEnv(emulator, token),
    target,
    init: (contract) => recordShellContract(projectTarget(owner.connection, bucket), contract),
    changedBy: (note) => ({ changedBy: TEAM_CI, ...(note ? { note } : {}) }),
    async fetchRegistry() {
      // Anonymous, as a browser: the registry is public.
      const response = await fetch(target.registryUrl()!);
      expect(response.status).toBe(200);
      return { body: resolveManifestUrls(parseRegistry(await response.json()), target.registryUrl()!), cacheControl: response.headers.get('cache-control') };
    },
  };
}

type Status = {
  remotes: Array<{ remote: string; live: string | null; canary: { version: string; percentage: number } | null; available: string[]; changedBy: string | null; note: string | null; lastAction: string | null }>;
};
const statusOf = async (setup: Setup) => JSON.parse(await cliOk(setup, 'status', '--json')) as Status;
const versionIn = (stdout: string) => /(\w+)@(\S+?\+[0-9a-f]{8})/.exec(stdout)![2]!;

describe.each([
  ['a folder environment', async () => folderSetup()],
  ['an environment of a Supabase project (the emulator), as a team credential', projectSetup],
])('portal-deploy on %s', (_, makeSetup) => {
  let setup: Setup;
  beforeAll(async () => {
    setup = await makeSetup();
    await setup.init('1.2.0');
  });

  it('stages, promotes, canaries and rolls back, and status says what is live and who changed it', async () => {
    const v1 = versionIn(await cliOk(setup, 'publish', 'files', '--dist', build({ version: '1.0.0' })));
    expect((await statusOf(setup)).remotes).toEqual([expect.objectContaining({ remote: 'files', live: null, available: [v1] })]);

    expect(await cliOk(setup, 'promote', `files@${v1}`, '--note', 'Ada')).toContain(`files is live at ${v1}`);
    const live = await setup.fetchRegistry();
    expect(live.body.remotes.files).toMatchObject({ version: v1 });
    if (live.cacheControl !== null) {
      // A bucket: the registry is revalidated, the manifest (relative to the registry) is there
      // with the registry's hash, and the release's files are cached for good.
      expect(live.cacheControl).toBe('no-cache');
      const manifest = await fetch(live.body.remotes.files!.manifest);
      expect(manifest.headers.get('cache-control')).toBe('no-cache');
      expect(sriOf(Buffer.from(await manifest.arrayBuffer()))).toBe(live.body.remotes.files!.integrity);
      const entry = await fetch(new URL('remoteEntry.js', manifest.url));
      expect({ status: entry.status, cache: entry.headers.get('cache-control'), type: entry.headers.get('content-type') }).toEqual({
        status: 200,
        cache: 'public, max-age=31536000, immutable',
        type: expect.stringMatching(/javascript/),
      });
    }

    const v2 = versionIn(await cliOk(setup, 'publish', 'files', '--dist', build({ version: '1.1.0' })));
    expect((await setup.fetchRegistry()).body.remotes.files!.version).toBe(v1);
    await cliOk(setup, 'canary', `files@${v2}`, '--percent', '10', '--note', 'Grace');
    expect((await statusOf(setup)).remotes[0]).toMatchObject({ live: v1, canary: { version: v2, percentage: 10 }, ...setup.changedBy('Grace'), available: [v1, v2] });
    expect((await setup.fetchRegistry()).body.remotes.files!.canary).toMatchObject({ version: v2, percentage: 10 });

    expect(await cliOk(setup, 'rollback', 'files', '--note', 'Bob')).toContain(`canary ${v2} ended; ${v1} stays live`);
    await cliOk(setup, 'promote', 'files@1.1.0', '--note', 'Ada');
    expect((await setup.fetchRegistry()).body.remotes.files).toMatchObject({ version: v2 });
    expect(await cliOk(setup, 'rollback', 'files', '--note', 'Bob')).toContain(`files is live at ${v1} again`);
    expect((await setup.fetchRegistry()).body.remotes.files).toMatchObject({ version: v1 });

    const table = await cliOk(setup, 'status');
    const v = (version: string) => version.replace('+', '\\+');
    const row =
      setup.target.kind === 'folder'
        ? `^files +${v(v1)} +- +${v(v1)}, ${v(v2)} +\\S+ +Bob$`
        : `^files +${TEAM} +${v(v1)} +- +${v(v1)}, ${v(v2)} +\\S+ +${TEAM_CI} — “Bob”$`;
    expect(table).toMatch(new RegExp(row, 'm'));
    if (setup.target.kind === 'project') {
      // The project's platform owners, and its teams with their people, credentials and remotes.
      expect(table).toMatch(new RegExp(`^Platform owners: ${owner.email.replace(/[.+]/g, '\\$&')}$`, 'm'));
      expect(table).toMatch(new RegExp(`^${TEAM} +- +ci +files \\(/files\\), remote_0 \\(/remote-0\\)`, 'm'));
    } else {
      expect(table).toContain('A local folder for one developer on this machine');
    }
    expect((await statusOf(setup)).remotes[0]).toMatchObject({ ...setup.changedBy('Bob'), lastAction: `rollback files to ${v1}` });
  });

  it(`loses no change when ${CONCURRENT_PROMOTES} promotes of different remotes run in parallel processes`, async () => {
    const names = Array.from({ length: CONCURRENT_PROMOTES }, (_, i) => `remote_${i}`);
    const staged = [];
    for (const name of names) staged.push(await stageRelease(setup.target, { distDir: build({ name }), actor: 'Ada' }));
    const before = (await readRegistryState(setup.target)).revision;

    const results = await Promise.all(staged.map((s) => cli(setup, 'promote', `${s.remote}@${s.version}`, '--note', s.remote)));
    expect(results.filter((r) => r.code !== 0).map((r) => r.stderr)).toEqual([]);

    const { body } = await setup.fetchRegistry();
    for (const s of staged) expect(body.remotes[s.remote]).toMatchObject({ version: s.version, integrity: s.integrity });
    const state = await readRegistryState(setup.target);
    expect(state.revision).toBe(before + CONCURRENT_PROMOTES);
    for (const name of names) expect(state.remotes[name]).toMatchObject(setup.changedBy(name));
  });

  it.each([
    ['a build carrying its own React', { sharesOwnReact: true }, /^DEPLOY-011 files bundles its own copy of react /],
    ['a build bundling supabase-js', { bundles: '@supabase/supabase-js/dist/index.mjs' }, /^DEPLOY-011 files bundles its own copy of @supabase\/supabase-js /],
    ['a contract range without the shell’s', { contract: '^1.3.0' }, /^DEPLOY-012 files declares @portal\/platform \^1\.3\.0, which excludes 1\.2\.0/],
    ['a manifest without ./app', { exposes: ['./widget'] }, /^DEPLOY-013 files's mf-manifest\.json does not expose \.\/app/],
    ['a version reused with other content', { version: '3.0.0', content: 'changed' }, /^DEPLOY-005 files 3\.0\.0 was already published with other content \(3\.0\.0\+[0-9a-f]{8}\)/],
  ])('refuses %s, naming the problem, and changes nothing', async (_, options, message) => {
    // The release whose version the last case reuses (idempotent: the same build again is no conflict).
    await stageRelease(setup.target, { distDir: build({ version: '3.0.0', content: 'original' }), actor: 'Ada' });
    const before = await statusOf(setup);
    const result = await cli(setup, 'publish', 'files', '--dist', build(options));
    // The error is the last line (a library may warn about this Node version above it).
    expect({ code: result.code, error: result.stderr.trim().split('\n').at(-1) }).toEqual({ code: 1, error: expect.stringMatching(message) });
    expect(await statusOf(setup)).toEqual(before);
  });

  it('stages and makes live in one call with publish --promote', async () => {
    const stdout = await cliOk(setup, 'publish', 'files', '--dist', build({ version: '5.0.0' }), '--promote', '--note', 'Ada');
    const version = versionIn(stdout);
    expect(stdout).toContain(`files is live at ${version}`);
    expect((await setup.fetchRegistry()).body.remotes.files).toMatchObject({ version });
    expect((await statusOf(setup)).remotes.find((r) => r.remote === 'files')).toMatchObject({ live: version, ...setup.changedBy('Ada'), lastAction: `promote files@${version}` });
  });
});

describe('portal-deploy for a person of a team', () => {
  let alice: Participant;
  let sessions: string;
  const bucket = 'portal-people';
  const asAlice = (): Setup => ({
    args: ['--bucket', bucket],
    // No token: the person signed in, from the session file; the project from the last login.
    env: { PORTAL_DEPLOY_SESSION_FILE: sessions, PORTAL_DEPLOY_TOKEN: '', PORTAL_DEPLOY_PROJECT_URL: '', PORTAL_DEPLOY_ANON_KEY: '' },
    target: null as never,
    init: async () => undefined,
    changedBy: (note) => ({ changedBy: alice.email, note }),
    fetchRegistry: async () => null as never,
  });

  beforeAll(async () => {
    alice = await participant(emulator, 'alice');
    await addMember(owner.connection, TEAM, alice.email);
    await recordShellContract(projectTarget(owner.connection, bucket), '1.2.0');
    sessions = path.join(mkdtempSync(path.join(work, 'home-')), 'sessions.json');
  });

  it('signs in once, keeps the session where only they may read it, and publishes as themselves', async () => {
    const login = await cli(
      { ...asAlice(), args: [], env: { ...asAlice().env, PORTAL_DEPLOY_PASSWORD: alice.password } },
      'login',
      '--project-url',
      emulator.apiUrl,
      '--anon-key',
      ANON_KEY,
      '--email',
      alice.email,
    );
    expect({ code: login.code, stdout: login.stdout.trim(), stderr: login.stderr }).toEqual({ code: 0, stdout: `Signed in to ${emulator.apiUrl} as ${alice.email} (aal1).`, stderr: '' });
    expect(statSync(sessions).mode & 0o777).toBe(0o600);
    expect(readFileSync(sessions, 'utf8')).not.toContain(alice.password);

    // Later commands name only the environment: the project and its key are the login's.
    expect(await cliOk({ ...asAlice(), args: [] }, 'whoami')).toMatch(new RegExp(`^${alice.email.replace(/[.+]/g, '\\$&')}; teams: ${TEAM}; may publish: files, remote_0, `));
    const version = versionIn(await cliOk(asAlice(), 'publish', 'files', '--dist', build({ version: '1.0.0' }), '--promote', '--note', 'from my laptop'));
    const log = await cliOk(asAlice(), 'log', 'files', '--limit', '2');
    const lines = log.trim().split('\n');
    expect(lines[0]).toMatch(new RegExp(`^\\S+  r1 \\(from r0\\) +${alice.email.replace(/[.+]/g, '\\$&')}  promote ${bucket}/files: added: live ${version.replace('+', '\\+')} — “from my laptop”$`));
    expect(lines[1]).toMatch(new RegExp(`^\\S+  at r0 +${alice.email.replace(/[.+]/g, '\\$&')}  publish ${bucket}/files: files@${version.replace('+', '\\+')} staged$`));
  });

  it("refuses a platform owner's act and a remote of another team, saying who may", async () => {
    const remoteAdd = await cli({ ...asAlice(), args: [] }, 'remote', 'add', 'reports', '--team', TEAM, '--route', '/reports');
    expect({ code: remoteAdd.code, error: remoteAdd.stderr.trim().split('\n').at(-1) }).toEqual({
      code: 1,
      error: `DEPLOY-016 Only platform owners add remotes; ${alice.email} is not one. Ask a platform owner (portal-deploy status lists them).`,
    });
    await addTeam(owner.connection, 'others');
    await addRemote(owner.connection, 'reports', 'others', '/reports');
    const publish = await cli(asAlice(), 'publish', 'reports', '--dist', build({ name: 'reports', version: '1.0.0' }));
    expect({ code: publish.code, error: publish.stderr.trim().split('\n').at(-1) }).toEqual({
      code: 1,
      error: `DEPLOY-015 reports belongs to team others: only its members, its credentials and the platform owners may publish or change it; ${alice.email} may not. A platform owner moves a remote to another team: portal-deploy remote assign reports <team>.`,
    });
  });

  it('signs out, after which nothing is done in their name', async () => {
    expect((await cliOk({ ...asAlice(), args: [] }, 'logout')).trim()).toBe(`Signed out of ${emulator.apiUrl}.`);
    const after = await cli(asAlice(), 'status');
    expect({ code: after.code, error: after.stderr.trim().split('\n').at(-1) }).toEqual({
      code: 1,
      error: expect.stringMatching(/^DEPLOY-017 Which project\? Pass --project-url <url>/),
    });
  });
});

describe('portal-deploy start-up', () => {
  // Each call used to load tsx (its module hooks then handled every module on a second thread)
  // and rspack's native binding, which only `build` needs: most of a publish's time.
  it('runs compiled: publish and promote load neither tsx, rspack nor supabase-js', async () => {
    const setup = folderSetup();
    await cliOk(setup, 'init', '--shell-contract', '1.2.0');
    const log = path.join(work, 'module-loads.log');
    const logged: Setup = { ...setup, env: { MODULE_LOAD_LOG: log, NODE_OPTIONS: `--import ${pathToFileURL(path.join(REPO, 'tests', 'support', 'module-load-log.mjs')).href}` } };
    const version = versionIn(await cliOk(logged, 'publish', 'files', '--dist', build({ version: '1.0.0' })));
    expect(await cliOk(logged, 'promote', `files@${version}`)).toContain(`files is live at ${version}`);

    const loaded = readFileSync(log, 'utf8').split('\n');
    expect(loaded).toContainEqual(expect.stringMatching(/\/deploy\/dist\/cli\/[0-9a-f]+\/portal-deploy\.mjs$/));
    expect(loaded.filter((url) => /\/node_modules\/(tsx|@rspack\/core|@supabase\/supabase-js|@supabase\/ssr)\//.test(url) || url.endsWith('.ts'))).toEqual([]);
  });
});
