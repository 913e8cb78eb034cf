#!/usr/bin/env node
// npm run dev -w remotes/<name> — develop one remote inside the real shell (the dev host).
import './ensure-node.js';
import { register } from 'tsx/esm/api';

register();
const { devRemote } = await import('../deploy/src/dev-remote.ts');
await devRemote(process.argv.slice(2)).catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
