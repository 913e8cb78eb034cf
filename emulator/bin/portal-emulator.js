#!/usr/bin/env node
// Runs the emulator compiled from its TypeScript sources (compiled-emulator.js: built on first
// use and again whenever a source changed). A one-shot command on the database (`migration
// check`, `db reset`, …) runs in a node without WebAssembly's optimising compiler (one-shot.js).
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compiledEmulator } from './compiled-emulator.js';
import { oneShotNodeArgs, runAgain } from './one-shot.js';

const nodeArgs = oneShotNodeArgs(process.argv.slice(2), process.execArgv);
if (nodeArgs) await runAgain(nodeArgs, fileURLToPath(import.meta.url), process.argv.slice(2));

const emulatorDir = path.resolve(import.meta.dirname, '..');
const { file } = await compiledEmulator({
  root: emulatorDir,
  entry: path.join(emulatorDir, 'src', 'cli.ts'),
  outDir: path.join(emulatorDir, 'dist', 'cli'),
});
await import(pathToFileURL(file).href);
