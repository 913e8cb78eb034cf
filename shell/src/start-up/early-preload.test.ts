import { openedReleaseScripts, type OpenedPage } from './early-preload.js';

const REGISTRY_URL = 'https://portal.example/env/registry.json';
const ENTRY_HASH = 'sha384-entry';
const APP_HASH = 'sha384-app';

/** A registry entry for the account remote, its files as deploy lists them. */
function account(overrides: Record<string, unknown> = {}) {
  return {
    route: '/account',
    title: 'Account',
    version: '1.0.0+aaaa1111',
    manifest: 'remotes/account/1.0.0+aaaa1111/mf-manifest.json',
    integrity: 'sha384-manifest',
    contract: '^1.4.0',
    auth: 'none',
    files: {
      entry: 'remoteEntry.js',
      globalName: 'account',
      app: ['__federation_expose_app.0123abcd.js'],
      integrity: { 'remoteEntry.js': ENTRY_HASH, '__federation_expose_app.0123abcd.js': APP_HASH },
      shared: ['@portal/ui/form-controls'],
    },
    ...overrides,
  };
}

const registry = (entry = account()) => ({ environment: 'test', updatedAt: '2026-11-28T00:00:00Z', remotes: { account: entry } });
const page = (overrides: Partial<OpenedPage> = {}): OpenedPage => ({ origin: 'https://shell.example', pathname: '/account/sign-in', search: '', bucket: () => 50, overridden: false, mayHoldSession: true, ...overrides });
const release = 'https://portal.example/env/remotes/account/1.0.0+aaaa1111/';

describe('the opened release\'s scripts the first script asks for', () => {
  it('are the entry and the first scripts of ./app, next to the manifest (relative to the registry), with the registry\'s hashes', () => {
    expect(openedReleaseScripts(page(), null, registry(), REGISTRY_URL)).toEqual([
      { href: `${release}remoteEntry.js`, integrity: ENTRY_HASH },
      { href: `${release}__federation_expose_app.0123abcd.js`, integrity: APP_HASH },
    ]);
  });

  it('are none on a route that needs a session when this browser holds none (the sign-in gate shows); a route open to everyone keeps them', () => {
    const data = account({ route: '/data', auth: 'aal1' });
    const signedOut = page({ pathname: '/data', mayHoldSession: false });
    expect(openedReleaseScripts(signedOut, null, registry(data), REGISTRY_URL)).toEqual([]);
    expect(openedReleaseScripts(page({ pathname: '/data' }), null, registry(data), REGISTRY_URL)).toHaveLength(2);
    expect(openedReleaseScripts(page({ mayHoldSession: false }), null, registry(), REGISTRY_URL)).toHaveLength(2);
  });

  it('are the canary\'s when this browser\'s bucket is in its percentage', () => {
    const canary = {
      version: '1.1.0+bbbb2222',
      manifest: 'https://cdn.example/account/1.1.0/mf-manifest.json',
      integrity: 'sha384-canary',
      percentage: 10,
      files: { entry: 'remoteEntry.js', globalName: 'account', app: [], integrity: { 'remoteEntry.js': 'sha384-canary-entry' } },
    };
    expect(openedReleaseScripts(page({ bucket: () => 5 }), null, registry(account({ canary })), REGISTRY_URL)).toEqual([
      { href: 'https://cdn.example/account/1.1.0/remoteEntry.js', integrity: 'sha384-canary-entry' },
    ]);
    expect(openedReleaseScripts(page({ bucket: () => 10 }), null, registry(account({ canary })), REGISTRY_URL)[0]!.href).toBe(`${release}remoteEntry.js`);
  });

  it('are none on the shell\'s own pages, on a route no remote owns, or with a developer\'s override', () => {
    for (const pathname of ['/', '/status', '/accounts', '/data']) expect(openedReleaseScripts(page({ pathname }), null, registry(), REGISTRY_URL)).toEqual([]);
    expect(openedReleaseScripts(page({ overridden: true }), null, registry(), REGISTRY_URL)).toEqual([]);
  });

  it('are the registry\'s for a link that asks for an override: the link alone loads nothing else', () => {
    expect(openedReleaseScripts(page({ search: '?override=account@http://127.0.0.1:3101/mf-manifest.json' }), null, registry(), REGISTRY_URL)).toEqual(openedReleaseScripts(page(), null, registry(), REGISTRY_URL));
    expect(openedReleaseScripts(page(), null, registry(), REGISTRY_URL)).toHaveLength(2);
  });

  it('keeps to the origins config.json allows: none when a file is elsewhere, or when the list is not one', () => {
    expect(openedReleaseScripts(page(), { allowedOrigins: ['https://portal.example/'] }, registry(), REGISTRY_URL)).toHaveLength(2);
    expect(openedReleaseScripts(page(), { allowedOrigins: ['https://cdn.example'] }, registry(), REGISTRY_URL)).toEqual([]);
    expect(openedReleaseScripts(page(), { allowedOrigins: 'https://portal.example' }, registry(), REGISTRY_URL)).toEqual([]);
    expect(openedReleaseScripts(page(), { allowedOrigins: ['not an origin'] }, registry(), REGISTRY_URL)).toEqual([]);
  });

  it('are none for a release without files (an older deploy\'s) or a registry not shaped as one, and a file without a hash is left out', () => {
    expect(openedReleaseScripts(page(), null, registry(account({ files: undefined })), REGISTRY_URL)).toEqual([]);
    expect(openedReleaseScripts(page(), null, registry(account({ files: { entry: 'remoteEntry.js', app: 'x.js', integrity: {} } })), REGISTRY_URL)).toEqual([]);
    for (const broken of [null, 'registry', { remotes: null }, { remotes: { account: null } }, { remotes: { account: { route: 7 } } }]) {
      expect(openedReleaseScripts(page(), null, broken, REGISTRY_URL)).toEqual([]);
    }
    const unhashed = account();
    unhashed.files.integrity = { 'remoteEntry.js': ENTRY_HASH } as typeof unhashed.files.integrity;
    expect(openedReleaseScripts(page(), null, registry(unhashed), REGISTRY_URL)).toEqual([{ href: `${release}remoteEntry.js`, integrity: ENTRY_HASH }]);
  });
});

/** The shell's lazy chunks as the build writes them into the page (LazyChunkFilesPlugin). */
const CHUNKS = {
  'ui-form-controls': ['/ui-form-controls.33333333.js'],
  'ui-tables': ['/ui-form-controls.33333333.js', '/ui-tables.44444444.js'],
  'ui-overlays': ['/ui-overlays.55555555.js'],
};

describe('the shell\'s groups the first script asks for', () => {
  it('are those the opened release consumes, each file once, after the release\'s own, without a hash', () => {
    const consuming = account();
    consuming.files.shared = ['@portal/ui/form-controls', '@portal/ui/tables', 'react', '@portal/ui/unknown'];
    expect(openedReleaseScripts(page(), null, registry(consuming), REGISTRY_URL, CHUNKS)).toEqual([
      { href: `${release}remoteEntry.js`, integrity: ENTRY_HASH },
      { href: `${release}__federation_expose_app.0123abcd.js`, integrity: APP_HASH },
      { href: 'https://shell.example/ui-form-controls.33333333.js' },
      { href: 'https://shell.example/ui-tables.44444444.js' },
    ]);
    // Not for a release whose own files are not asked for.
    expect(openedReleaseScripts(page({ overridden: true }), null, registry(consuming), REGISTRY_URL, CHUNKS)).toEqual([]);
  });
});
