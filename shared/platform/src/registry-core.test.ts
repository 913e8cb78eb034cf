import { chooseRelease, isFileIntegrity, registryShapeProblem } from './registry-core.js';
import { fileIntegritySchema, parseRegistry, type RegistryEntry } from './registry.js';

const entry: RegistryEntry = {
  title: 'Account',
  route: '/account',
  version: '1.0.0+3f2a9c1d',
  manifest: 'http://127.0.0.1:3001/1.0.0+3f2a9c1d/mf-manifest.json',
  integrity: 'sha384-oqVuAfXRKap7fdgcCY5uykM6+R9GqQ8K/uxy9rx7HNQlGYl1kPzQho1wx4JwY8wC',
  contract: '^1.0.0',
  auth: 'none',
};
const files = { entry: 'remoteEntry.js', globalName: 'account', app: ['__federation_expose_app.0123abcd.js'], integrity: { 'remoteEntry.js': entry.integrity } };
const registry = (remotes: Record<string, unknown>) => ({ schemaVersion: 1, environment: 'local', updatedAt: '2026-01-01T00:00:00.000Z', remotes });
const withEntry = (change: Record<string, unknown>) => registry({ account: { ...entry, ...change } });

/** Registries the full schema accepts. */
const valid: unknown[] = [
  registry({}),
  registry({ account: entry }),
  withEntry({ icon: 'user', description: 'Your account', background: './background', files: { ...files, shared: ['react', '@portal/ui/forms'] } }),
  withEntry({ manifest: '../remotes/account/1.0.0/mf-manifest.json', canary: { ...entry, version: '1.1.0', percentage: 0, files } }),
  registry({ account: entry, data: { ...entry, route: '/data/tables', auth: 'aal2' } }),
];

/** Registries broken in one place each, every one a rule the browser checks itself. */
const refusedByShape: Array<[string, unknown]> = [
  ['not an object', '<html>'],
  ['an array', []],
  ['another schema version', { ...registry({}), schemaVersion: 2 }],
  ['no environment', { ...registry({}), environment: '' }],
  ['remotes not an object', { ...registry({}), remotes: [] }],
  ['a name that is no container name', registry({ 'my-remote': entry })],
  ['an entry that is no object', registry({ account: 'account' })],
  ['an empty title', withEntry({ title: '' })],
  ['a title over 60 characters', withEntry({ title: 'x'.repeat(61) })],
  ['a route without its slash', withEntry({ route: 'account' })],
  ['a route with a trailing slash', withEntry({ route: '/account/' })],
  ['a reserved route', withEntry({ route: '/status' })],
  ['two remotes on one route', registry({ account: entry, other: { ...entry } })],
  ['a javascript: manifest', withEntry({ manifest: 'javascript:alert(1)//mf-manifest.json' })],
  ['a data: manifest', withEntry({ manifest: 'data:text/plain,/mf-manifest.json' })],
  ['a scheme-relative manifest', withEntry({ manifest: '//elsewhere.example/a/mf-manifest.json' })],
  ['a backslash scheme-relative manifest', withEntry({ manifest: '/\\elsewhere.example/a/mf-manifest.json' })],
  ['a manifest that is no mf-manifest.json', withEntry({ manifest: 'http://127.0.0.1:3001/remoteEntry.js' })],
  ['an empty manifest', withEntry({ manifest: '' })],
  ['an md5 integrity', withEntry({ integrity: 'md5-x' })],
  ['no version', withEntry({ version: 1 })],
  ['no contract', withEntry({ contract: undefined })],
  ['an unknown auth level', withEntry({ auth: 'admin' })],
  ['an icon over 40 characters', withEntry({ icon: 'x'.repeat(41) })],
  ['a description over 200 characters', withEntry({ description: 'x'.repeat(201) })],
  ['a background that is a URL', withEntry({ background: 'https://elsewhere.example/x.js' })],
  ['a canary over 100 %', withEntry({ canary: { ...entry, percentage: 101 } })],
  ['a canary with a foreign manifest', withEntry({ canary: { ...entry, manifest: '//elsewhere.example/mf-manifest.json', percentage: 5 } })],
  ['an entry file outside the release', withEntry({ files: { ...files, entry: '../other/remoteEntry.js' } })],
  ['an app file elsewhere', withEntry({ files: { ...files, app: ['https://elsewhere.example/x.js'] } })],
  ['a scheme-relative app file', withEntry({ files: { ...files, app: ['//elsewhere.example/x.js'] } })],
  ['a global name that is no identifier', withEntry({ files: { ...files, globalName: 'a-b' } })],
  ['a file hash that is no SRI hash', withEntry({ files: { ...files, integrity: { 'remoteEntry.js': 'md5-x' } } })],
];

/** What only the full schema refuses (it needs a library), at publish time. */
const leftToPublish: Array<[string, unknown]> = [
  ['a version that is no semantic version', withEntry({ version: 'soon' })],
  ['a contract that is no range', withEntry({ contract: 'soon' })],
  ['a timestamp that is no ISO date', { ...registry({}), updatedAt: 'yesterday' }],
];

const fullSchemaRefuses = (value: unknown) => {
  try {
    parseRegistry(value);
    return false;
  } catch {
    return true;
  }
};

describe('the registry shape check the shell runs at start', () => {
  it('passes every registry the full schema accepts', () => {
    for (const value of valid) {
      expect(fullSchemaRefuses(value)).toBe(false);
      expect(registryShapeProblem(value)).toBeNull();
    }
  });

  it.each(refusedByShape)('refuses %s, as the full schema does', (_, value) => {
    expect(registryShapeProblem(value)).not.toBeNull();
    expect(fullSchemaRefuses(value)).toBe(true);
  });

  it.each(leftToPublish)('leaves %s to the full schema (deploy refuses it at publish)', (_, value) => {
    expect(registryShapeProblem(value)).toBeNull();
    expect(fullSchemaRefuses(value)).toBe(true);
  });

  it('refuses shared modules of a release that are no package names', () => {
    expect(registryShapeProblem(withEntry({ files: { ...files, shared: ['react', '@portal/ui/forms', 'react-dom/client'] } }))).toBeNull();
    for (const shared of [['Not A Package'], ['../x'], 'react', [7]]) {
      expect(registryShapeProblem(withEntry({ files: { ...files, shared } }))).toMatch(/the remote "account" has a wrong version, manifest, integrity or files/);
    }
  });

  it('checks a manifest\'s file hashes as the full schema does', () => {
    for (const value of [{}, { 'remoteEntry.js': entry.integrity }, { '': entry.integrity }, { 'a.js': 'md5-x' }, [], null, 'x']) {
      expect(isFileIntegrity(value)).toBe(fileIntegritySchema.safeParse(value).success);
    }
  });

  it('gives the canary to the buckets under its percentage, with its own files', () => {
    const withCanary = { ...entry, files, canary: { ...entry, version: '1.1.0', percentage: 25, files: { ...files, entry: 'canary.js' } } };
    expect(chooseRelease(withCanary, 24.9)).toMatchObject({ version: '1.1.0', canary: true, files: { entry: 'canary.js' } });
    expect(chooseRelease(withCanary, 25)).toMatchObject({ version: '1.0.0+3f2a9c1d', canary: false, files });
    expect(chooseRelease(entry, 0)).toEqual({ version: entry.version, manifest: entry.manifest, integrity: entry.integrity, canary: false });
  });
});
