import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CONTRACT_VERSION } from '@portal/platform/node';
import { isDeployError } from './errors.js';
import satisfies from 'semver/functions/satisfies.js';
import { installedVersion } from './build-preset/shared-singletons.js';
import { scaffoldRemote, scaffoldStandaloneRemote } from './new-remote.js';
import { TEMPLATE_VERSIONS } from './template-versions.js';

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'new-remote-'));
  mkdirSync(path.join(root, 'remotes', 'data'), { recursive: true });
  writeFileSync(path.join(root, 'remotes', 'data', 'remote.json'), JSON.stringify({ name: 'data', route: '/data', port: 3002 }));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const refusal = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    expect(isDeployError(error)).toBe(true);
    return `${(error as { code: string }).code} ${(error as Error).message}`;
  }
  throw new Error('expected a refusal');
};

describe('portal-deploy new-remote', () => {
  it('writes a remote whose remote.json and meta.ts agree, with a build script, a unit test and a smoke test', () => {
    const made = scaffoldRemote({ name: 'team_reports', route: '/reports', root });
    expect(made.files.sort()).toEqual(
      [
        'remotes/team_reports/README.md',
        'remotes/team_reports/package.json',
        'remotes/team_reports/remote.json',
        'remotes/team_reports/src/TeamReportsApp.tsx',
        'remotes/team_reports/src/app.tsx',
        'remotes/team_reports/src/meta.test.ts',
        'remotes/team_reports/src/meta.ts',
        'tests/team-reports-remote.spec.ts',
      ].sort(),
    );
    const remote = JSON.parse(readFileSync(path.join(made.dir, 'remote.json'), 'utf8')) as Record<string, unknown>;
    const [major, minor] = CONTRACT_VERSION.split('.');
    expect(remote).toMatchObject({ name: 'team_reports', title: 'Team reports', route: '/reports', auth: 'aal1', contract: `^${major}.${minor}.0`, port: 3003 });
    expect(remote.exposes).toEqual({ './app': './src/app.tsx' });
    const pkg = JSON.parse(readFileSync(path.join(made.dir, 'package.json'), 'utf8')) as { name: string; scripts: Record<string, string>; dependencies: Record<string, string>; devDependencies: Record<string, string> };
    expect(pkg.name).toBe('@portal/remote-team-reports');
    expect(pkg.scripts).toEqual({ build: 'portal-deploy build', dev: 'node ../../scripts/dev-remote.js team_reports' });
    // It declares the portal's packages it imports and builds with (the platform's range is the contract's).
    expect(pkg.dependencies).toMatchObject({ '@portal/platform': `^${major}.${minor}.0`, '@portal/ui': expect.stringMatching(/^\^\d+\.\d+\.0$/) });
    expect(pkg.devDependencies).toEqual({ '@portal/deploy': expect.stringMatching(/^\^\d+\.\d+\.0$/) });
    const meta = readFileSync(path.join(made.dir, 'src', 'meta.ts'), 'utf8');
    expect(meta).toContain("route: '/reports'");
    expect(meta).toContain('title: "Team reports"');
    expect(readFileSync(path.join(made.dir, 'src', 'TeamReportsApp.tsx'), 'utf8')).toMatch(/from '@portal\/ui'/);
    // Its README tells the team what a table of theirs needs, the second-factor policy included.
    const readme = readFileSync(path.join(made.dir, 'README.md'), 'utf8');
    expect(readme).toContain('alter table public.team_reports enable row level security;');
    expect(readme).toContain(
      'create policy "second factor: aal2 once a factor is verified" on public.team_reports\n  as restrictive for all to authenticated\n  using ((select private.second_factor_satisfied()))',
    );
  });

  it('refuses a bad name, a bad or taken route and an existing folder, writing nothing', () => {
    expect(refusal(() => scaffoldRemote({ name: 'Reports', route: '/reports', root }))).toMatch(/^DEPLOY-008 .*lower-case letter/);
    expect(refusal(() => scaffoldRemote({ name: 'reports', route: 'reports', root }))).toMatch(/^DEPLOY-007 .*route must be a path/);
    expect(refusal(() => scaffoldRemote({ name: 'reports', route: '/status', root }))).toMatch(/reserved by the shell/);
    expect(refusal(() => scaffoldRemote({ name: 'reports', route: '/data/reports', root }))).toMatch(/route \/data\/reports is taken: the remote "data" owns \/data/);
    expect(refusal(() => scaffoldRemote({ name: 'data', route: '/other', root }))).toMatch(/exists already/);
    expect(readdirSync(path.join(root, 'remotes'))).toEqual(['data']);
  });

  describe('--standalone', () => {
    it("writes a team's own repository whose packages come from the registry, with dev, test and release scripts", () => {
      const dir = path.join(root, 'notes');
      const made = scaffoldStandaloneRemote({ name: 'notes', dir });
      expect(made.facts.route).toBe('/notes');
      expect(made.files.sort()).toEqual(
        ['.gitignore', 'README.md', 'e2e/notes.test.ts', 'package.json', 'remote.json', 'src/NotesApp.tsx', 'src/app.tsx', 'src/database.types.ts', 'src/meta.test.ts', 'src/meta.ts', 'src/team-database.ts', 'supabase/migrations/20260101000000_notes.sql', 'tsconfig.json'].sort(),
      );
      const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { scripts: Record<string, string>; dependencies: Record<string, string>; devDependencies: Record<string, string> };
      expect(Object.keys(pkg.scripts)).toEqual(expect.arrayContaining(['dev', 'test', 'release', 'build', 'db:check']));
      // Nothing points into the portal's repository: every dependency is a registry range.
      for (const range of [...Object.values(pkg.dependencies), ...Object.values(pkg.devDependencies)]) expect(range).toMatch(/^\^\d+\.\d+\.\d+$/);
      expect(Object.keys(pkg.devDependencies)).toEqual(expect.arrayContaining(['@portal/deploy', '@portal/testing', '@portal/emulator']));
      const sql = readFileSync(path.join(dir, 'supabase/migrations/20260101000000_notes.sql'), 'utf8');
      expect(sql).toContain('alter table public.notes enable row level security;');
      expect(sql).toContain('as restrictive for all to authenticated');
    });

    it("asks for versions the portal's workspace has: each range admits the version installed here", () => {
      for (const [pkg, range] of Object.entries(TEMPLATE_VERSIONS)) {
        const version = installedVersion(pkg, path.join(__dirname, '..', '..', 'shell')) ?? installedVersion(pkg, path.join(__dirname, '..', '..'));
        expect({ pkg, admitted: version !== null && satisfies(version, range) }).toEqual({ pkg, admitted: true });
      }
    });

    it('refuses a folder that is not empty, writing nothing', () => {
      writeFileSync(path.join(root, 'keep.txt'), 'mine');
      expect(refusal(() => scaffoldStandaloneRemote({ name: 'notes', dir: root }))).toMatch(/is not empty/);
      expect(readdirSync(root).sort()).toEqual(['keep.txt', 'remotes']);
    });
  });
});
