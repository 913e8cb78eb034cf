#!/usr/bin/env node
// `npm create @portal/remote <name>` (npm runs this package's one command).
import { createRemote } from './create-remote.js';

try {
  console.log(createRemote(process.argv.slice(2)));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
