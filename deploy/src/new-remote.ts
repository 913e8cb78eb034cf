// `portal-deploy new-remote <name> --route /<path>`: a working remote in one command. Checks the
// name and route against the schema the registry uses and against the remotes already in the
// workspace, then writes the files (new-remote-templates.ts) — nothing is written when a check fails.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONTRACT_VERSION } from '@portal/platform/node';
import { RESERVED_ROUTES, describeIssues, registryEntrySchema } from '@portal/platform/registry';
import { z } from 'zod/mini';
import { DeployError, DeployErrorCode } from './errors.js';
import { newRemoteFiles, type NewRemoteFacts } from './new-remote-templates.js';
import { installedVersion } from './build-preset/shared-singletons.js';
import { standaloneRemoteFiles } from './standalone-remote-templates.js';
import { TEMPLATE_VERSIONS } from './template-versions.js';

const NAME = /^[a-z][a-z0-9_]{0,39}$/;

export interface NewRemoteOptions {
  name: string;
  route: string;
  /** The workspace root: the remote goes to `<root>/remotes/<name>`, its smoke test to `<root>/tests`. */
  root: string;
  title?: string;
  auth?: NewRemoteFacts['auth'];
}

export interface NewRemoteResult {
  dir: string;
  files: string[];
  facts: NewRemoteFacts;
}

interface ExistingRemote {
  name: string;
  route: string;
  port: number;
}

function existingRemotes(remotesDir: string): ExistingRemote[] {
  if (!existsSync(remotesDir)) return [];
  return readdirSync(remotesDir)
    .map((folder) => path.join(remotesDir, folder, 'remote.json'))
    .filter((file) => existsSync(file))
    .map((file) => JSON.parse(readFileSync(file, 'utf8')) as ExistingRemote);
}

/**
 * The ranges a new remote declares for the portal's packages: the platform's is its contract range
 * (the package's version is the contract's), the design system's and deploy's are `^` of the
 * versions installed in the workspace (else beside this package).
 */
function portalPackageRanges(root: string, contract: string): NewRemoteFacts['portalPackages'] {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const rangeOf = (pkg: string) => {
    const version = installedVersion(pkg, root) ?? installedVersion(pkg, here);
    if (version === null) throw new DeployError(DeployErrorCode.InvalidOption, `${pkg} is not installed in ${root}: install it first (npm install ${pkg}).`);
    const [major, minor] = version.split('.');
    return `^${major}.${minor}.0`;
  };
  return { platform: contract, ui: rangeOf('@portal/ui'), deploy: rangeOf('@portal/deploy') };
}

const titleOf = (name: string) => name.split('_').map((word, i) => (i === 0 ? word.charAt(0).toUpperCase() + word.slice(1) : word)).join(' ');

export function scaffoldRemote({ name, route, root, title = titleOf(name), auth = 'aal1' }: NewRemoteOptions): NewRemoteResult {
  if (!NAME.test(name)) {
    throw new DeployError(
      DeployErrorCode.InvalidName,
      `The remote name "${name}" must start with a lower-case letter and hold only lower-case letters, digits and _ (at most 40): it is the Module Federation container name.`,
    );
  }
  const [major, minor] = CONTRACT_VERSION.split('.');
  const contract = `^${major}.${minor}.0`;
  const facts: NewRemoteFacts = { name, title, route, auth, contract, port: 0, portalPackages: portalPackageRanges(root, contract) };
  // The registry's own rules for route, title and auth level, so the first publish is not refused.
  const checked = z.pick(registryEntrySchema, { route: true, title: true, auth: true }).safeParse(facts);
  if (!checked.success) {
    const problems = describeIssues(checked.error);
    throw new DeployError(DeployErrorCode.InvalidOption, `The new remote cannot be made: ${problems} (reserved routes: ${RESERVED_ROUTES.join(', ')}).`);
  }
  const remotesDir = path.join(root, 'remotes');
  const dir = path.join(remotesDir, name);
  if (existsSync(dir)) throw new DeployError(DeployErrorCode.InvalidOption, `${dir} exists already; pick another name.`);
  const existing = existingRemotes(remotesDir);
  const owner = existing.find((remote) => remote.name === name || remote.route === route || route.startsWith(`${remote.route}/`) || remote.route.startsWith(`${route}/`));
  if (owner) throw new DeployError(DeployErrorCode.InvalidOption, `The route ${route} is taken: the remote "${owner.name}" owns ${owner.route}.`);
  facts.port = Math.max(3000, ...existing.map((remote) => remote.port).filter((port) => port < 3900)) + 1;

  const files = newRemoteFiles(facts);
  for (const file of Object.keys(files)) {
    if (existsSync(path.join(root, file))) throw new DeployError(DeployErrorCode.InvalidOption, `${path.join(root, file)} exists already; nothing was written.`);
  }
  for (const [file, contents] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), contents);
  }
  return { dir, files: Object.keys(files), facts };
}

export interface StandaloneRemoteOptions {
  name: string;
  /** Default `/<name>` (`_` as `-`). */
  route?: string;
  /** The new repository's folder: it must not exist, or be empty. */
  dir: string;
  title?: string;
  auth?: NewRemoteFacts['auth'];
}

/**
 * `portal-deploy new-remote --standalone <name>`: a team's own repository for a new remote
 * (standalone-remote-templates.ts), installing only from the registry. Checks as scaffoldRemote
 * does, then writes into `dir`, which must be new or empty.
 */
export function scaffoldStandaloneRemote({ name, route = `/${name.replace(/_/g, '-')}`, dir, title = titleOf(name), auth = 'aal1' }: StandaloneRemoteOptions): NewRemoteResult {
  if (!NAME.test(name)) {
    throw new DeployError(DeployErrorCode.InvalidName, `The remote name "${name}" must start with a lower-case letter and hold only lower-case letters, digits and _ (at most 40): it is the Module Federation container name.`);
  }
  const [major, minor] = CONTRACT_VERSION.split('.');
  const contract = `^${major}.${minor}.0`;
  const portalPackages = { platform: contract, ui: TEMPLATE_VERSIONS['@portal/ui'], deploy: TEMPLATE_VERSIONS['@portal/deploy'] };
  const facts: NewRemoteFacts = { name, title, route, auth, contract, port: 3100, portalPackages };
  const checked = z.pick(registryEntrySchema, { route: true, title: true, auth: true }).safeParse(facts);
  if (!checked.success) {
    throw new DeployError(DeployErrorCode.InvalidOption, `The new remote cannot be made: ${describeIssues(checked.error)} (reserved routes: ${RESERVED_ROUTES.join(', ')}).`);
  }
  if (existsSync(dir) && readdirSync(dir).length > 0) throw new DeployError(DeployErrorCode.InvalidOption, `${dir} is not empty: make the remote in a new folder.`);
  const files = standaloneRemoteFiles({ ...facts, versions: { ...TEMPLATE_VERSIONS, '@portal/platform': contract } });
  for (const [file, contents] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), contents);
  }
  return { dir, files: Object.keys(files), facts };
}
