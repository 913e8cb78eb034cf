// Where this package finds the shell it serves and the portal's backend project: bundled inside
// it when installed from the registry (package.json `release.bundle`), the repository's own
// shell/dist and supabase/ in the portal's workspace.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const packageDir = path.resolve(import.meta.dirname, '..');
const repositoryRoot = path.resolve(packageDir, '../..');

/** The built shell: the released one, or the workspace's (`portal-deploy build shell`). */
export function shellDist(): string {
  const bundled = path.join(packageDir, 'shell');
  const dir = existsSync(path.join(bundled, 'index.html')) ? bundled : path.join(repositoryRoot, 'shell', 'dist');
  if (!existsSync(path.join(dir, 'index.html'))) throw new Error(`There is no built shell in ${dir}: in the portal's repository, build it first (node deploy/bin/portal-deploy.js build shell).`);
  return dir;
}

/** The folder whose supabase/ is the portal's backend project (migrations, seed, functions). */
export function portalProject(): string {
  const bundled = path.join(packageDir, 'project');
  return existsSync(path.join(bundled, 'supabase', 'config.toml')) ? bundled : repositoryRoot;
}

/** The emulator's command, as @portal/emulator installs it beside this package. */
export function emulatorCommand(): string {
  const manifest = createRequire(import.meta.url).resolve('@portal/emulator/package.json');
  return path.join(path.dirname(manifest), 'bin', 'portal-emulator.js');
}
