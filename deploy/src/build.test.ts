// Which configuration an app folder builds with (build.ts): its own rspack.config.*, else the
// remote build preset for a folder holding remote.json. The preset loads rspack, an ES module jest's
// CommonJS cannot load: its builds are covered by tests/bundle-weight.spec.ts (the workspace's
// remotes) and tests/published-packages.spec.ts (a team's remote, from the packed packages).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { appConfig, appDir, listApps, repoRoot } from './build.js';

let work: string;
beforeEach(() => {
  mkdirSync(path.join(repoRoot, '.tmp'), { recursive: true });
  work = mkdtempSync(path.join(repoRoot, '.tmp', 'build-config-'));
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

const remoteJson = { name: 'notes', title: 'Notes', route: '/notes', contract: '^1.4.0', auth: 'aal1', port: 3100, exposes: { './app': './src/app.tsx' } };

describe('the configuration an app builds with', () => {
  it("is the folder's own rspack.config, called as the rspack CLI calls it, with the output folder asked for", async () => {
    writeFileSync(path.join(work, 'remote.json'), JSON.stringify(remoteJson));
    writeFileSync(path.join(work, 'rspack.config.mjs'), 'export default (env) => ({ name: "own", mode: env.development ? "development" : "production", output: { path: "/elsewhere", filename: "[name].js" } });\n');
    expect(await appConfig(work)).toEqual({ name: 'own', mode: 'production', output: { path: '/elsewhere', filename: '[name].js' } });
    expect(await appConfig(work, { outDir: path.join(work, 'out'), mode: 'development' })).toEqual({ name: 'own', mode: 'development', output: { path: path.join(work, 'out'), filename: '[name].js' } });
  });

  it('refuses a folder with neither, and a config that exports no configuration', async () => {
    await expect(appConfig(work)).rejects.toThrow(/has neither an rspack\.config\.ts nor a remote\.json: nothing to build there/);
    writeFileSync(path.join(work, 'rspack.config.mjs'), 'export default () => [];\n');
    await expect(appConfig(work)).rejects.toThrow(/must export one rspack configuration/);
  });

  it('lists the workspace: the shell, then each remote under remotes/', () => {
    expect(listApps()).toEqual(['shell', 'account', 'data', 'files', 'functions', 'live', 'search']);
    expect(appDir('shell')).toBe(path.join(repoRoot, 'shell'));
    expect(appDir('data')).toBe(path.join(repoRoot, 'remotes', 'data'));
    expect(appDir('tests/fixtures/crashy')).toBe(path.join(repoRoot, 'tests', 'fixtures', 'crashy'));
  });
});
