// The modules the shell provides once and every remote consumes (docs/architecture.md#the-platform-contract),
// with the version installed where an app is built and the range a remote asks for. The shell's
// build writes these figures into its own code (shell/rspack.config.ts) and a remote's build
// declares them with `import: false`, so both read the one list here.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** A shared module's request and the package whose version it carries. */
export const SHARED_SINGLETON_MODULES: ReadonlyArray<readonly [request: string, pkg: string]> = [
  ['react', 'react'],
  ['react/jsx-runtime', 'react'],
  ['react-dom', 'react-dom'],
  ['react-dom/client', 'react-dom'],
  ['@supabase/supabase-js', '@supabase/supabase-js'],
  ['@portal/platform', '@portal/platform'],
];

/**
 * The design system is shared per group, not as one module: `@portal/ui` itself only names the
 * groups' exports and is bundled by each app, so a page loads the groups it renders. `forms` is
 * form-controls and tables together, as remotes built before contract 1.4 consume them.
 */
export const DESIGN_SYSTEM_GROUPS = ['core', 'form-controls', 'tables', 'overlays', 'forms'] as const;

export interface SharedVersion {
  /** The version installed where the app is built. */
  version: string;
  /** `^major.minor.0` of it (for 0.x packages `^0.minor.0` keeps to that minor, as semver does). */
  requiredVersion: string;
}

/** The installed version of `pkg` as seen from `fromDir`, or null when it is not installed there. */
export function installedVersion(pkg: string, fromDir: string): string | null {
  const require = createRequire(path.join(fromDir, 'package.json'));
  let file: string;
  try {
    file = require.resolve(`${pkg}/package.json`);
  } catch {
    return null;
  }
  return String((JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown }).version);
}

/**
 * The shared singletons with their versions as installed for the app in `fromDir`. React, ReactDOM,
 * supabase-js and the platform must be installed; the design system's groups are listed when
 * `@portal/ui` is (an app without it consumes none of them).
 */
export function sharedSingletons(fromDir: string): Record<string, SharedVersion> {
  const modules: Array<readonly [string, string]> = [...SHARED_SINGLETON_MODULES];
  if (installedVersion('@portal/ui', fromDir) !== null) for (const group of DESIGN_SYSTEM_GROUPS) modules.push([`@portal/ui/${group}`, '@portal/ui']);
  return Object.fromEntries(
    modules.map(([request, pkg]) => {
      const version = installedVersion(pkg, fromDir);
      if (version === null) throw new Error(`${pkg} is not installed for ${fromDir}: the shell provides it as a shared singleton, so the app must depend on it (npm install ${pkg}).`);
      const [major, minor] = version.split('.');
      return [request, { version, requiredVersion: `^${major}.${minor}.0` }];
    }),
  );
}

/**
 * What a shell built in `fromDir` provides to remotes, as its build states it in
 * `portal-shell.json` (deploy/src/shell-facts.ts): the platform contract (the installed
 * @portal/platform's version is its contract's), each shared package at its installed version,
 * and the Module Federation runtime remote entries bind to.
 */
export function shellProvides(fromDir: string): { contract: string; packages: Record<string, string>; federation?: string } {
  const shared = sharedSingletons(fromDir);
  const packages: Record<string, string> = {};
  for (const [request, { version }] of Object.entries(shared)) {
    const pkg = request.startsWith('@') ? request.split('/').slice(0, 2).join('/') : request.split('/')[0]!;
    packages[pkg] = version;
  }
  const federation = installedVersion('@module-federation/runtime', fromDir);
  return { contract: packages['@portal/platform']!, packages, ...(federation ? { federation } : {}) };
}
