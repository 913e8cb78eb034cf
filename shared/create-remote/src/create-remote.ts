// Reads `<name> [--dir <folder>] [--route <path>] [--title <title>] [--auth none|aal1|aal2]` and
// writes the team's repository with @portal/deploy's template; returns what to print.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { scaffoldStandaloneRemote } from '@portal/deploy';

const USAGE = 'Usage: npm create @portal/remote <name> [-- --dir <folder>] [--route /<path>] [--title <title>] [--auth none|aal1|aal2]';

export function createRemote(argv: string[], cwd = process.cwd()): string {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { dir: { type: 'string' }, route: { type: 'string' }, title: { type: 'string' }, auth: { type: 'string', default: 'aal1' } },
  });
  const name = positionals[0];
  if (!name || positionals.length > 1) throw new Error(`Name the remote, once.\n${USAGE}`);
  const auth = values.auth;
  if (auth !== 'none' && auth !== 'aal1' && auth !== 'aal2') throw new Error(`--auth must be none, aal1 or aal2, not "${auth}".`);
  const dir = path.resolve(cwd, values.dir ?? name);
  const made = scaffoldStandaloneRemote({ name, dir, auth, ...(values.route ? { route: values.route } : {}), ...(values.title ? { title: values.title } : {}) });
  return [`Made the remote ${name} on ${made.facts.route} in ${dir}:`, ...made.files.map((file) => `  ${file}`), `Next: cd ${path.relative(cwd, dir) || '.'} && npm install && npm run dev`].join('\n');
}
