import { readFileSync } from 'node:fs';
import path from 'node:path';
import { liveMeta } from './meta.js';

describe('the live remote’s metadata', () => {
  it('matches remote.json, which the deploy step copies into the registry', () => {
    const { port: _port, exposes, ...meta } = JSON.parse(readFileSync(path.join(__dirname, '..', 'remote.json'), 'utf8')) as Record<string, unknown>;
    expect(meta).toEqual(liveMeta);
    expect(exposes).toEqual({ './app': './src/app.tsx', './background': './src/background.ts' });
  });
});
