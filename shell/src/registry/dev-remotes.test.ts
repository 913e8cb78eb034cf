// A remote the registry does not know yet, run from its dev server "in development".
import type { Registry } from '@portal/platform/registry';
import { devRemoteEntries, withDevRemotes } from './dev-remotes.js';

const DEV = 'http://127.0.0.1:3102';
const registry: Registry = {
  schemaVersion: 1,
  environment: 'staging',
  updatedAt: '2026-01-01T00:00:00Z',
  remotes: {
    data: { title: 'Data', route: '/data', contract: '^1.0.0', auth: 'aal1', version: '1.0.0', manifest: 'https://cdn.example/data/mf-manifest.json', integrity: `sha384-${'B'.repeat(64)}` },
  },
};

/** A dev server answering each path with its remote.json. */
function devServer(files: Record<string, unknown>): typeof fetch {
  return (async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    const body = files[url.pathname];
    return body === undefined ? new Response('not found', { status: 404 }) : Response.json(body);
  }) as typeof fetch;
}

const notes = { name: 'notes', title: 'Notes', route: '/notes', icon: 'folder', contract: '^1.5.0', auth: 'aal1', port: 3102 };

it('adds a remote the registry lacks from its dev server’s remote.json, marked in development; a known remote is left to the registry', async () => {
  const active = new Map([
    ['notes', `${DEV}/mf-manifest.json`],
    ['data', `${DEV}/data/mf-manifest.json`],
  ]);
  const dev = await devRemoteEntries(active, registry, devServer({ '/remote.json': notes }));
  expect(dev.refusals).toEqual([]);
  expect(dev.entries).toEqual({
    notes: { title: 'Notes (in development)', route: '/notes', icon: 'folder', contract: '^1.5.0', auth: 'aal1', version: '0.0.0-in-development', manifest: `${DEV}/mf-manifest.json`, integrity: expect.stringMatching(/^sha384-/) },
  });
  expect(Object.keys(withDevRemotes(registry, dev).remotes)).toEqual(['data', 'notes']);
});

it('says why a remote in development cannot run: no dev server, another name, a taken or reserved route', async () => {
  const run = (files: Record<string, unknown>, name = 'notes') => devRemoteEntries(new Map([[name, `${DEV}/mf-manifest.json`]]), registry, devServer(files));
  await expect(run({})).resolves.toEqual({ entries: {}, refusals: [expect.stringMatching(/^notes is not in the registry, and its dev server's http:\/\/127\.0\.0\.1:3102\/remote\.json could not be read \(it answered 404\)/)] });
  await expect(run({ '/remote.json': notes }, 'other')).resolves.toMatchObject({ refusals: ['The override names other, but its dev server\'s remote.json names "notes": override that name.'] });
  await expect(run({ '/remote.json': { ...notes, route: '/data' } })).resolves.toMatchObject({ refusals: ['notes asks for the route /data, which the registry gives to data: pick another route in remote.json.'] });
  await expect(run({ '/remote.json': { ...notes, route: '/status' } })).resolves.toMatchObject({ refusals: [expect.stringMatching(/^notes's remote\.json on its dev server cannot be run: .*route.*reserved/)] });
});
