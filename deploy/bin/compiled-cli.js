// The deploy CLI compiled to JavaScript, once per state of its sources (@portal/compiled-entry). Run
// through tsx, each call spent most of its start-up in tsx's module hooks; compiled, a call starts
// in about half the time. deploy/src and @portal/platform (TypeScript) are bundled; every other
// package stays in node_modules.
import { compiledEntry } from '@portal/compiled-entry';

/**
 * The compiled CLI for the sources as they are now: the current build, or a new one.
 * @param {import('./compiled-cli.js').CompileOptions} options
 * @returns {Promise<import('./compiled-cli.js').CompiledCli>}
 */
export function compiledCli(options) {
  return compiledEntry({
    ...options,
    name: 'portal-deploy',
    // A change of how the CLI is compiled makes a new build.
    buildFormat: 'esbuild esm node22 splitting 1',
    bundles: (specifier) => specifier.startsWith('@portal/'),
  });
}
