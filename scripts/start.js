#!/usr/bin/env node
// npm start — builds the apps, then runs the emulator, the shell and each remote on its own port.
// Options: npm start -- --help
import './ensure-node.js';
import { register } from 'tsx/esm/api';

register();
const { startPortal } = await import('../deploy/src/start-portal.ts');
await startPortal(process.argv.slice(2));
