// The release of the portal's packages (scripts/release-packages.ts): the published package.json
// derived from the workspace's, and the checks that stop a release. tests/published-packages.spec.ts
// packs the real packages and installs them outside the repository.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CONTRACT_VERSION } from '@portal/platform/node';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { publishablePackages, registryState, releaseProblems, type WorkspacePackage } from '../scripts/release/packages.js';
import { publishedManifest } from '../scripts/release/published-manifest.js';

const REPO = path.resolve(__dirname, '..');
/** The Module Federation version the shell builds with. */
const FEDERATION_VERSION = (JSON.parse(readFileSync(require.resolve('@module-federation/runtime/package.json', { paths: [path.join(REPO, 'shell')] }), 'utf8')) as { version: string }).version;

describe('the published package.json', () => {
  const workspace = {
    name: '@portal/example',
    version: '1.2.0',
    type: 'module',
    main: 'src/index.ts',
    types: 'src/index.ts',
    exports: { '.': './src/index.ts', './node': './src/node.ts', './widget': './src/widgets/widget.tsx', './package.json': './package.json' },
    bin: { example: 'bin/example.js' },
    release: { bin: { example: './src/cli.ts' } },
    files: ['dist', 'CHANGELOG.md', 'README.md'],
    scripts: { test: 'jest' },
    dependencies: { zod: '^4.0.0' },
    peerDependencies: { react: '^19.0.0' },
    devDependencies: { jest: '^30.0.0' },
  };

  it('points main, types, every export and the commands at the compiled files, with their declarations', () => {
    expect(publishedManifest(workspace)).toEqual({
      name: '@portal/example',
      version: '1.2.0',
      type: 'module',
      main: './dist/index.js',
      types: './dist/index.d.ts',
      exports: {
        '.': { types: './dist/index.d.ts', default: './dist/index.js' },
        './node': { types: './dist/node.d.ts', default: './dist/node.js' },
        './widget': { types: './dist/widgets/widget.d.ts', default: './dist/widgets/widget.js' },
        './package.json': './package.json',
      },
      bin: { example: './dist/cli.js' },
      files: ['dist', 'CHANGELOG.md', 'README.md'],
      dependencies: { zod: '^4.0.0' },
      peerDependencies: { react: '^19.0.0' },
    });
  });

  it('refuses what it cannot publish: a private package, no files list, an export outside src/, a command without its entry', () => {
    expect(() => publishedManifest({ ...workspace, private: true })).toThrow(/is private/);
    expect(() => publishedManifest({ ...workspace, files: undefined })).toThrow(/names no "files"/);
    expect(() => publishedManifest({ ...workspace, exports: { '.': './lib/index.js' } })).toThrow(/exports\["\."\] is "\.\/lib\/index\.js": a published package exports TypeScript sources under \.\/src\/ only/);
    expect(() => publishedManifest({ ...workspace, exports: { '.': { import: './src/index.ts' } } })).toThrow(/must be one path/);
    expect(() => publishedManifest({ ...workspace, release: undefined })).toThrow(/has a "bin" but no "release.bin"/);
  });
});

describe('the checks before a release', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'portal-release-check-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const pkg = (name: string, version: string, changelog: string | null, dependencies: Record<string, string> = {}): WorkspacePackage => {
    const folder = path.join(dir, name.replace('@portal/', ''));
    mkdirSync(folder, { recursive: true });
    if (changelog !== null) writeFileSync(path.join(folder, 'CHANGELOG.md'), changelog);
    return { name, version, dir: folder, manifest: { name, version, dependencies } };
  };

  it('finds nothing wrong with the workspace as it is: every package can be released', () => {
    const packages = publishablePackages(REPO);
    expect(packages.map((p) => p.name).sort()).toEqual(['@portal/compiled-entry', '@portal/create-remote', '@portal/deploy', '@portal/emulator', '@portal/function-catalogue', '@portal/platform', '@portal/testing', '@portal/ui']);
    // Each after what it depends on.
    const order = packages.map((p) => p.name);
    expect(order.indexOf('@portal/compiled-entry')).toBeLessThan(order.indexOf('@portal/emulator'));
    expect(order.indexOf('@portal/function-catalogue')).toBeLessThan(order.indexOf('@portal/emulator'));
    expect(order.indexOf('@portal/ui')).toBeLessThan(order.indexOf('@portal/emulator'));
    expect(order.indexOf('@portal/platform')).toBeLessThan(order.indexOf('@portal/deploy'));
    expect(order.indexOf('@portal/deploy')).toBeLessThan(order.indexOf('@portal/testing'));
    expect(order.indexOf('@portal/emulator')).toBeLessThan(order.indexOf('@portal/testing'));
    expect(releaseProblems(packages, { contractVersion: CONTRACT_VERSION, federationVersion: FEDERATION_VERSION })).toEqual([]);
  });

  it('names a version without its CHANGELOG.md entry, a range that excludes the version released beside it, a platform whose version is not its contract, and Module Federation not pinned to the shell\'s', () => {
    const platform = pkg('@portal/platform', '1.5.0', '# Changelog\n\n## 1.5.0\n\nPresence of a remote.\n');
    const ui = pkg('@portal/ui', '1.1.0', '# Changelog\n\n## 1.0.0\n\nFirst.\n');
    const deploy = pkg('@portal/deploy', '1.0.0', null, { '@portal/platform': '~1.4.0', '@module-federation/enhanced': '^2.9.2' });
    expect(releaseProblems([platform, ui, deploy], { contractVersion: '1.4.0', federationVersion: '2.9.2' })).toEqual([
      '@portal/platform is version 1.5.0 but its contract (CONTRACT_VERSION, shared/platform/src/version.ts) is 1.4.0: the package\'s version is the contract\'s, so set both to the same.',
      '@portal/ui 1.1.0 has no entry in CHANGELOG.md: add "## 1.1.0" with what changed.',
      '@portal/deploy has no CHANGELOG.md.',
      '@portal/deploy asks for @portal/platform ~1.4.0, which excludes 1.5.0, the version released with it: widen the range.',
      '@portal/deploy asks for @module-federation/enhanced ^2.9.2, but the shell is built with Module Federation 2.9.2: pin exactly "2.9.2", since a remote entry runs only with the shell\'s own runtime.',
    ]);
    expect(releaseProblems([platform], { contractVersion: '1.5.0', federationVersion: '2.9.2' })).toEqual([]);
  });
});

describe('what the registry holds of a version', () => {
  // A registry answering npm's read of a package document (GET /<name>), as the npm registry and
  // Verdaccio do: the published package.json of every version, with the contentHash the release wrote.
  let registry: Server;
  let url: string;
  beforeAll(async () => {
    registry = createServer((request, response) => {
      if (decodeURIComponent(request.url ?? '') !== '/@portal/platform') {
        response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}');
        return;
      }
      const version = (v: string, contentHash: string) => ({ name: '@portal/platform', version: v, contentHash, dist: { tarball: `${url}/@portal/platform/-/platform-${v}.tgz`, shasum: '0'.repeat(40) } });
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({ name: '@portal/platform', 'dist-tags': { latest: '1.5.0' }, versions: { '1.4.0': version('1.4.0', 'sha256-old'), '1.5.0': version('1.5.0', 'sha256-live') } }),
      );
    });
    await new Promise<void>((resolve) => registry.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(registry.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => registry.close(() => resolve())));

  it('tells a version it lacks (of a package it has, or not), one with the same content and one with other content', async () => {
    const [missingVersion, missingPackage, same, different] = await Promise.all([
      registryState({ name: '@portal/platform', version: '1.6.0', contentHash: 'sha256-new' }, url),
      registryState({ name: '@portal/ui', version: '1.0.0', contentHash: 'sha256-ui' }, url),
      registryState({ name: '@portal/platform', version: '1.5.0', contentHash: 'sha256-live' }, url),
      registryState({ name: '@portal/platform', version: '1.4.0', contentHash: 'sha256-changed' }, url),
    ]);
    expect(missingVersion).toEqual({ state: 'absent' });
    expect(missingPackage).toEqual({ state: 'absent' });
    expect(same).toEqual({ state: 'same' });
    expect(different).toEqual({ state: 'different', contentHash: 'sha256-old' });
  });
});
