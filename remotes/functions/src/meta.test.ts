import { readFileSync } from 'node:fs';
import path from 'node:path';
import { functionsMeta } from './meta.js';

describe('the functions remote’s metadata', () => {
  it('matches remote.json, which the deploy step copies into the registry', () => {
    const {
      port: _port,
      exposes,
      assets,
      ...meta
    } = JSON.parse(readFileSync(path.join(__dirname, '..', 'remote.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(meta).toEqual(functionsMeta);
    expect(exposes).toEqual({ './app': './src/app.tsx' });
    expect(assets).toEqual({ 'functions.json': './build/functions-catalogue.ts' });
  });
});
