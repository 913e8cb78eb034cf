#!/usr/bin/env node
// Runs the deploy CLI compiled from its TypeScript sources (compiled-cli.js: built on first use
// and again whenever a source changed).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { compiledCli } from './compiled-cli.js';

const deployDir = path.resolve(import.meta.dirname, '..');
const { file } = await compiledCli({ root: path.dirname(deployDir), entry: path.join(deployDir, 'src', 'cli.ts'), outDir: path.join(deployDir, 'dist', 'cli') });
await import(pathToFileURL(file).href);
