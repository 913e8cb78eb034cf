// The portal's packages as a team in another department gets them: `npm run release:packages`
// builds and packs @portal/platform, @portal/ui and @portal/deploy (a dry run: nothing is
// published), and a remote in a temporary folder outside the repository installs the tarballs
// (every other package from the npm registry, as their package.json files declare them), checks
// its types against their declarations, builds with the published preset (`portal-deploy build`)
// and stages the build with the published CLI, whose checks accept it.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CONTRACT_VERSION } from '@portal/platform/node';

const run = promisify(execFile);
const REPO = path.resolve(__dirname, '..');
/** Published as compiled JavaScript with declarations. */
const PACKAGES = ['@portal/platform', '@portal/ui', '@portal/deploy', '@portal/create-remote'];
/** Published as they are in the workspace (`release.form: as-is`): they compile their sources on use. */
const AS_IS_PACKAGES = ['@portal/emulator', '@portal/compiled-entry', '@portal/function-catalogue'];

let work: string;
let tarballs: string;
let team: string;
/** Package name → its tarball. */
const tarballOf: Record<string, string> = {};

/** The files of a tarball, without npm's `package/` prefix. */
async function tarballFiles(file: string): Promise<string[]> {
  const { stdout } = await run('tar', ['-tzf', file]);
  return stdout.split('\n').filter(Boolean).map((entry) => entry.replace(/^package\//, '')).sort();
}

async function tarballManifest(file: string): Promise<Record<string, unknown>> {
  const { stdout } = await run('tar', ['-xzOf', file, 'package/package.json']);
  return JSON.parse(stdout) as Record<string, unknown>;
}

const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(team, file)), { recursive: true });
  writeFileSync(path.join(team, file), text);
};

/** A remote as a team writes it, with nothing of the repository but the tarballs. */
function writeTeamRemote(): void {
  const versions = Object.fromEntries(['react', 'react-dom', '@supabase/supabase-js', '@types/react', '@types/react-dom'].map((pkg) => [pkg, `^${(JSON.parse(readFileSync(require.resolve(`${pkg}/package.json`, { paths: [path.join(REPO, 'shell'), path.join(REPO, 'shared/ui')] }), 'utf8')) as { version: string }).version}`]));
  write(
    'package.json',
    JSON.stringify({
      name: '@team/notes',
      version: '0.1.0',
      private: true,
      type: 'module',
      dependencies: {
        '@portal/platform': `file:${tarballOf['@portal/platform']}`,
        '@portal/ui': `file:${tarballOf['@portal/ui']}`,
        '@supabase/supabase-js': versions['@supabase/supabase-js'],
        react: versions.react,
        'react-dom': versions['react-dom'],
      },
      devDependencies: { '@portal/deploy': `file:${tarballOf['@portal/deploy']}`, '@types/react': versions['@types/react'], '@types/react-dom': versions['@types/react-dom'] },
    }),
  );
  const meta = { name: 'notes', title: 'Notes', route: '/notes', icon: 'folder', description: "A team's notes.", contract: `^${CONTRACT_VERSION}`, auth: 'aal1' };
  write('remote.json', JSON.stringify({ ...meta, port: 3100, exposes: { './app': './src/app.tsx' } }));
  write(
    'src/app.tsx',
    `import { defineRemote, useUser, type RemoteMeta } from '@portal/platform';
import { Button, Card } from '@portal/ui';

const meta: RemoteMeta = ${JSON.stringify(meta)};

function Notes() {
  const user = useUser();
  return <Card><p>{user?.email}</p><Button>Save</Button></Card>;
}

export const { bootstrap, mount, unmount } = defineRemote(Notes, meta);

// @ts-expect-error A remote's name is a string: the declarations are the package's, not \`any\`.
export const wrong: RemoteMeta = { ...meta, name: 1 };
`,
  );
  // The team's own table, as `portal-emulator gen types typescript --team notes` prints it, merged
  // into the types of the shell's one client (docs/team-tables.md#types).
  write(
    'src/database.types.ts',
    `export type Database = {
  public: {
    Tables: {
      notes: {
        Row: { body: string; id: number; owner: string }
        Insert: { body: string; id?: never; owner?: string }
        Update: { body?: string; id?: never; owner?: string }
        Relationships: []
      }
    }
    Views: { [_ in never]: never }
    Functions: { [_ in never]: never }
    Enums: { [_ in never]: never }
    CompositeTypes: { [_ in never]: never }
  }
}
`,
  );
  write(
    'src/team-database.ts',
    `import type { Database as NotesDatabase } from './database.types.js';

declare module '@portal/platform' {
  interface TeamDatabase extends NotesDatabase {}
}
`,
  );
  write(
    'src/notes.ts',
    `import { getPortal, useSupabase } from '@portal/platform';
import './team-database.js';

export async function firstNote(): Promise<string | undefined> {
  const { data } = await useSupabase().from('notes').select('body, owner').limit(1);
  const body: string | undefined = data?.[0]?.body;
  return body;
}

export async function save(body: string) {
  await getPortal().supabase.from('notes').insert({ body });
  // @ts-expect-error A note's body is text.
  await getPortal().supabase.from('notes').insert({ body: 1 });
  // @ts-expect-error No such table, in the team's schema or the platform's.
  await useSupabase().from('nothing').select();
  // The platform's tables keep their types beside the team's.
  const { data } = await useSupabase().from('profiles').select('display_name');
  return data?.[0]?.display_name;
}
`,
  );
  write(
    'tsconfig.json',
    JSON.stringify({
      compilerOptions: { target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', lib: ['es2023', 'dom'], strict: true, jsx: 'react-jsx', noEmit: true, skipLibCheck: true, types: [] },
      include: ['src'],
    }),
  );
}

beforeAll(async () => {
  // Outside the repository: nothing there can resolve to the workspace's packages or node_modules.
  work = mkdtempSync(path.join(tmpdir(), 'portal-published-'));
  tarballs = path.join(work, 'tarballs');
  team = path.join(work, 'notes');
  await run(process.execPath, ['--import', 'tsx', 'scripts/release-packages.ts', '--dry-run', '--pack-destination', tarballs], { cwd: REPO, maxBuffer: 16 * 1024 * 1024 });
  for (const file of readdirSync(tarballs)) tarballOf[String((await tarballManifest(path.join(tarballs, file))).name)] = path.join(tarballs, file);
  writeTeamRemote();
  await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: team, maxBuffer: 16 * 1024 * 1024 });
}, 600_000);
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the published packages', () => {
  it('hold compiled JavaScript, declarations, package.json, README and CHANGELOG only, and export them with their types', async () => {
    expect(Object.keys(tarballOf).sort()).toEqual([...PACKAGES, ...AS_IS_PACKAGES, '@portal/testing'].sort());
    for (const name of PACKAGES) {
      const files = await tarballFiles(tarballOf[name]!);
      expect(files.filter((file) => !/^(package\.json|README\.md|CHANGELOG\.md|dist\/.+(\.js|\.d\.ts))$/.test(file))).toEqual([]);
      expect(files).toEqual(expect.arrayContaining(['package.json', 'README.md', 'CHANGELOG.md', 'dist/index.js', 'dist/index.d.ts']));
      const manifest = await tarballManifest(tarballOf[name]!);
      expect(manifest).not.toHaveProperty('private');
      expect(manifest).not.toHaveProperty('devDependencies');
      expect(manifest.version).toMatch(/^\d+\.\d+\.\d+$/);
      const exports = manifest.exports as Record<string, string | { types: string; default: string }>;
      expect(exports['./package.json']).toBe('./package.json');
      for (const [key, target] of Object.entries(exports).filter(([key]) => key !== './package.json')) {
        expect({ key, target }).toEqual({ key, target: { types: expect.stringMatching(/^\.\/dist\/.+\.d\.ts$/), default: expect.stringMatching(/^\.\/dist\/.+\.js$/) } });
        expect(files).toEqual(expect.arrayContaining([(target as { types: string }).types.slice(2), (target as { default: string }).default.slice(2)]));
      }
      expect(manifest.main).toBe('./dist/index.js');
    }
    const platform = await tarballManifest(tarballOf['@portal/platform']!);
    // The shell's singletons are the team's to install once, never the platform's own copies.
    expect(Object.keys(platform.peerDependencies as object)).toEqual(expect.arrayContaining(['react', 'react-dom', '@supabase/supabase-js']));
    expect(platform.dependencies).not.toHaveProperty('react');
    expect(platform.version).toBe(CONTRACT_VERSION);
    expect(Object.keys((await tarballManifest(tarballOf['@portal/ui']!)).peerDependencies as object)).toEqual(expect.arrayContaining(['react', 'react-dom']));
    const deploy = await tarballManifest(tarballOf['@portal/deploy']!);
    expect(deploy.bin).toEqual({ 'portal-deploy': './dist/cli.js' });
    expect(Object.keys(deploy.exports as object)).toEqual(expect.arrayContaining(['.', './rspack']));
  });

  it("hold @portal/testing's compiled JavaScript with the shell and the portal's backend project it was released with", async () => {
    const files = await tarballFiles(tarballOf['@portal/testing']!);
    expect(files).toEqual(expect.arrayContaining(['dist/index.js', 'dist/index.d.ts', 'dist/cli.js', 'shell/index.html', 'shell/portal-shell.json', 'project/supabase/config.toml', 'project/supabase/seed.sql']));
    expect(files.filter((file) => file.startsWith('project/supabase/migrations/')).length).toBe(readdirSync(path.join(REPO, 'supabase', 'migrations')).length);
    expect(files.filter((file) => !/^(package\.json|README\.md|CHANGELOG\.md|dist\/.+(\.js|\.d\.ts)|shell\/.+|project\/supabase\/.+)$/.test(file))).toEqual([]);
    expect((await tarballManifest(tarballOf['@portal/testing']!)).bin).toEqual({ 'portal-testing': './dist/cli.js' });
  });

  it('hold the emulator as it runs from its sources, without its tests, and with its documents', async () => {
    for (const name of AS_IS_PACKAGES) {
      const files = await tarballFiles(tarballOf[name]!);
      expect(files).toEqual(expect.arrayContaining(['package.json', 'README.md', 'CHANGELOG.md']));
      expect(files.filter((file) => /\.(test|spec|suite)\.[cm]?[jt]sx?$/.test(file) || file.includes('node_modules/'))).toEqual([]);
      const manifest = await tarballManifest(tarballOf[name]!);
      expect(manifest).not.toHaveProperty('private');
      expect(manifest).not.toHaveProperty('devDependencies');
      expect(manifest).not.toHaveProperty('release');
    }
    const emulator = await tarballFiles(tarballOf['@portal/emulator']!);
    // Its command, the sources it compiles on first use, the files it reads beside them.
    expect(emulator).toEqual(expect.arrayContaining(['bin/portal-emulator.js', 'src/cli.ts', 'console-app/build.ts']));
    expect(emulator.filter((file) => file.endsWith('.sql')).length).toBeGreaterThan(0);
    expect((await tarballManifest(tarballOf['@portal/emulator']!)).bin).toEqual({ 'portal-emulator': 'bin/portal-emulator.js' });
  });

  it("give a team's remote outside the repository its types from their declarations, its own tables merged into the shell's client", async () => {
    const tsc = path.join(REPO, 'node_modules', '.bin', 'tsc');
    await expect(run(tsc, ['-p', 'tsconfig.json'], { cwd: team })).resolves.toBeDefined();
  });

  it("build a team's remote outside the repository with the published preset, into a release the published CLI stages", async () => {
    const { stdout } = await run(path.join(team, 'node_modules', '.bin', 'portal-deploy'), ['build'], { cwd: team, maxBuffer: 16 * 1024 * 1024 });
    expect(stdout).toContain(`Built the remote in ${team}`);
    const dist = path.join(team, 'dist');
    expect(JSON.parse(readFileSync(path.join(dist, 'remote.json'), 'utf8'))).toMatchObject({ name: 'notes', route: '/notes', contract: `^${CONTRACT_VERSION}` });
    // Every singleton the remote uses is the shell's (import: false): no copy of its own.
    const manifest = JSON.parse(readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8')) as { shared: Array<{ name: string; assets: { js: { sync: string[]; async: string[] } } }>; portalExposeShared: Record<string, string[]> };
    expect(manifest.shared.map((shared) => shared.name)).toEqual(expect.arrayContaining(['@portal/platform', '@portal/ui/core', 'react/jsx-runtime']));
    expect(manifest.shared.filter((shared) => shared.assets.js.sync.length + shared.assets.js.async.length > 0)).toEqual([]);
    expect(manifest.portalExposeShared['./app']).toEqual(expect.arrayContaining(['@portal/platform', '@portal/ui/core']));
    // The entry binds to the shell's bundler runtime through the published platform's module.
    const entrySources = (JSON.parse(readFileSync(path.join(dist, 'remoteEntry.js.map'), 'utf8')) as { sources: string[] }).sources;
    expect(entrySources).toEqual(expect.arrayContaining([expect.stringMatching(/node_modules\/@portal\/platform\/dist\/federation-bundler-runtime\.js$/)]));
    expect(entrySources.filter((source) => source.includes('@module-federation/webpack-bundler-runtime'))).toEqual([]);

    const cli = path.join(team, 'node_modules', '.bin', 'portal-deploy');
    const env = path.join(work, 'environment');
    await run(cli, ['init', '--env', env, '--shell-contract', CONTRACT_VERSION], { cwd: team });
    const staged = await run(cli, ['publish', 'notes', '--env', env, '--dist', dist, '--origin', 'http://127.0.0.1:3100'], { cwd: team });
    expect(staged.stdout).toMatch(/^Staged notes@0\.1\.0\+[0-9a-f]{8} /);
    expect(existsSync(path.join(env, 'releases', 'notes'))).toBe(true);
  });
});
