// What a shell states it provides (portal-shell.json), and what a remote's build and publish say
// when the remote does not fit it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openEnvironment } from './environment.js';
import { isDeployError } from './errors.js';
import { publishShell, stageRelease } from './publish.js';
import { compatibilityProblems, readShellFacts, type RemoteNeeds, type ShellFacts } from './shell-facts.js';
import { folderTarget } from './targets/folder-target.js';

const SHELL: ShellFacts = {
  contract: '1.5.0',
  packages: { react: '19.2.4', 'react-dom': '19.2.4', '@supabase/supabase-js': '2.109.0', '@portal/platform': '1.5.0', '@portal/ui': '1.0.0' },
  federation: '2.9.2',
};

const FITTING: RemoteNeeds = {
  name: 'notes',
  contract: '^1.5.0',
  shared: { react: '^19.2.0', 'react/jsx-runtime': '^19.2.0', '@portal/platform': '^1.5.0', '@portal/ui/core': '^1.0.0' },
  federation: '2.9.2',
};

describe('whether a remote fits a shell', () => {
  it('finds nothing to say about a remote built for what the shell provides', () => {
    expect(compatibilityProblems(FITTING, SHELL, 'https://portal.example')).toEqual([]);
  });

  it('says what to upgrade or wait for, package by package, once per package', () => {
    const problems = compatibilityProblems(
      { ...FITTING, contract: '^1.6.0', shared: { ...FITTING.shared, react: '^19.3.0', 'react/jsx-runtime': '^19.3.0', '@portal/platform': '^1.6.0', '@portal/charts': '^1.0.0' }, federation: '2.10.0' },
      SHELL,
      'https://portal.example',
    );
    expect(problems).toEqual([
      'notes declares the platform contract ^1.6.0, but the shell of https://portal.example provides 1.5.0: wait for a shell with a contract in that range, or lower "contract" in remote.json to one that admits 1.5.0 (and use only what it provides).',
      'notes was built against react ^19.3.0, but the shell of https://portal.example provides react 19.2.4, which your remote runs with: install it (npm install react@19.2.4) and build again, or wait for a shell with react ^19.3.0.',
      'notes was built against @portal/platform ^1.6.0, but the shell of https://portal.example provides @portal/platform 1.5.0, which your remote runs with: install it (npm install @portal/platform@1.5.0) and build again, or wait for a shell with @portal/platform ^1.6.0.',
      'notes consumes @portal/charts, which the shell of https://portal.example does not provide: remove it, or wait for a shell that shares it.',
      "notes is built for Module Federation 2.10.0, but the shell of https://portal.example runs 2.9.2: a remote entry runs only with the shell's own runtime; install the @portal/deploy made for it.",
    ]);
  });
});

describe("a shell's portal-shell.json", () => {
  let work: string;
  let server: Server;
  beforeEach(() => {
    work = mkdtempSync(path.join(tmpdir(), 'portal-shell-facts-'));
  });
  afterEach(async () => {
    if (server) await new Promise((resolve) => server.close(resolve));
    rmSync(work, { recursive: true, force: true });
  });

  it("is read from a shell's build folder or from the portal's URL, and refused when it is not one", async () => {
    writeFileSync(path.join(work, 'portal-shell.json'), JSON.stringify(SHELL));
    expect(await readShellFacts(work)).toEqual(SHELL);
    server = createServer((req, res) => {
      if (req.url === '/portal-shell.json') res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(SHELL));
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    expect(await readShellFacts(url)).toEqual(SHELL);
    await expect(readShellFacts(`${url}/elsewhere/`)).rejects.toThrow(/answered 404: that portal's shell does not say what it provides/);
    writeFileSync(path.join(work, 'portal-shell.json'), JSON.stringify({ contract: '1.5.0' }));
    await expect(readShellFacts(work)).rejects.toThrow(/is not a shell's portal-shell.json: packages/);
  });

  it('is what an environment records when its shell is published, and publish refuses a remote built for newer singletons', async () => {
    const shellDist = path.join(work, 'shell');
    mkdirSync(shellDist);
    writeFileSync(path.join(shellDist, 'index.html'), '<!doctype html>');
    writeFileSync(path.join(shellDist, 'portal-shell.json'), JSON.stringify(SHELL));
    const env = openEnvironment(path.join(work, 'env'), 'staging');
    env.setOrigins({ notes: 'http://127.0.0.1:4100' });
    publishShell(env, shellDist);
    expect(env.read()).toMatchObject({ shellContract: '1.5.0', shell: SHELL });

    const build = path.join(work, 'notes');
    mkdirSync(build);
    writeFileSync(path.join(build, 'remote.json'), JSON.stringify({ name: 'notes', title: 'Notes', route: '/notes', contract: '^1.5.0', auth: 'aal1' }));
    const app = { path: './app', assets: { js: { sync: ['remoteEntry.js'], async: [] } } };
    const shared = (react: string) => [{ name: 'react', requiredVersion: react, assets: { js: { sync: [], async: [] } } }];
    writeFileSync(path.join(build, 'mf-manifest.json'), JSON.stringify({ metaData: { buildInfo: { buildVersion: '0.1.0' } }, exposes: [app], shared: shared('^19.3.0') }));
    writeFileSync(path.join(build, 'remoteEntry.js'), '/* notes */');
    const refused = await stageRelease(folderTarget(env), { distDir: build, actor: 'tester' }).catch((error: unknown) => error);
    expect(isDeployError(refused) && refused.code).toBe('DEPLOY-020');
    expect((refused as Error).message).toContain('notes was built against react ^19.3.0, but the shell of the');
    expect((refused as Error).message).toContain('install it (npm install react@19.2.4) and build again');

    writeFileSync(path.join(build, 'mf-manifest.json'), JSON.stringify({ metaData: { buildInfo: { buildVersion: '0.1.0' } }, exposes: [app], shared: shared('^19.2.0') }));
    await expect(stageRelease(folderTarget(env), { distDir: build, actor: 'tester' })).resolves.toMatchObject({ remote: 'notes', copied: true });
  });
});
