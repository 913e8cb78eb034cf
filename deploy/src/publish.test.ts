import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openEnvironment, type Environment } from './environment.js';
import { isDeployError } from './errors.js';
import { sriOf } from './hashing.js';
import { publishRemote as publishTo, rollbackRemote as rollbackIn, stageRelease, startCanary, type StageOptions } from './publish.js';
import { readRegistry } from './registry-file.js';
import { folderTarget } from './targets/folder-target.js';

const meta = { name: 'files', title: 'Files', route: '/files', icon: 'folder', contract: '^1.0.0', auth: 'aal1' };

let work: string;
let env: Environment;

/** A remote build as the remote build preset leaves it: manifest, metadata and a hashed chunk. */
function fakeBuild(label: string, content: string, { buildVersion = '1.2.0', name = meta.name } = {}): string {
  const dir = path.join(work, `build-${label}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'remote.json'), JSON.stringify({ ...meta, name }));
  const app = { path: './app', assets: { js: { sync: ['remoteEntry.js'], async: [] } } };
  writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ metaData: { buildInfo: { buildVersion } }, exposes: [app], shared: [], content }));
  writeFileSync(path.join(dir, 'remoteEntry.js'), `/* ${content} */`);
  return dir;
}

beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), 'portal-deploy-'));
  env = openEnvironment(path.join(work, 'env'), 'staging');
  env.setOrigins({ files: 'http://127.0.0.1:4100' });
  env.setShellContract('1.2.0');
});

/** Stage and promote at once, as the local portal does (every build of the working tree). */
const publishRemote = (into: Environment, options: Omit<StageOptions, 'actor'>) => publishTo(folderTarget(into), { actor: 'tester', allowRebuild: true, ...options });
const rollbackRemote = (into: Environment, remote: string, version: string) => rollbackIn(folderTarget(into), remote, 'tester', version);
afterEach(() => rmSync(work, { recursive: true, force: true }));

describe('publishing a remote', () => {
  it('writes an immutable release folder and points the registry at it', async () => {
    const build = fakeBuild('a', 'first');
    const result = await publishRemote(env, { distDir: build });
    expect(result.version).toMatch(/^1\.2\.0\+[0-9a-f]{8}$/);
    expect(result.copied).toBe(true);
    const entry = readRegistry(env).remotes.files!;
    expect(entry).toMatchObject({ title: 'Files', route: '/files', auth: 'aal1', contract: '^1.0.0', version: result.version });
    expect(entry.manifest).toBe(`http://127.0.0.1:4100/${encodeURIComponent(result.version)}/mf-manifest.json`);
    expect(entry.integrity).toBe(sriOf(readFileSync(path.join(env.releaseDir('files', result.version), 'mf-manifest.json'))));
    expect(readdirSync(env.releaseDir('files', result.version)).sort()).toEqual(['mf-manifest.json', 'remote.json', 'remoteEntry.js']);
    // The swap left no temporary files behind.
    expect(readdirSync(env.shellDir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('lists the hash of every script and style sheet in the published manifest, which the registry hashes', async () => {
    const build = fakeBuild('a', 'first');
    writeFileSync(path.join(build, '__federation_expose_app.0123abcd.js'), 'export const app = 1;');
    writeFileSync(path.join(build, '__federation_expose_app.0123abcd.js.map'), '{}');
    mkdirSync(path.join(build, 'css'));
    writeFileSync(path.join(build, 'css', 'app.4567cdef.css'), 'body { color: red }');
    const result = await publishRemote(env, { distDir: build });
    const release = env.releaseDir('files', result.version);
    const published = readFileSync(path.join(release, 'mf-manifest.json'));
    const manifest = JSON.parse(published.toString()) as Record<string, unknown>;
    expect(manifest.portalFileIntegrity).toEqual({
      '__federation_expose_app.0123abcd.js': sriOf(readFileSync(path.join(release, '__federation_expose_app.0123abcd.js'))),
      'css/app.4567cdef.css': sriOf(readFileSync(path.join(release, 'css', 'app.4567cdef.css'))),
      'remoteEntry.js': sriOf(readFileSync(path.join(release, 'remoteEntry.js'))),
    });
    // The rest of the build's manifest is kept as it was.
    expect(manifest).toMatchObject(JSON.parse(readFileSync(path.join(build, 'mf-manifest.json'), 'utf8')) as Record<string, unknown>);
    expect(result.integrity).toBe(sriOf(published));
    expect(readRegistry(env).remotes.files!.integrity).toBe(sriOf(published));
  });

  it('gives a build whose code changed a different manifest hash, though its manifest did not change', async () => {
    const first = await publishRemote(env, { distDir: fakeBuild('a', 'same') });
    const changed = fakeBuild('b', 'same');
    writeFileSync(path.join(changed, 'remoteEntry.js'), '/* changed code */');
    const second = await publishRemote(env, { distDir: changed });
    expect(readFileSync(path.join(changed, 'mf-manifest.json'))).toEqual(readFileSync(path.join(work, 'build-a', 'mf-manifest.json')));
    expect(second.integrity).not.toBe(first.integrity);
  });

  it('publishes a build again beside the release an older deploy made of it (manifest without file hashes)', async () => {
    const build = fakeBuild('a', 'first');
    // The folder and record the previous deploy wrote: the build copied as it was, its version
    // hashed from the build's files alone.
    const hash = createHash('sha256');
    for (const file of readdirSync(build).sort()) hash.update(file).update('\0').update(readFileSync(path.join(build, file))).update('\0');
    const legacy = env.releaseDir('files', `1.2.0+${hash.digest('hex').slice(0, 8)}`);
    cpSync(build, legacy, { recursive: true });

    const result = await publishRemote(env, { distDir: build });
    expect(result.copied).toBe(true);
    expect(env.releaseDir('files', result.version)).not.toBe(legacy);
    expect(readFileSync(path.join(legacy, 'mf-manifest.json'))).toEqual(readFileSync(path.join(build, 'mf-manifest.json')));
  });

  it('reuses the folder when the same build is published again', async () => {
    const build = fakeBuild('a', 'first');
    const first = await publishRemote(env, { distDir: build });
    const again = await publishRemote(env, { distDir: build });
    expect(again).toMatchObject({ version: first.version, copied: false });
  });

  it('refuses to overwrite a release folder that holds a different build', async () => {
    const build = fakeBuild('a', 'first');
    const { version } = await publishRemote(env, { distDir: build });
    writeFileSync(path.join(env.releaseDir('files', version), 'mf-manifest.json'), '{"tampered":true}');
    try {
      await publishRemote(env, { distDir: build });
      throw new Error('expected a conflict');
    } catch (error) {
      expect(isDeployError(error) && error.code).toBe('DEPLOY-005');
    }
  });

  it('rolls back by swapping the registry to an earlier release, and clears a canary', async () => {
    const v1 = await publishRemote(env, { distDir: fakeBuild('a', 'first') });
    const v2 = await publishRemote(env, { distDir: fakeBuild('b', 'second') });
    expect(readRegistry(env).remotes.files!.version).toBe(v2.version);

    const staged = await stageRelease(folderTarget(env), { distDir: fakeBuild('c', 'third'), actor: 'tester', allowRebuild: true });
    const canary = await startCanary(folderTarget(env), 'files', staged.version, 10, 'tester');
    expect(readRegistry(env).remotes.files).toMatchObject({ version: v2.version, canary: { version: canary.version, percentage: 10 } });

    await rollbackRemote(env, 'files', v1.version);
    const entry = readRegistry(env).remotes.files!;
    expect(entry.version).toBe(v1.version);
    expect(entry.canary).toBeUndefined();
    // Nothing was deleted: rolling forward again is one more swap.
    await rollbackRemote(env, 'files', v2.version);
    expect(readRegistry(env).remotes.files!.version).toBe(v2.version);
  });

  it('says which versions exist when asked for one that does not', async () => {
    const v1 = await publishRemote(env, { distDir: fakeBuild('a', 'first') });
    await expect(rollbackRemote(env, 'files', '9.9.9')).rejects.toThrow(new RegExp(`has no release 9\\.9\\.9 in the folder .*\\. Published: ${v1.version.replace('+', '\\+')}`));
    await expect(rollbackRemote(env, 'nothing', '1.0.0')).rejects.toThrow(/No releases of "nothing"/);
  });

  it('explains what to do when the build or the origin is missing', async () => {
    await expect(publishRemote(env, { distDir: path.join(work, 'nowhere') })).rejects.toThrow(/Build it first/);
    const other = openEnvironment(path.join(work, 'other'));
    other.setShellContract('1.2.0');
    await expect(publishRemote(other, { distDir: fakeBuild('a', 'first') })).rejects.toThrow(/pass --origin/);
  });
});

/** Every file and folder below `dir`, with sizes: to see that nothing was written. */
function snapshot(dir: string): string[] {
  const out: string[] = [];
  const walk = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      out.push(`${path.relative(dir, full)} ${entry.isDirectory() ? 'dir' : statSync(full).size}`);
      if (entry.isDirectory()) walk(full);
    }
  };
  walk(dir);
  return out.sort();
}

const HOSTILE = [
  ['a parent folder', '../../../../portal-escape'],
  ['a nested climb', '1.0.0/../../../../../portal-escape'],
  ['an absolute path', path.join(tmpdir(), 'portal-escape')],
  ['backslashes', '..\\..\\..\\..\\portal-escape'],
  ['a NUL byte', '1.0.0\0.js'],
  ['an empty string', ''],
  ['a dot', '.'],
  ['two dots', '..'],
  ['a very long name', 'x'.repeat(300)],
] as const;

describe('names and versions that become paths', () => {
  async function expectRefused(run: () => unknown, code: string, message: RegExp): Promise<void> {
    let caught: unknown;
    try {
      await run();
    } catch (error) {
      caught = error;
    }
    expect(isDeployError(caught) && { code: caught.code, message: caught.message }).toEqual({ code, message: expect.stringMatching(message) });
  }

  it.each(HOSTILE)('refuses a build whose version is %s before writing anything', async (_, buildVersion) => {
    const build = fakeBuild('hostile', 'evil', { buildVersion });
    const before = { env: snapshot(env.root), parent: snapshot(work) };
    await expectRefused(() => publishRemote(env, { distDir: build }), 'DEPLOY-008', /^The version ".*" (is empty|is longer than|may hold only|may not hold)/);
    expect({ env: snapshot(env.root), parent: snapshot(work) }).toEqual(before);
    // The hostile versions aim past `work` too (into the temporary folder itself).
    expect(readdirSync(tmpdir()).filter((f) => f.startsWith('portal-escape'))).toEqual([]);
    expect(readRegistry(env).remotes).toEqual({});
  });

  it.each(HOSTILE)('refuses a build whose remote name is %s before writing anything', async (_, name) => {
    const build = fakeBuild('hostile', 'evil', { name });
    const before = { env: snapshot(env.root), parent: snapshot(work) };
    // The metadata schema turns most away; the path check catches what it lets through (length).
    await expectRefused(() => publishRemote(env, { distDir: build }), name.length > 128 ? 'DEPLOY-008' : 'DEPLOY-004', /(remote\.json is invalid: name|^The remote name )/);
    expect({ env: snapshot(env.root), parent: snapshot(work) }).toEqual(before);
  });

  it.each(HOSTILE)('refuses %s as a remote name to roll back, to serve or to give an origin', async (_, name) => {
    const before = snapshot(work);
    await expectRefused(() => rollbackRemote(env, name, '1.0.0'), 'DEPLOY-008', /^The remote name /);
    await expectRefused(() => env.remoteDir(name), 'DEPLOY-008', /^The remote name /);
    await expectRefused(() => env.setOrigins({ [name]: 'http://127.0.0.1:4200' }), 'DEPLOY-008', /^The remote name /);
    expect(snapshot(work)).toEqual(before);
  });

  it.each(HOSTILE)('refuses %s as an environment name', async (_, name) => {
    const before = snapshot(work);
    await expectRefused(() => openEnvironment(path.join(work, 'named'), name), 'DEPLOY-008', /^The environment name /);
    expect(snapshot(work)).toEqual(before);
  });

  it('accepts the names and versions it writes itself', async () => {
    const { version } = await publishRemote(env, { distDir: fakeBuild('ok', 'fine', { buildVersion: '2.0.0-rc.1' }) });
    expect(version).toMatch(/^2\.0\.0-rc\.1\+[0-9a-f]{8}$/);
    expect(readdirSync(env.remoteDir('files'))).toEqual([version]);
  });
});
