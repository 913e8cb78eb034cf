#!/usr/bin/env node
// Runs the emulator compiled from its TypeScript sources (compiled-emulator.js: built on first
// use and again whenever a source changed).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { compiledEmulator } from './compiled-emulator.js';

const emulatorDir = path.resolve(import.meta.dirname, '..');
const { file } = await compiledEmulator({
  root: emulatorDir,
  entry: path.join(emulatorDir, 'src', 'cli.ts'),
  outDir: path.join(emulatorDir, 'dist', 'cli'),
});
await import(pathToFileURL(file).href);
