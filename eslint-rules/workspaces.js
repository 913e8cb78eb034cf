// The repository's workspace packages, read from the root package.json's `workspaces` and each
// workspace's package.json: the lint rules map package names to folders with them.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The folders inside `dir` (none when it does not exist). */
function subfolders(dir) {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

/**
 * Every workspace package: its folder (relative to the root, `/`-separated), its name and the
 * packages its package.json declares (dependencies, devDependencies, peerDependencies).
 * @returns {Array<{ folder: string, name: string, declared: Set<string> }>}
 */
export function workspacePackages() {
  const rootPackage = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const folders = rootPackage.workspaces.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = pattern.slice(0, -2);
    return subfolders(path.join(root, parent)).map((name) => `${parent}/${name}`);
  });
  const packages = [];
  for (const folder of folders) {
    let manifest;
    try {
      manifest = JSON.parse(readFileSync(path.join(root, folder, 'package.json'), 'utf8'));
    } catch {
      // A folder under remotes/ without a package.json is not a workspace package.
      continue;
    }
    if (typeof manifest.name !== 'string') continue;
    const declared = new Set(
      ['dependencies', 'devDependencies', 'peerDependencies'].flatMap((field) => Object.keys(manifest[field] ?? {})),
    );
    packages.push({ folder, name: manifest.name, declared });
  }
  return packages;
}
