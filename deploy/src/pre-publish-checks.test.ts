import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeFakeRemoteBuild, type FakeBuildOptions } from '../test/fake-remote-build.js';
import { openEnvironment, type Environment } from './environment.js';
import { isDeployError } from './errors.js';
import { stageRelease } from './publish.js';
import { folderTarget } from './targets/folder-target.js';

let work: string;
let env: Environment;
let builds = 0;

const stage = (options: FakeBuildOptions) => stageRelease(folderTarget(env), { distDir: writeFakeRemoteBuild(path.join(work, `build-${++builds}`), options), actor: 'Ada' });

async function refusal(options: FakeBuildOptions): Promise<{ code: string; message: string }> {
  try {
    await stage(options);
  } catch (error) {
    if (isDeployError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('the build was published');
}

beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), 'portal-checks-'));
  env = openEnvironment(path.join(work, 'staging'));
  env.setShellContract('1.2.0');
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

describe('checks before a release is staged', () => {
  it('publishes a build that passes them all (the control case)', async () => {
    await expect(stage({})).resolves.toMatchObject({ remote: 'files', copied: true });
  });

  it('refuses a build that shares its own copy of a singleton the shell provides, naming it and the file', async () => {
    expect(await refusal({ sharesOwnReact: true })).toEqual({
      code: 'DEPLOY-011',
      message: expect.stringMatching(/^files bundles its own copy of react \(mf-manifest\.json shares "react" from its own vendors-react\.1111aaaa\.js\).*import: false/),
    });
  });

  it.each([
    ['react', 'react/cjs/react.production.js'],
    ['react-dom', 'react-dom/cjs/react-dom-client.production.js'],
    ['@supabase/supabase-js', '@supabase/supabase-js/dist/index.mjs'],
    ['@portal/platform', '@portal/platform/src/index.ts'],
    // As installed from the registry: compiled JavaScript.
    ['@portal/platform', '@portal/platform/dist/index.js'],
  ])('refuses a build whose code bundles %s (its source map names the module)', async (singleton, module) => {
    const { code, message } = await refusal({ bundles: module });
    expect(code).toBe('DEPLOY-011');
    expect(message).toContain(`files bundles its own copy of ${singleton} (__federation_expose_app.0123abcd.js.map lists ../../node_modules/${module})`);
  });

  it('lets a build bundle what is not a singleton (the platform’s registry subpath, other libraries)', async () => {
    await expect(stage({ bundles: '@portal/platform/src/registry.ts' })).resolves.toMatchObject({ copied: true });
    // The bundler runtime remotes bind to the shell's is the preset's, in every remote.
    await expect(stage({ bundles: '@portal/platform/dist/federation-bundler-runtime.js', version: '1.1.1' })).resolves.toMatchObject({ copied: true });
    await expect(stage({ bundles: 'zod/index.js', version: '1.3.0' })).resolves.toMatchObject({ copied: true });
  });

  it('refuses a contract range that excludes the shell of the environment', async () => {
    expect(await refusal({ contract: '^2.0.0' })).toEqual({
      code: 'DEPLOY-012',
      message: expect.stringMatching(/^files declares @portal\/platform \^2\.0\.0, which excludes 1\.2\.0, the contract the shell of the folder .* provides/),
    });
    expect(await refusal({ contract: '~1.3.0' })).toMatchObject({ code: 'DEPLOY-012' });
  });

  it('refuses when the environment does not say which contract its shell provides', async () => {
    env = openEnvironment(path.join(work, 'bare'));
    expect(await refusal({})).toMatchObject({ code: 'DEPLOY-007', message: expect.stringMatching(/does not say which @portal\/platform contract its shell provides/) });
  });

  it('refuses a manifest that does not expose ./app', async () => {
    expect(await refusal({ exposes: ['./widget'] })).toEqual({
      code: 'DEPLOY-013',
      message: expect.stringMatching(/^files's mf-manifest\.json does not expose \.\/app \(it exposes \.\/widget\)/),
    });
  });

  it('refuses an exposed module whose chunk is not in the build', async () => {
    const dir = writeFakeRemoteBuild(path.join(work, 'no-chunk'), {});
    rmSync(path.join(dir, '__federation_expose_app.0123abcd.js'));
    await expect(stageRelease(folderTarget(env), { distDir: dir, actor: 'Ada' })).rejects.toThrow(/exposed module \.\/app needs __federation_expose_app\.0123abcd\.js, which the build does not hold/);
  });

  it('refuses a version already published with other content, and writes nothing', async () => {
    const first = await stage({ version: '1.2.0', content: 'a' });
    const { code, message } = await refusal({ version: '1.2.0', content: 'b' });
    expect(code).toBe('DEPLOY-005');
    expect(message).toMatch(new RegExp(`^files 1\\.2\\.0 was already published with other content \\(${first.version.replace('+', '\\+')}\\); raise "version"`));
    // The same build again is no conflict, and a new version is welcome.
    await expect(stage({ version: '1.2.0', content: 'a' })).resolves.toMatchObject({ version: first.version, copied: false });
    await expect(stage({ version: '1.2.1', content: 'b' })).resolves.toMatchObject({ copied: true });
  });

  it('refuses a build consuming a design-system group newer than the lowest contract its range admits, naming the version to declare', async () => {
    env.setShellContract('1.4.0');
    expect(await refusal({ contract: '^1.0.0', consumes: ['@portal/ui/core', '@portal/ui/form-controls'] })).toEqual({
      code: 'DEPLOY-014',
      message:
        'files consumes @portal/ui/form-controls (contract 1.4.0) but declares @portal/platform ^1.0.0, which admits 1.0.0, a shell without it; declare "contract": "^1.4.0" in remote.json and build again.',
    });
    expect(await refusal({ contract: '>=1.3.0 <2.0.0', consumes: ['@portal/ui/tables'] })).toMatchObject({ code: 'DEPLOY-014' });
    // The same build declaring the contract that provides it, and an older build of the one group
    // every shell provides (`forms`), are published.
    await expect(stage({ contract: '^1.4.0', consumes: ['@portal/ui/form-controls', '@portal/ui/tables'] })).resolves.toMatchObject({ copied: true });
    await expect(stage({ contract: '^1.0.0', consumes: ['@portal/ui/forms'], version: '1.3.0' })).resolves.toMatchObject({ copied: true });
  });

  it('writes nothing for a refused build', async () => {
    await refusal({ contract: '^2.0.0' });
    await refusal({ sharesOwnReact: true });
    expect(existsSync(path.join(env.root, 'remotes'))).toBe(false);
    expect(existsSync(path.join(env.root, 'releases'))).toBe(false);
  });
});
