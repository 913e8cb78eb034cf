#!/usr/bin/env node
// The workspace's `portal-testing`: its TypeScript command run through tsx. The published package
// runs its compiled dist/cli.js instead (package.json `release.bin`).
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
