// A remote's build output as the remote build preset leaves it (remote.json, mf-manifest.json, scripts,
// a source map), small enough to write in a test; options make it one a check must refuse.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface FakeBuildOptions {
  name?: string;
  /** The package version (buildInfo.buildVersion). */
  version?: string;
  /** Anything that changes the build's content (and so its build hash). */
  content?: string;
  /** The remote's declared @portal/platform range. */
  contract?: string;
  /** The exposed modules listed in the manifest (default: ./app from its chunk). */
  exposes?: string[];
  /** Share react from a copy inside the build (a fallback chunk) instead of import: false. */
  sharesOwnReact?: boolean;
  /** Bundle this module into the app's chunk (its source map names it), unshared. */
  bundles?: string;
  /** More shared modules the build consumes from the shell (listed in the manifest's `shared`). */
  consumes?: string[];
}

export function writeFakeRemoteBuild(dir: string, options: FakeBuildOptions = {}): string {
  const { name = 'files', version = '1.2.0', content = 'first', contract = '^1.0.0', exposes = ['./app'] } = options;
  mkdirSync(dir, { recursive: true });
  const chunk = '__federation_expose_app.0123abcd.js';
  const assets = (js: string[]) => ({ js: { sync: js, async: [] }, css: { sync: [], async: [] } });
  writeFileSync(path.join(dir, 'remote.json'), JSON.stringify({ name, title: 'Files', route: `/${name.replace(/_/g, '-')}`, icon: 'folder', contract, auth: 'aal1' }));
  writeFileSync(
    path.join(dir, 'mf-manifest.json'),
    JSON.stringify({
      id: name,
      name,
      metaData: { name, globalName: name, buildInfo: { buildVersion: version, buildName: `@portal/remote-${name}` }, publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' } },
      shared: [
        { id: `${name}:react`, name: 'react', version: '19.3.1', singleton: true, assets: assets(options.sharesOwnReact ? ['vendors-react.1111aaaa.js'] : []) },
        { id: `${name}:@portal/platform`, name: '@portal/platform', version: '1.2.0', singleton: true, assets: assets([]) },
        ...(options.consumes ?? []).map((shared) => ({ id: `${name}:${shared}`, name: shared, version: '0.1.0', singleton: true, assets: assets([]) })),
      ],
      exposes: exposes.map((expose) => ({ id: `${name}:${expose.slice(2)}`, name: expose.slice(2), path: expose, assets: assets([chunk]) })),
      remotes: [],
      portalExposeShared: Object.fromEntries(exposes.map((expose) => [expose, ['@portal/platform', 'react']])),
    }),
  );
  writeFileSync(path.join(dir, 'remoteEntry.js'), `/* entry of ${name} ${content} */`);
  writeFileSync(path.join(dir, chunk), `/* app of ${name} ${content} */`);
  const sources = [`webpack://${name}/./src/app.tsx`, ...(options.bundles ? [`webpack://${name}/../../node_modules/${options.bundles}`] : [])];
  writeFileSync(path.join(dir, `${chunk}.map`), JSON.stringify({ version: 3, sources, mappings: '' }));
  if (options.sharesOwnReact) writeFileSync(path.join(dir, 'vendors-react.1111aaaa.js'), '/* react */');
  return dir;
}
