import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isPortalError } from '@portal/platform';
import { parseRegistry } from '@portal/platform/registry';
import { fetchRegistry } from './registry-loader.js';

const entry = {
  title: 'Account',
  route: '/account',
  version: '1.0.0+3f2a9c1d',
  manifest: 'remotes/account/1.0.0+3f2a9c1d/mf-manifest.json',
  integrity: 'sha384-oqVuAfXRKap7fdgcCY5uykM6+R9GqQ8K/uxy9rx7HNQlGYl1kPzQho1wx4JwY8wC',
  contract: '^1.0.0',
  auth: 'none',
};
const registry = (remotes: Record<string, unknown>) => ({ schemaVersion: 1, environment: 'local', updatedAt: '2026-01-01T00:00:00.000Z', remotes });

let server: Server;
let served: unknown;
let url: string;

beforeAll(async () => {
  server = createServer((_, response) => response.writeHead(200, { 'content-type': 'application/json', etag: '"1"' }).end(JSON.stringify(served)));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/env/registry.json`;
});

afterAll(() => server.close());

async function refusal(): Promise<string> {
  try {
    await fetchRegistry(url, null);
  } catch (error) {
    expect(isPortalError(error)).toBe(true);
    return (error as Error).message;
  }
  throw new Error('expected the registry to be refused');
}

describe('the registry as the shell reads it', () => {
  it('takes a well-formed registry, manifests resolved against its URL', async () => {
    served = registry({ account: entry });
    const fetched = await fetchRegistry(url, null);
    expect(fetched).toMatchObject({ etag: '"1"', registry: { environment: 'local' } });
    expect(fetched !== 'unchanged' && fetched.registry.remotes.account?.manifest).toBe(new URL(entry.manifest, url).href);
  });

  it('refuses a malformed registry with the full schema\'s words, every wrong field and why', async () => {
    served = registry({ Account: { ...entry, route: 'account', integrity: 'md5-x', auth: 'admin' } });
    const message = await refusal();
    expect(() => parseRegistry(served)).toThrow(message);
    expect(message).toMatch(/^The registry is invalid: /);
    expect(message).toMatch(/remotes\.Account\.route must be a path/);
    expect(message).toMatch(/remotes\.Account\.integrity must be a Subresource Integrity hash/);
    expect(message).toMatch(/remotes\.Account\.auth must be none, aal1 or aal2/);
  });

  it('refuses a document that is no registry at all', async () => {
    served = ['<html>'];
    await expect(refusal()).resolves.toMatch(/^The registry is invalid: /);
  });
});
