// The portal as one application, for bench/portal-vs-monolith.ts: the same shell (its bootstrap,
// chrome, registry reading and single-spa root config) and the same remote sources, bundled
// together with static imports and one `import()` per exposed module (route-level code
// splitting), without Module Federation. Only the shell's federation layer is swapped for
// `src/federation.ts`, which imports the remotes' modules from this bundle.
//   npx rspack build -c bench/monolith/rspack.config.ts   (into bench/monolith/dist)
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack, type Configuration } from '@rspack/core';
import { EmitGeneratedAssetsPlugin, projectRootOf } from '@portal/deploy/rspack';
import { createConfig, listApps, remoteFacts } from '../../rspack.config.js';
import { CriticalMainScriptPlugin, InlineEarlyScriptPlugin } from '../../shell/rspack.config.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const shellSrc = path.join(root, 'shell/src');

/** One loader per exposed module of every remote: `() => import('<remote>/src/….tsx')`. */
function remoteModulesSource(): string {
  const lines = listApps()
    .filter((app) => app !== 'shell')
    .map((app) => {
      const facts = remoteFacts(app);
      const exposes = Object.entries(facts.exposes).map(([expose, file]) => `    ${JSON.stringify(expose.replace(/^\.\//, ''))}: () => import(${JSON.stringify(path.resolve(facts.dir, file))}),`);
      return `  ${JSON.stringify(facts.name)}: {\n${exposes.join('\n')}\n  },`;
    });
  return `export const remoteModules = {\n${lines.join('\n')}\n};\n`;
}

export function createMonolithConfig({ outDir = path.join(here, 'dist'), mode = 'production' }: { outDir?: string; mode?: 'production' | 'development' } = {}): Configuration {
  const shell = createConfig({ app: 'shell', outDir, mode });
  const remotes = listApps().filter((app) => app !== 'shell').map(remoteFacts);
  // The shell gathers each design-system group into one chunk because a remote consumes a group
  // whole; the monolith imports components, and splits as any application does.
  const { splitChunks: _groupChunks, ...optimization } = shell.optimization ?? {};
  return {
    ...shell,
    optimization,
    name: 'portal_monolith',
    context: here,
    // The shell's own entry.
    entry: { early: path.join(shellSrc, 'start-up/early-start.ts'), main: path.join(shellSrc, 'start-up/index.ts') },
    output: { ...shell.output, uniqueName: 'portal_monolith', crossOriginLoading: false },
    resolve: {
      ...shell.resolve,
      alias: {
        [path.join(shellSrc, 'federation/federation.ts')]: path.join(here, 'src/federation.ts'),
        [path.join(shellSrc, 'chrome/shared-modules.ts')]: path.join(here, 'src/shared-modules.ts'),
      },
    },
    plugins: [
      new rspack.experiments.VirtualModulesPlugin({ [path.join(here, 'src/generated-remote-modules.js')]: remoteModulesSource() }),
      new rspack.HtmlRspackPlugin({ template: path.join(root, 'shell/index.html'), scriptLoading: 'defer', minify: mode === 'production' }),
      new InlineEarlyScriptPlugin(),
      new CriticalMainScriptPlugin(),
      // Files a remote generates at build time (the functions catalogue) lie beside the code, as in
      // its own release folder.
      ...remotes.map((facts) => new EmitGeneratedAssetsPlugin(facts.dir, facts.assets, projectRootOf(facts.dir))),
    ],
  };
}

export default function config(env: Record<string, string | boolean> = {}): Configuration {
  return createMonolithConfig({ mode: env.development ? 'development' : 'production', ...(typeof env.out === 'string' ? { outDir: path.resolve(env.out) } : {}) });
}
