#!/usr/bin/env node
// Runs the deploy CLI from its TypeScript sources (tsx compiles on the fly, no build step).
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
