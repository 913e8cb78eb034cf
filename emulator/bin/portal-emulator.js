#!/usr/bin/env node
// Runs the emulator from its TypeScript sources (tsx compiles on the fly, no build step).
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
