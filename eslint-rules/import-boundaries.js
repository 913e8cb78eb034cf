// The import boundaries of docs/boundaries.md as an ESLint rule. An import is checked by where it
// lands, not by how it is spelt: relative paths are resolved against the importing file, and the
// workspace package names (read from each package.json) map to their folders, so
// `../../shell/src/routes.js` and `@portal/shell` are the same violation.
import path from 'node:path';
import { root, workspacePackages } from './workspaces.js';

/** The area a repository path belongs to, or null for tooling (tests, bench, scripts, config). */
export function areaOf(relativePath) {
  const parts = relativePath.split(/[\\/]/);
  if (parts[0] === 'remotes' && parts.length > 1 && parts[1]) return `remote:${parts[1]}`;
  if (parts[0] === 'shell') return 'shell';
  if (parts[0] === 'shared' && parts[1] === 'platform') return 'platform';
  if (parts[0] === 'shared' && parts[1] === 'ui') return 'ui';
  if (parts[0] === 'emulator' && parts[1] === 'console-app') return 'emulator-console';
  if (parts[0] === 'emulator') return 'emulator';
  if (parts[0] === 'deploy') return 'deploy';
  if (parts[0] === 'tools') return 'tools';
  return null;
}

const BUILD_CONFIG = /^rspack\.config\.[cm]?[jt]s$/;

/** `shell/rspack.config.ts` or `remotes/<name>/rspack.config.ts`. */
function isAppBuildConfig(relativePath) {
  const parts = relativePath.split(/[\\/]/);
  if (parts.length === 2) return parts[0] === 'shell' && BUILD_CONFIG.test(parts[1]);
  return parts.length === 3 && parts[0] === 'remotes' && BUILD_CONFIG.test(parts[2]);
}

/**
 * The area whose rules an importing file keeps. An app's own build configuration
 * (shell/rspack.config.ts, remotes/<name>/rspack.config.ts) is build tooling beside the app: it
 * runs in Node, is never bundled, and builds with `@portal/deploy/rspack`. As a target of an
 * import it is still the app's.
 */
export function importerAreaOf(relativePath) {
  return isAppBuildConfig(relativePath) ? null : areaOf(relativePath);
}

/** Workspace package name → its folder. */
const packages = new Map(workspacePackages().map(({ name, folder }) => [name, folder]));

/** The repository folder an import specifier lands in, or null (npm packages, Node built-ins). */
function targetPath(specifier, filename) {
  if (specifier.startsWith('.')) {
    return path.relative(root, path.resolve(path.dirname(filename), specifier));
  }
  for (const [name, folder] of packages) {
    if (specifier === name || specifier.startsWith(`${name}/`)) {
      return path.posix.join(folder, specifier.slice(name.length));
    }
  }
  return null;
}

const areaNames = {
  shell: 'the shell',
  platform: '@portal/platform',
  ui: '@portal/ui',
  emulator: 'the emulator',
  'emulator-console': "the emulator's console",
  deploy: 'deploy/',
  tools: 'tools/',
};
const nameOf = (area) =>
  area.startsWith('remote:') ? `the ${area.slice(7)} remote` : areaNames[area];

/** Why an app may not import the emulator or deploy/; null for anything else. */
function backendOrTooling(to) {
  if (to === 'emulator') return 'the portal reaches the backend through supabase-js only';
  if (to === 'deploy') return 'deploy/ is tooling that builds and publishes the apps';
  return null;
}

/** Why `from` may not import `to`, or null when it may. */
export function violation(from, to) {
  if (!from || !to || from === to) return null;
  const toRemote = to.startsWith('remote:');
  if (from.startsWith('remote:')) {
    if (toRemote) return 'a remote uses another remote only through what it exposes at run time';
    if (to === 'shell')
      return 'a remote reaches the shell only through @portal/platform at run time';
    return backendOrTooling(to);
  }
  if (from === 'shell') {
    if (toRemote) return 'the shell knows remotes only through the registry';
    return backendOrTooling(to);
  }
  if (from === 'platform' || from === 'ui') {
    if (to === 'platform' || to === 'ui') return null;
    return 'the shared packages cannot depend on any one app, the emulator or deploy/';
  }
  // tools/ holds build tooling the emulator's and deploy's bins share; it knows nothing of the portal.
  if (from === 'tools') return 'build tooling imports nothing of the portal, so the emulator stays standalone';
  if (from === 'emulator') {
    if (to === 'tools') return null;
    return 'the emulator stands in for Supabase and imports nothing of the portal';
  }
  // The console is a browser app the emulator builds and serves: it wears the design system.
  if (from === 'emulator-console') {
    if (to === 'ui') return null;
    if (to === 'emulator') return "the console reaches the emulator over HTTP, through the console's own API";
    return "the emulator's console uses only @portal/ui of the portal";
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const importBoundaries = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Keep the shell, remotes, shared packages and emulator apart (docs/boundaries.md)',
    },
    schema: [],
    messages: {
      crossing:
        '{{from}} must not import {{to}} ("{{specifier}}"): {{why}}. See docs/boundaries.md.',
    },
  },
  create(context) {
    const filename = context.filename;
    const from = importerAreaOf(path.relative(root, filename));
    if (!from) return {};
    function check(node, source) {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = targetPath(source.value, filename);
      if (target === null || target.startsWith('..')) return;
      const to = areaOf(target);
      const why = violation(from, to);
      if (why) {
        context.report({
          node,
          messageId: 'crossing',
          data: { from: nameOf(from), to: nameOf(to), specifier: source.value, why },
        });
      }
    }
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
      CallExpression(node) {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require')
          check(node, node.arguments[0]);
      },
    };
  },
};

export default { rules: { 'import-boundaries': importBoundaries } };
