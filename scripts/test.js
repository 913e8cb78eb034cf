// `npm test`: everything — typecheck, lint, unit tests, the emulator's integration suites
// (PGlite, and a real PostgreSQL when one is installed), and the browser tests in Chromium.
// It checks (and, as root, installs) what npm cannot: Debian's Chromium and PostgreSQL.
import './ensure-node.js';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { findPostgresBin, hasPostgis, startTestPostgres, stopTestPostgres } from './test-postgres.js';

const root = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// What the browser suites launch when it is there (tests/browser.ts): the same Chromium, lighter.
const HEADLESS_SHELL = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
const isRoot = process.getuid?.() === 0;

function step(title) {
  console.log(`\n▶ ${title}`);
}

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

/** Runs a command with its output (stdout and stderr, in the order written) kept for later. */
function runCollected(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', (error) => resolve({ status: 1, output: `${output}${error.message}\n` }));
    child.once('close', (code) => resolve({ status: code ?? 1, output }));
  });
}

function aptInstall(packages) {
  console.log(`Installing ${packages.join(', ')} from Debian's archive…`);
  if (run('apt-get', ['update', '-qq']) !== 0) return false;
  return run('apt-get', ['install', '-y', '-qq', ...packages], { DEBIAN_FRONTEND: 'noninteractive' }) === 0;
}

function ensureSystemPackages() {
  const missing = [];
  if (!existsSync(CHROMIUM)) missing.push('chromium');
  if (!existsSync(HEADLESS_SHELL)) missing.push('chromium-headless-shell');
  if (!findPostgresBin()) missing.push('postgresql');
  if (!hasPostgis()) missing.push('postgresql-postgis');
  if (missing.length === 0) return;
  if (isRoot && aptInstall(missing)) return;
  if (!existsSync(CHROMIUM)) {
    console.error(
      `\nThe browser tests need Chromium at ${CHROMIUM}.\n` +
        `Install it with:  sudo apt-get install -y chromium   (or set CHROMIUM_PATH)\n`,
    );
    process.exit(1);
  }
  if (!existsSync(HEADLESS_SHELL)) {
    console.log(`Chromium's headless shell is not installed: the browser tests use Chromium, which takes more CPU (apt-get install -y chromium-headless-shell).`);
  }
  if (!findPostgresBin()) {
    console.log('PostgreSQL is not installed: the real-PostgreSQL variants will be skipped (apt-get install -y postgresql postgresql-postgis).');
  } else if (!hasPostgis()) {
    console.log('PostGIS is not installed: the REST GeoJSON test on PostgreSQL will fail (apt-get install -y postgresql-postgis).');
  }
}

const only = process.argv.slice(2);
mkdirSync(path.join(root, '.tmp'), { recursive: true });
ensureSystemPackages();

let status = 0;
if (only.length === 0) {
  // Each is one thread: side by side on two cores they take the longer one's time, not both.
  // Their output is printed after, one under the other, so it reads as before.
  const checks = [
    ['Typecheck (tsc)', [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json', '--noEmit']],
    ['Lint (eslint)', [path.join(root, 'node_modules/eslint/bin/eslint.js'), '.', '--max-warnings=0']],
  ];
  const finished = await Promise.all(checks.map(([, args]) => runCollected(process.execPath, args)));
  checks.forEach(([title], index) => {
    step(title);
    process.stdout.write(finished[index].output);
    status ||= finished[index].status;
  });
}

step('Tests (jest)');
const postgres = await startTestPostgres().catch((error) => ({ url: null, reason: error.message }));
if (!postgres.url) console.log(`Real-PostgreSQL variants skipped: ${postgres.reason}`);
const results = path.join(root, '.tmp', 'jest-results.json');
const jestStatus = run(
  process.execPath,
  [
    path.join(root, 'node_modules/jest/bin/jest.js'),
    '--maxWorkers=2',
    '--json',
    `--outputFile=${results}`,
    ...only,
  ],
  { ...(postgres.url ? { TEST_DATABASE_URL: postgres.url } : {}), CHROMIUM_PATH: CHROMIUM, NODE_NO_WARNINGS: '1' },
);
stopTestPostgres();
status ||= jestStatus;

if (existsSync(results)) {
  const summary = JSON.parse(readFileSync(results, 'utf8'));
  console.log(
    `\n${summary.numPassedTests} passed, ${summary.numFailedTests} failed, ${summary.numPendingTests} skipped`,
  );
}
process.exit(status);
