// The Node.js the project runs on: 22.13 or newer (supabase-js 2.119 and pdfjs-dist require 22,
// @rspack/core 22.12, pdfjs-dist 22.13), tested on Node 24 LTS. Imported first by `npm start` and
// `npm test`: on an older Node (a machine whose own is Node 20, past its end of life) it fetches
// Node 24 from the npm registry's `node-<platform>-<arch>` package into .tmp/node/ once, and runs
// the same command again under it. `node scripts/ensure-node.js --bin-dir` prints the folder of
// the Node to use (installing it if needed), for shell scripts such as .ci/run.
//
// Plain JavaScript with no imports beyond Node's own: it must run on the old Node it replaces.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MINIMUM = [22, 13];
const TESTED_MAJOR = 24;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const prefix = path.join(root, '.tmp', 'node');

function isSupported(version) {
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number);
  return major > MINIMUM[0] || (major === MINIMUM[0] && minor >= MINIMUM[1]);
}

function packageName() {
  const platform = { linux: 'linux', darwin: 'darwin' }[process.platform];
  const arch = { x64: 'x64', arm64: 'arm64' }[process.arch];
  return platform && arch ? `node-${platform}-${arch}` : null;
}

/** The folder of a supported Node's binary: this one's, or one installed under .tmp/node/. */
function supportedBinDir() {
  if (isSupported(process.version)) return path.dirname(process.execPath);
  const name = packageName();
  if (!name) {
    console.error(
      `This project needs Node.js ${MINIMUM.join('.')} or newer (Node ${TESTED_MAJOR} LTS is tested); this is ${process.version}.\n` +
        `Install Node ${TESTED_MAJOR} from https://nodejs.org and run the command again.`,
    );
    process.exit(1);
  }
  const binDir = path.join(prefix, 'node_modules', name, 'bin');
  const binary = path.join(binDir, 'node');
  if (existsSync(binary) && isSupported(spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout ?? '')) return binDir;
  console.error(
    `Node.js ${process.version} is older than this project supports (${MINIMUM.join('.')} or newer).\n` +
      `Fetching Node ${TESTED_MAJOR} LTS from the npm registry (${name}@${TESTED_MAJOR}) into .tmp/node/ — once; later runs reuse it…`,
  );
  mkdirSync(prefix, { recursive: true });
  // A package.json of its own, so npm installs here and not into the workspace above.
  writeFileSync(path.join(prefix, 'package.json'), '{ "name": "portal-node", "private": true }\n');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const installed = spawnSync(npm, ['install', '--prefix', prefix, '--no-audit', '--no-fund', '--no-save', `${name}@${TESTED_MAJOR}`], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (installed.status !== 0 || !existsSync(binary)) {
    console.error(`Could not install ${name}@${TESTED_MAJOR}. Install Node ${TESTED_MAJOR} yourself (https://nodejs.org) and run the command again.`);
    process.exit(1);
  }
  return binDir;
}

const asCommand = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (asCommand) {
  if (process.argv[2] !== '--bin-dir') {
    console.error('usage: node scripts/ensure-node.js --bin-dir');
    process.exit(2);
  }
  console.log(supportedBinDir());
} else if (!isSupported(process.version)) {
  // Imported by a script on an old Node: run the same script again under the supported one, with
  // it first on PATH so that what the script starts (npm, npx, node) is that Node too.
  const binDir = supportedBinDir();
  const again = spawnSync(path.join(binDir, 'node'), process.argv.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ''}` },
  });
  process.exit(again.status ?? 1);
}
