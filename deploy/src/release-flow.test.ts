import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeFakeRemoteBuild, type FakeBuildOptions } from '../test/fake-remote-build.js';
import { openEnvironment, type Environment } from './environment.js';
import { sriOf } from './hashing.js';
import { promoteRelease, rollbackRemote, stageRelease, startCanary } from './publish.js';
import { readRegistry } from './registry-file.js';
import { readRegistryState, updateRegistry } from './registry-store.js';
import { environmentStatus, formatStatus } from './status.js';
import { folderTarget } from './targets/folder-target.js';
import type { DeployTarget } from './targets/deploy-target.js';

let work: string;
let env: Environment;
let target: DeployTarget;
let builds = 0;

const build = (options: FakeBuildOptions = {}) => writeFakeRemoteBuild(path.join(work, `build-${++builds}`), options);
const stage = (options: FakeBuildOptions = {}, actor = 'Ada') => stageRelease(target, { distDir: build(options), actor });

beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), 'portal-release-flow-'));
  env = openEnvironment(path.join(work, 'staging'));
  env.setOrigins({ shell: 'http://127.0.0.1:4000', files: 'http://127.0.0.1:4100', data: 'http://127.0.0.1:4101' });
  env.setShellContract('1.2.0');
  target = folderTarget(env);
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

describe('staged releases, promote, canary, rollback', () => {
  it('stages a release without making it live; promote makes it live and says who and when', async () => {
    const staged = await stage({ version: '1.0.0' });
    expect(existsSync(env.releaseDir('files', staged.version))).toBe(true);
    expect(readRegistry(env).remotes.files).toBeUndefined();
    expect((await environmentStatus(target)).remotes).toEqual([
      expect.objectContaining({ remote: 'files', live: null, canary: null, available: [staged.version] }),
    ]);

    const before = Date.now();
    await promoteRelease(target, 'files', staged.version, 'Grace');
    expect(readRegistry(env).remotes.files).toMatchObject({ version: staged.version, integrity: staged.integrity });
    const [status] = (await environmentStatus(target)).remotes;
    expect(status).toMatchObject({ live: staged.version, changedBy: 'Grace', lastAction: `promote files@${staged.version}` });
    expect(Date.parse(status!.changedAt!)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('rolls back to the previous live version, then the one before, and says when there is none', async () => {
    const v1 = await stage({ version: '1.0.0' });
    const v2 = await stage({ version: '1.1.0' });
    const v3 = await stage({ version: '1.2.0' });
    for (const v of [v1, v2, v3]) await promoteRelease(target, 'files', v.version, 'Ada');

    expect(await rollbackRemote(target, 'files', 'Bob')).toMatchObject({ version: v2.version, endedCanary: null });
    expect(readRegistry(env).remotes.files!.version).toBe(v2.version);
    await rollbackRemote(target, 'files', 'Bob');
    expect(readRegistry(env).remotes.files!.version).toBe(v1.version);
    await expect(rollbackRemote(target, 'files', 'Bob')).rejects.toThrow(/files has no earlier live version .*rollback files <version>/);
    // A release stays available: promoting forward again is one more registry change.
    await promoteRelease(target, 'files', '1.2.0', 'Ada');
    expect(readRegistry(env).remotes.files!.version).toBe(v3.version);
  });

  it('gives a canary to a share of browsers; rollback ends it and promote makes it live', async () => {
    const v1 = await stage({ version: '1.0.0' });
    const v2 = await stage({ version: '1.1.0' });
    await expect(startCanary(target, 'files', v2.version, 10, 'Ada')).rejects.toThrow(/files has nothing live .* promote a first release/);
    await promoteRelease(target, 'files', v1.version, 'Ada');

    await startCanary(target, 'files', v2.version, 10, 'Ada');
    expect(readRegistry(env).remotes.files).toMatchObject({ version: v1.version, canary: { version: v2.version, percentage: 10, integrity: v2.integrity } });
    expect((await environmentStatus(target)).remotes[0]).toMatchObject({ live: v1.version, canary: { version: v2.version, percentage: 10 } });

    expect(await rollbackRemote(target, 'files', 'Ada')).toMatchObject({ version: v1.version, endedCanary: v2.version });
    expect(readRegistry(env).remotes.files!.canary).toBeUndefined();

    await startCanary(target, 'files', v2.version, 25, 'Ada');
    await promoteRelease(target, 'files', v2.version, 'Ada');
    expect(readRegistry(env).remotes.files).toMatchObject({ version: v2.version });
    expect(readRegistry(env).remotes.files!.canary).toBeUndefined();
    // The canary that was promoted rolls back to what was live before it.
    await rollbackRemote(target, 'files', 'Ada');
    expect(readRegistry(env).remotes.files!.version).toBe(v1.version);
  });

  it('puts where each live release\'s entry and first scripts are, with their hashes, into the registry (promote, canary, rollback)', async () => {
    const filesOf = (version: string) => {
      const hash = (file: string) => sriOf(readFileSync(path.join(env.releaseDir('files', version), file)));
      const app = '__federation_expose_app.0123abcd.js';
      return { entry: 'remoteEntry.js', globalName: 'files', app: [app], integrity: { 'remoteEntry.js': hash('remoteEntry.js'), [app]: hash(app) }, shared: ['@portal/platform', 'react'] };
    };
    const first = await stage({ version: '1.0.0' });
    const second = await stage({ version: '1.1.0', content: 'second' });
    await promoteRelease(target, 'files', first.version, 'Ada');
    expect(readRegistry(env).remotes.files?.files).toEqual(filesOf(first.version));
    await startCanary(target, 'files', second.version, 10, 'Ada');
    expect(readRegistry(env).remotes.files?.canary?.files).toEqual(filesOf(second.version));
    await promoteRelease(target, 'files', second.version, 'Ada');
    await rollbackRemote(target, 'files', 'Ada');
    expect(readRegistry(env).remotes.files).toMatchObject({ version: first.version, files: filesOf(first.version) });
  });

  it('leaves the files out when the manifest cannot say where they are (a public path of its own): the shell reads the manifest', async () => {
    const dir = build({ version: '1.0.0' });
    const manifestFile = path.join(dir, 'mf-manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { metaData: Record<string, unknown> };
    writeFileSync(manifestFile, JSON.stringify({ ...manifest, metaData: { ...manifest.metaData, publicPath: 'https://cdn.example/files/' } }));
    const staged = await stageRelease(target, { distDir: dir, actor: 'Ada' });
    await promoteRelease(target, 'files', staged.version, 'Ada');
    expect(readRegistry(env).remotes.files).toMatchObject({ version: staged.version });
    expect(readRegistry(env).remotes.files?.files).toBeUndefined();
  });

  it('keeps every change when many promotes of different remotes run at once', async () => {
    const names = Array.from({ length: 12 }, (_, i) => `remote_${i}`);
    const staged = [];
    for (const name of names) {
      env.setOrigins({ [name]: `http://127.0.0.1:${5000 + staged.length}` });
      staged.push(await stage({ name }));
    }
    await Promise.all(staged.map((s) => promoteRelease(target, s.remote, s.version, 'Ada')));
    expect(Object.keys(readRegistry(env).remotes).sort()).toEqual([...names].sort());
    expect((await readRegistryState(target)).revision).toBe(names.length);
  });

  it('copies a revision whose writer stopped before registry.json on the next change, and status says so meanwhile', async () => {
    const files = await stage({ name: 'files' });
    const data = await stage({ name: 'data' });
    await promoteRelease(target, 'files', files.version, 'Ada');
    // A writer that committed revision 2 and was killed before copying it to registry.json.
    const stopped = await updateRegistry(target, 'Ada', (state) => ({ registry: state.registry, remotes: state.remotes, action: 'stopped' }));
    const registryJson = readRegistry(env);
    unlinkSync(env.registryFile);
    expect(stopped.revision).toBe(2);
    await promoteRelease(target, 'files', files.version, 'Ada'); // nothing to change, still copies the newest
    expect(readRegistry(env)).toEqual(registryJson);

    const revisions = path.join(env.root, 'registry-revisions');
    const status = await environmentStatus(target);
    expect(status.registryUpToDate).toBe(true);
    await promoteRelease(target, 'data', data.version, 'Ada');
    expect(readdirSync(revisions)).toHaveLength(3);
    expect(Object.keys(readRegistry(env).remotes).sort()).toEqual(['data', 'files']);
    expect(formatStatus(await environmentStatus(target))).toMatch(/^data +1\.2\.0\+[0-9a-f]{8} +- +1\.2\.0\+[0-9a-f]{8} +\S+ +Ada$/m);
  });
});
