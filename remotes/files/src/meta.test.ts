import { readFileSync } from 'node:fs';
import path from 'node:path';
import { filesMeta } from './meta.js';

describe('the files remote’s metadata', () => {
  it('matches remote.json, which the deploy step copies into the registry', () => {
    const {
      port: _port,
      exposes,
      ...meta
    } = JSON.parse(readFileSync(path.join(__dirname, '..', 'remote.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(meta).toEqual(filesMeta);
    // The app, and the upload widget other remotes mount as a parcel.
    expect(exposes).toEqual({
      './app': './src/app.tsx',
      './upload-parcel': './src/upload-parcel.tsx',
    });
  });
});
