import { isPortalError } from './errors.js';
import { chooseRelease, contractSatisfied, parseRegistry, resolveManifestUrls, type RegistryEntry } from './registry.js';

const entry: RegistryEntry = {
  title: 'Account',
  route: '/account',
  version: '1.0.0+3f2a9c1d',
  manifest: 'http://127.0.0.1:3001/1.0.0+3f2a9c1d/mf-manifest.json',
  integrity: 'sha384-oqVuAfXRKap7fdgcCY5uykM6+R9GqQ8K/uxy9rx7HNQlGYl1kPzQho1wx4JwY8wC',
  contract: '^1.0.0',
  auth: 'none',
};
const registry = (remotes: Record<string, unknown>) => ({ schemaVersion: 1, environment: 'local', updatedAt: '2026-01-01T00:00:00.000Z', remotes });

function problem(value: unknown): string {
  try {
    parseRegistry(value);
  } catch (error) {
    expect(isPortalError(error)).toBe(true);
    return (error as Error).message;
  }
  throw new Error('expected the registry to be rejected');
}

describe('registry validation', () => {
  it('accepts a well-formed registry, canary included', () => {
    const parsed = parseRegistry(registry({ account: { ...entry, canary: { ...entry, version: '1.1.0', percentage: 10 } } }));
    expect(parsed.remotes.account?.canary?.percentage).toBe(10);
  });

  it('names each wrong field and the reason', () => {
    const message = problem(registry({ Account: { ...entry, route: 'account', integrity: 'md5-x', contract: 'soon', auth: 'admin' } }));
    expect(message).toMatch(/remotes\.Account/);
    expect(message).toMatch(/route must be a path/);
    expect(message).toMatch(/integrity must be a Subresource Integrity hash/);
    expect(message).toMatch(/contract must be a semver range/);
    expect(message).toMatch(/auth/);
  });

  it('accepts a background module by its exposed name, and nothing else there', () => {
    expect(parseRegistry(registry({ account: { ...entry, background: './background' } })).remotes.account?.background).toBe('./background');
    expect(problem(registry({ account: { ...entry, background: 'https://elsewhere.example/x.js' } }))).toMatch(
      /remotes\.account\.background must name an exposed module/,
    );
  });

  it('rejects remote names that cannot be container names', () => {
    expect(problem(registry({ 'my-remote': entry }))).toMatch(/remotes\.my-remote name must start with a lower-case letter/);
  });

  it('rejects manifests that are not http(s) or relative mf-manifest.json references', () => {
    expect(problem(registry({ account: { ...entry, manifest: 'javascript:alert(1)//mf-manifest.json' } }))).toMatch(/manifest must be an http\(s\) URL/);
    expect(problem(registry({ account: { ...entry, manifest: 'data:text/plain,/mf-manifest.json' } }))).toMatch(/manifest must be an http\(s\) URL/);
    expect(problem(registry({ account: { ...entry, manifest: '//elsewhere.example/a/mf-manifest.json' } }))).toMatch(/must not be scheme-relative/);
    expect(problem(registry({ account: { ...entry, manifest: '/\\elsewhere.example/a/mf-manifest.json' } }))).toMatch(/must not be scheme-relative/);
    expect(problem(registry({ account: { ...entry, manifest: 'http://127.0.0.1:3001/remoteEntry.js' } }))).toMatch(/mf-manifest\.json/);
    expect(problem(registry({ account: { ...entry, manifest: 'remotes/account/1.0.0/remoteEntry.js' } }))).toMatch(/mf-manifest\.json/);
  });

  it('accepts manifests relative to the registry and resolves them against its URL, absolute ones unchanged', () => {
    const parsed = parseRegistry(
      registry({
        account: { ...entry, manifest: '../remotes/account/1.0.0+3f2a9c1d/mf-manifest.json', canary: { ...entry, manifest: 'canary/mf-manifest.json', percentage: 5 } },
        data: { ...entry, route: '/data' },
      }),
    );
    const resolved = resolveManifestUrls(parsed, 'https://cdn.example/storage/v1/object/public/portal/prod/registry.json');
    expect(resolved.remotes.account?.manifest).toBe('https://cdn.example/storage/v1/object/public/portal/remotes/account/1.0.0+3f2a9c1d/mf-manifest.json');
    expect(resolved.remotes.account?.canary?.manifest).toBe('https://cdn.example/storage/v1/object/public/portal/prod/canary/mf-manifest.json');
    expect(resolved.remotes.data?.manifest).toBe(entry.manifest);
  });

  it('accepts where a release\'s entry and first scripts are (paths inside the release folder), and nothing outside it', () => {
    const files = { entry: 'remoteEntry.js', globalName: 'account', app: ['__federation_expose_app.0123abcd.js'], integrity: { 'remoteEntry.js': entry.integrity } };
    expect(parseRegistry(registry({ account: { ...entry, files } })).remotes.account?.files).toEqual(files);
    expect(problem(registry({ account: { ...entry, files: { ...files, entry: '../other/remoteEntry.js' } } }))).toMatch(/remotes\.account\.files\.entry must not leave the release folder/);
    expect(problem(registry({ account: { ...entry, files: { ...files, app: ['https://elsewhere.example/x.js'] } } }))).toMatch(/remotes\.account\.files\.app\.0 must be a path inside the release folder/);
    expect(problem(registry({ account: { ...entry, files: { ...files, app: ['//elsewhere.example/x.js'] } } }))).toMatch(/files\.app\.0 must be a path inside the release folder/);
  });

  it('rejects two remotes on one route and routes the shell keeps', () => {
    expect(problem(registry({ account: entry, other: { ...entry } }))).toMatch(/remotes\.other\.route is already used by the remote "account"/);
    expect(problem(registry({ account: { ...entry, route: '/status' } }))).toMatch(/reserved by the shell/);
  });

  it('rejects documents that are not registries at all', () => {
    expect(problem('<html>')).toMatch(/registry is invalid/);
    expect(problem({ ...registry({}), schemaVersion: 2 })).toMatch(/schemaVersion/);
  });
});

describe('contract and canary', () => {
  it('checks the contract range', () => {
    expect(contractSatisfied('1.0.0', '^1.0.0')).toBe(true);
    expect(contractSatisfied('1.0.0', '^2.0.0')).toBe(false);
    // 1.1 added presence and connection: remotes built for ^1.0.0 keep working, ^1.1.0 needs 1.1.
    expect(contractSatisfied('1.1.0', '^1.0.0')).toBe(true);
    expect(contractSatisfied('1.0.0', '^1.1.0')).toBe(false);
    // 1.2 added navigation badges and background modules.
    expect(contractSatisfied('1.2.0', '^1.1.0')).toBe(true);
    expect(contractSatisfied('1.1.0', '^1.2.0')).toBe(false);
  });

  it('gives the canary to the buckets under its percentage', () => {
    const withCanary = { ...entry, canary: { ...entry, version: '1.1.0', percentage: 25 } };
    expect(chooseRelease(withCanary, 24.9)).toMatchObject({ version: '1.1.0', canary: true });
    expect(chooseRelease(withCanary, 25)).toMatchObject({ version: '1.0.0+3f2a9c1d', canary: false });
    expect(chooseRelease(entry, 0)).toMatchObject({ canary: false });
    const files = { entry: 'remoteEntry.js', globalName: 'account', app: [], integrity: {} };
    expect(chooseRelease({ ...withCanary, files, canary: { ...withCanary.canary, files: { ...files, entry: 'canary.js' } } }, 1).files?.entry).toBe('canary.js');
    expect(chooseRelease({ ...withCanary, files }, 50).files).toEqual(files);
  });
});
