// npm run release:packages -- --registry <url> [--dry-run] [--pack-destination <dir>] [--tag <tag>]
// Releases the portal's packages (@portal/platform, @portal/ui, @portal/deploy) to an npm registry:
// builds each (compiled JavaScript and declarations), checks the release (a CHANGELOG.md entry for
// each version, `@portal/*` ranges that admit the versions released together, the platform's
// version equal to its contract), packs them, and publishes, dependencies first, each package
// whose version the registry does not hold yet. A version the registry holds with the same content
// is left alone; with other content the release stops before publishing anything: raise the
// version (semver: a fix is a patch, an addition a minor, a break a major) and say what changed in
// CHANGELOG.md. Publishing uses npm's own credential for the registry (`npm login --registry <url>`,
// or a token in .npmrc). docs/architecture.md#releasing-the-packages has the whole story.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { lock } from 'proper-lockfile';
import { CONTRACT_VERSION } from '@portal/platform/node';
import { packStaged, prepareRelease, publishablePackages, registryState, releaseProblems, stagePackage } from './release/packages.js';

const root = path.resolve(import.meta.dirname, '..');

const { values } = parseArgs({
  options: {
    registry: { type: 'string' },
    'dry-run': { type: 'boolean', default: false },
    'pack-destination': { type: 'string' },
    tag: { type: 'string' },
  },
});
const registry = values.registry;
const dryRun = values['dry-run'];
if (!registry && !dryRun) {
  console.error('Name the registry to publish to: npm run release:packages -- --registry <url> (or --dry-run to build, check and pack only).');
  process.exit(2);
}

const packages = publishablePackages(root);
// The Module Federation version the shell builds with, as installed for it.
const federationVersion = (JSON.parse(readFileSync(createRequire(path.join(root, 'shell', 'package.json')).resolve('@module-federation/runtime/package.json'), 'utf8')) as { version: string }).version;
const problems = releaseProblems(packages, { contractVersion: CONTRACT_VERSION, federationVersion });
if (problems.length > 0) {
  console.error(`Nothing was published:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  process.exit(1);
}

const work = mkdtempSync(path.join(tmpdir(), 'portal-release-'));
try {
  const destination = values['pack-destination'] ? path.resolve(values['pack-destination']) : path.join(work, 'tarballs');
  // `release.before` builds into the workspace (the shell @portal/testing bundles, in shell/dist),
  // and staging copies that build: two releases at once on one checkout (the test suites that
  // release side by side) would each empty the folder the other copies. One at a time. The build
  // runs synchronously, so the lock is not refreshed meanwhile: it counts as a dead holder's only
  // after ten minutes.
  mkdirSync(path.join(root, '.tmp'), { recursive: true });
  const unlock = await lock(root, {
    lockfilePath: path.join(root, '.tmp', 'release-packages.lock'),
    stale: 600_000,
    retries: { retries: 900, factor: 1, minTimeout: 1_000, maxTimeout: 1_000 },
  });
  let staged;
  try {
    const stagedPackages = packages.map((pkg) => {
      prepareRelease(pkg, root);
      return stagePackage(pkg, path.join(work, 'stage'), root);
    });
    const tarballs = packStaged(stagedPackages, destination);
    staged = stagedPackages.map((pkg, index) => ({ ...pkg, tarball: tarballs[index]! }));
  } finally {
    await unlock();
  }
  const plan = await Promise.all(staged.map(async (pkg) => ({ pkg, state: registry ? await registryState(pkg, registry) : ({ state: 'absent' } as const) })));
  const changed = plan.filter(({ state }) => state.state === 'different');
  for (const { pkg, state } of plan) {
    const verdict = state.state === 'same' ? 'published already, unchanged' : state.state === 'different' ? 'published already WITH OTHER CONTENT' : dryRun ? 'would be published' : 'to publish';
    console.log(`${pkg.name}@${pkg.version}: ${verdict} (${path.basename(pkg.tarball)})`);
  }
  if (changed.length > 0) {
    console.error(
      `Nothing was published: ${changed.map(({ pkg }) => `${pkg.name}@${pkg.version}`).join(', ')} ${changed.length === 1 ? 'is' : 'are'} on ${registry} with other content. ` +
        'Raise the version in its package.json (a fix is a patch, an addition a minor, a break a major) and add its entry to CHANGELOG.md.',
    );
    process.exit(1);
  }
  if (!dryRun && registry) {
    for (const { pkg } of plan.filter(({ state }) => state.state === 'absent')) {
      execFileSync('npm', ['publish', pkg.tarball, '--registry', registry, '--access', 'public', ...(values.tag ? ['--tag', values.tag] : [])], { stdio: 'inherit' });
      console.log(`Published ${pkg.name}@${pkg.version} to ${registry}.`);
    }
  }
  if (values['pack-destination']) console.log(`Tarballs in ${destination}.`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
