// What the shell and a remote ship to every visitor, read from the real build's source maps
// (sizes are bytes, not times: the same sources always build to the same files).
// bench/portal-vs-monolith.ts measures the same bytes on the wire in Chromium.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildAppsInto, REPO } from './portal-harness.js';

let out: string;

beforeAll(async () => {
  out = mkdtempSync(path.join(REPO, '.tmp', 'bundle-weight-'));
  await buildAppsInto(out, ['shell', 'account']);
}, 600_000);

afterAll(() => rmSync(out, { recursive: true, force: true }));

/** The modules each script of an app's build is made of (`sources` of its source map). */
function sourcesByScript(app: string): Map<string, string[]> {
  const dir = path.join(out, app);
  const scripts = readdirSync(dir).filter((file) => file.endsWith('.js'));
  return new Map(scripts.map((file) => [file, (JSON.parse(readFileSync(path.join(dir, `${file}.map`), 'utf8')) as { sources: string[] }).sources]));
}

const gzipKb = (file: string) => gzipSync(readFileSync(file)).length / 1024;

describe('the weight of the shell and of a remote entry', () => {
  it('bundles the ES module builds of the federation runtime (tree-shaken), never the CommonJS ones', () => {
    for (const app of ['shell', 'account']) {
      const commonJs = [...sourcesByScript(app)].flatMap(([file, sources]) => sources.filter((s) => /@module-federation\/.*\.cjs$/.test(s)).map((s) => `${file}: ${s}`));
      expect(commonJs).toEqual([]);
    }
  });

  it('keeps a remote entry to its own container: the bundler runtime is the shell\'s, no sdk script loaders, manifest or logger, under 6 KB gzipped', () => {
    const entry = path.join(out, 'account', 'remoteEntry.js');
    const sources = sourcesByScript('account').get('remoteEntry.js')!;
    expect(sources.filter((s) => /@module-federation\/sdk\/dist\/(node|dom|generateSnapshotFromManifest|logger)\./.test(s))).toEqual([]);
    expect(sources.filter((s) => s.includes('@module-federation/webpack-bundler-runtime/'))).toEqual([]);
    expect(sources.filter((s) => s.endsWith('shell/src/federation-bundler-runtime.ts'))).toHaveLength(1);
    expect(gzipKb(entry)).toBeLessThan(6);
  });

  it('lists in a remote\'s manifest the shared modules its ./app consumes (the shell asks for them beside the entry)', () => {
    const manifest = JSON.parse(readFileSync(path.join(out, 'account', 'mf-manifest.json'), 'utf8')) as { portalExposeShared?: Record<string, string[]> };
    expect(manifest.portalExposeShared?.['./app']).toEqual(expect.arrayContaining(['@portal/platform', '@portal/ui/forms', '@portal/ui/overlays', 'react']));
  });

  it('keeps the federation runtime in the shell\'s main under 28 KB gzipped, without the manifest snapshot and preload-assets plugins', () => {
    const main = [...sourcesByScript('shell').keys()].find((file) => file.startsWith('main.'))!;
    expect(gzipKb(path.join(out, 'shell', main))).toBeLessThan(28);
    const mainSources = sourcesByScript('shell').get(main)!;
    expect(mainSources.filter((s) => /runtime-core\/dist\/plugins\/(snapshot\/index|generate-preload-assets)\.js$/.test(s))).toEqual([]);
  });

  it('shares @portal/ui per group, and the core group (what every page loads) carries no form controls or dialogs', () => {
    const manifest = JSON.parse(readFileSync(path.join(out, 'shell', 'mf-manifest.json'), 'utf8')) as { shared: Array<{ name: string; assets: { js: { sync: string[] } } }> };
    const ui = manifest.shared.filter((shared) => shared.name.startsWith('@portal/ui'));
    expect(ui.map((shared) => shared.name).sort()).toEqual(['@portal/ui/core', '@portal/ui/forms', '@portal/ui/overlays']);
    const coreFiles = ui.find((shared) => shared.name === '@portal/ui/core')!.assets.js.sync;
    const coreSources = coreFiles.flatMap((file) => sourcesByScript('shell').get(file) ?? []);
    expect(coreSources.filter((source) => source.includes('shared/ui/src/'))).not.toEqual([]);
    expect(coreSources.filter((source) => /shared\/ui\/src\/(forms|overlays)\/[A-Z]|data\/Table|nav\/Pagination/.test(source))).toEqual([]);
    expect(coreFiles.reduce((sum, file) => sum + gzipKb(path.join(out, 'shell', file)), 0)).toBeLessThan(18.5);
  });

  it('ships zod/mini to the browser, not the full zod build', () => {
    const classic = [...sourcesByScript('shell').values()].flat().filter((s) => s.includes('/zod/v4/classic/'));
    expect(classic).toEqual([]);
  });
});
