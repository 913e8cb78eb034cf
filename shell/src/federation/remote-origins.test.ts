import { isPortalError } from '@portal/platform';
import { assertAllowedOrigins, readManifestLocations, releaseUrls } from './remote-origins.js';

const manifest = (metaData: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto', ...metaData },
  exposes: [{ assets: { js: { sync: ['__federation_expose_app.1a2b3c4d.js'], async: ['vendors.9f8e7d6c.js'] } } }],
  portalFileIntegrity: { 'remoteEntry.js': 'sha384-x', '__federation_expose_app.1a2b3c4d.js': 'sha384-y' },
  ...extra,
});
const url = 'https://cdn.example/remotes/data/1.0.0/mf-manifest.json';
const allowed = new Set(['https://cdn.example']);

function refusal(run: () => void): string {
  try {
    run();
  } catch (error) {
    expect(isPortalError(error) && error.code).toBe('PORTAL-008');
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
}

describe('origins of a release', () => {
  it('reads the entry and files of an `auto` public path from the manifest’s folder', () => {
    const urls = releaseUrls(manifest({}), url, 'data', 'https://portal.example/data');
    expect(urls).toContain('https://cdn.example/remotes/data/1.0.0/remoteEntry.js');
    expect(urls).toContain('https://cdn.example/remotes/data/1.0.0/vendors.9f8e7d6c.js');
    expect(() => assertAllowedOrigins(urls, allowed, 'data')).not.toThrow();
  });

  it('refuses a manifest on an allowed origin whose public path, entry or file list leads elsewhere, naming the URL', () => {
    expect(refusal(() => assertAllowedOrigins(releaseUrls(manifest({ publicPath: 'https://evil.example/x/' }), url, 'data'), allowed, 'data'))).toMatch(
      /"data" would load https:\/\/evil\.example\/x\/.*https:\/\/evil\.example is not one of this environment's allowed origins \(https:\/\/cdn\.example\)/,
    );
    // Joined as strings, as the runtime does: `https://cdn.example` + `@evil.example/…` is a URL on evil.example.
    expect(
      refusal(() =>
        assertAllowedOrigins(releaseUrls(manifest({ publicPath: 'https://cdn.example', remoteEntry: { name: 'remoteEntry.js', path: '@evil.example/js' } }), url, 'data'), allowed, 'data'),
      ),
    ).toMatch(/evil\.example is not one/);
    expect(
      refusal(() => assertAllowedOrigins(releaseUrls(manifest({}, { portalFileIntegrity: { 'http://evil.example/chunk.js': 'sha384-z' } }), url, 'data'), allowed, 'data')),
    ).toMatch(/http:\/\/evil\.example\/chunk\.js/);
  });

  it('refuses a public path computed by code, which cannot be checked', () => {
    const computed = manifest({});
    delete (computed.metaData as Record<string, unknown>).publicPath;
    (computed.metaData as Record<string, unknown>).getPublicPath = 'return "https://evil.example/"';
    expect(refusal(() => releaseUrls(computed, url, 'data'))).toMatch(/computes one with code/);
  });

  it('refuses a manifest on a foreign origin, and allows any origin without a list', () => {
    expect(refusal(() => assertAllowedOrigins(['http://127.0.0.1:9/mf-manifest.json'], allowed, 'data'))).toMatch(/http:\/\/127\.0\.0\.1:9 is not one/);
    expect(() => assertAllowedOrigins(['http://127.0.0.1:9/mf-manifest.json'], null, 'data')).not.toThrow();
  });

  it('reads where a manifest\'s files are, and refuses what is not a Module Federation manifest', () => {
    expect(readManifestLocations(manifest({ globalName: 'data' }))).toEqual({
      globalName: 'data',
      publicPath: 'auto',
      remoteEntry: { name: 'remoteEntry.js', path: '' },
      exposes: [{ sync: ['__federation_expose_app.1a2b3c4d.js'], async: ['vendors.9f8e7d6c.js'] }],
      hashedFiles: ['remoteEntry.js', '__federation_expose_app.1a2b3c4d.js'],
    });
    expect(readManifestLocations({ metaData: { remoteEntry: { name: 'remoteEntry.js' } } })).toEqual({ remoteEntry: { name: 'remoteEntry.js', path: '' }, exposes: [], hashedFiles: [] });
    for (const broken of [
      null,
      '<html>',
      { metaData: {} },
      { metaData: { remoteEntry: { name: 7 } } },
      manifest({ publicPath: 5 }),
      manifest({}, { exposes: {} }),
      manifest({}, { exposes: [{ path: './app', assets: { js: { sync: [1] } } }] }),
      manifest({}, { exposes: [{ assets: 'x' }] }),
      manifest({}, { portalFileIntegrity: ['sha384-x'] }),
    ]) {
      expect(readManifestLocations(broken)).toBeNull();
      expect(() => releaseUrls(broken, url, 'data')).toThrow(/is not a Module Federation manifest/);
    }
  });
});
