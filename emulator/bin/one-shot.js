// The commands that may open the database in their own process (`db`, `migration` but `new`,
// `gen`, `export`) do one thing and exit within seconds. V8 compiles PGlite's WebAssembly with its
// baseline compiler, then optimises the hot functions in background threads (TurboFan): work that
// pays off only in a process that runs on. In a `migration check` it was about 3 s of CPU of 7.7,
// and the check took a second longer on two cores. V8 takes `--liftoff-only` only on node's
// command line (not from NODE_OPTIONS, nor once it has started), so such a command runs itself
// again with it. A command given its options before its name runs as it is.
import { spawn } from 'node:child_process';

const FLAG = '--liftoff-only';
/** Commands that may run PGlite in their own process; `migration new` only writes a file. */
const DATABASE_COMMANDS = new Set(['db', 'migration', 'gen', 'export']);

/**
 * The node arguments to run the command again with, or null to run it in this process: `start`
 * (which runs on), a command that opens no database, or a process that already has the flag.
 * @param {readonly string[]} args the command's arguments (`process.argv.slice(2)`)
 * @param {readonly string[]} execArgv node's own arguments (`process.execArgv`)
 * @returns {string[] | null}
 */
export function oneShotNodeArgs(args, execArgv) {
  if (execArgv.includes(FLAG)) return null;
  const [command, subcommand] = args.filter((arg) => !arg.startsWith('-'));
  if (command === undefined || !DATABASE_COMMANDS.has(command)) return null;
  if (command === 'migration' && subcommand === 'new') return null;
  return [FLAG, ...execArgv];
}

/**
 * Runs `script` with `args` in a node with `nodeArgs`, passing on the signals a person or a
 * supervisor sends, and ends this process as it ended.
 * @param {string[]} nodeArgs
 * @param {string} script
 * @param {readonly string[]} args
 * @returns {Promise<never>}
 */
export function runAgain(nodeArgs, script, args) {
  const child = spawn(process.execPath, [...nodeArgs, script, ...args], { stdio: 'inherit' });
  const signals = /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP']);
  const forward = (/** @type {NodeJS.Signals} */ signal) => child.kill(signal);
  for (const signal of signals) process.on(signal, forward);
  return new Promise(() => {
    child.once('error', (error) => {
      console.error(`portal-emulator: could not run ${process.execPath}: ${error.message}`);
      process.exit(1);
    });
    child.once('exit', (code, signal) => {
      for (const name of signals) process.off(name, forward);
      if (signal) process.kill(process.pid, signal);
      else process.exit(code ?? 1);
    });
  });
}
