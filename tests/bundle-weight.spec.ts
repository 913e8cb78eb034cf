// What the shell and a remote ship to every visitor, read from the real build's source maps
// (sizes are bytes, not times: the same sources always build to the same files).
// bench/portal-vs-monolith.ts measures the same bytes on the wire in Chromium.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildAppsInto, remoteNames, REPO } from './portal-harness.js';
import { scriptsBuiltFrom, sourcesByScript as sourcesOfBuild } from './support/build-sources.js';

let out: string;
const REMOTES = remoteNames();

beforeAll(async () => {
  out = mkdtempSync(path.join(REPO, '.tmp', 'bundle-weight-'));
  await buildAppsInto(out, ['shell', ...REMOTES]);
}, 600_000);

afterAll(() => rmSync(out, { recursive: true, force: true }));

/** The modules each script of an app's build is made of (`sources` of its source map). */
const sourcesByScript = (app: string) => sourcesOfBuild(path.join(out, app));

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
    expect(sources.filter((s) => s.endsWith('shared/platform/src/federation-bundler-runtime.ts'))).toHaveLength(1);
    expect(gzipKb(entry)).toBeLessThan(6);
  });

  it('lists in a remote\'s manifest the shared modules its ./app consumes (the shell asks for them beside the entry)', () => {
    const manifest = JSON.parse(readFileSync(path.join(out, 'account', 'mf-manifest.json'), 'utf8')) as { portalExposeShared?: Record<string, string[]> };
    expect(manifest.portalExposeShared?.['./app']).toEqual(expect.arrayContaining(['@portal/platform', '@portal/ui/form-controls', 'react']));
    // Only the signed-in pages' cards open dialogs, and those pages are a chunk of their own.
    expect(manifest.portalExposeShared?.['./app']).not.toContain('@portal/ui/overlays');
    // The account pages have forms and no table: the table's group is not theirs to load.
    expect(manifest.portalExposeShared?.['./app']).not.toContain('@portal/ui/tables');
    expect(manifest.portalExposeShared?.['./app']).not.toContain('@portal/ui/forms');
  });

  it('keeps the federation runtime out of the shell\'s main (but for its semver ranges), in one script with the shell\'s federation code, under 26 KB gzipped, without the manifest snapshot and preload-assets plugins', () => {
    const scripts = sourcesByScript('shell');
    const main = [...scripts.keys()].find((file) => file.startsWith('main.'))!;
    const federationInMain = scripts.get(main)!.filter((s) => s.includes('@module-federation/'));
    expect(federationInMain.filter((s) => !s.includes('@module-federation/runtime-core/dist/utils/semver/'))).toEqual([]);
    const runtime = [...scripts].filter(([, sources]) => sources.some((s) => s.includes('@module-federation/') && !s.includes('/utils/semver/')));
    // One request for the first remote's route: the runtime and the shell's code that drives it
    // were two scripts (21.8 and 6.0 KB), and one is 2 KB smaller (modules concatenated, one stream).
    expect(runtime.map(([file]) => file)).toEqual([expect.stringMatching(/^federation-runtime\./)]);
    const [file, sources] = runtime[0]!;
    expect(sources.filter((s) => s.endsWith('/src/federation/federation-runtime.ts'))).toHaveLength(1);
    expect(gzipKb(path.join(out, 'shell', file))).toBeLessThan(26);
    expect(sources.filter((s) => /runtime-core\/dist\/plugins\/(snapshot\/index|generate-preload-assets)\.js$/.test(s))).toEqual([]);
  });

  it('keeps form controls and dialogs off the shell\'s start: their design-system groups load when something renders them', () => {
    const scripts = sourcesByScript('shell');
    const main = [...scripts.keys()].find((file) => file.startsWith('main.'))!;
    expect(scripts.get(main)!.filter((source) => source.includes('shared/ui/src/'))).not.toEqual([]);
    expect(scripts.get(main)!.filter((source) => /shared\/ui\/src\/(forms|tables|overlays)\//.test(source))).toEqual([]);
    for (const group of ['forms', 'tables', 'overlays']) expect(scriptsBuiltFrom(path.join(out, 'shell'), new RegExp(`shared/ui/src/${group}/[A-Z]`))).not.toEqual([]);
  });

  it('builds each design-system group the shell loads on demand into one script: a form loads no table, and no module comes twice', () => {
    const shell = path.join(out, 'shell');
    const groups = Object.fromEntries(['forms', 'tables', 'overlays'].map((folder) => [folder, scriptsBuiltFrom(shell, new RegExp(`shared/ui/src/${folder}/`))]));
    // One script per group: the form controls' stylesheet used to come again in the table's
    // script (a table's selection uses the checkbox), and the table in the status page's.
    expect(groups).toEqual({ forms: [expect.stringMatching(/^ui-form-controls\./)], tables: [expect.stringMatching(/^ui-tables\./)], overlays: [expect.stringMatching(/^ui-overlays\./)] });
    const formControls = sourcesByScript('shell').get(groups.forms![0]!)!;
    expect(formControls.filter((source) => /shared\/ui\/src\/(tables|overlays)\//.test(source))).toEqual([]);
  });

  it('keeps off a remote\'s first page the code only some of its actions need', () => {
    /** The scripts the registry lists for a remote's `./app` (its manifest's sync assets) and the modules in them. */
    const firstPage = (remote: string) => {
      const manifest = JSON.parse(readFileSync(path.join(out, remote, 'mf-manifest.json'), 'utf8')) as { exposes: Array<{ name: string; assets: { js: { sync: string[] } } }> };
      const scripts = manifest.exposes.find((expose) => expose.name === 'app')!.assets.js.sync;
      const sources = sourcesByScript(remote);
      return scripts.flatMap((script) => sources.get(script) ?? []);
    };
    // Previews of Markdown and CSV, and resumable uploads of large files, load with their first use.
    const files = firstPage('files');
    expect(files.some((source) => source.endsWith('src/components/FolderBrowser.tsx'))).toBe(true);
    expect(files.filter((source) => /node_modules\/(marked|dompurify|papaparse|tus-js-client)\//.test(source))).toEqual([]);
    // The signed-in account pages load when a signed-in person opens them, not with the sign-in form.
    const account = firstPage('account');
    expect(account.some((source) => source.endsWith('src/sign-in/SignInPage.tsx'))).toBe(true);
    expect(account.filter((source) => /src\/(profile\/ProfilePage|security\/SecurityPage)\.tsx$/.test(source))).toEqual([]);
  });

  it('ships zod/mini to the browser, not the full zod build, from the shell and every remote', () => {
    expect(REMOTES).toEqual(expect.arrayContaining(['account', 'functions', 'live']));
    for (const app of ['shell', ...REMOTES]) {
      const classic = [...sourcesByScript(app)].flatMap(([file, sources]) => sources.filter((s) => s.includes('/zod/v4/classic/')).map((s) => `${app}/${file}: ${s}`));
      expect(classic).toEqual([]);
    }
  });
});
