import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { startStaticServer, type StaticServer } from './static-server.js';

let root: string;
let outside: string;
let shell: StaticServer;
let remote: StaticServer;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'portal-static-'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Portal</title>');
  writeFileSync(path.join(root, 'registry.json'), '{"remotes":{}}');
  writeFileSync(path.join(root, 'main.0123abcd.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  mkdirSync(path.join(root, '1.0.0+0123abcd'));
  writeFileSync(path.join(root, '1.0.0+0123abcd', 'remoteEntry.js'), 'var account;');
  writeFileSync(path.join(root, '1.0.0+0123abcd', 'mf-manifest.json'), '{}');
  writeFileSync(path.join(tmpdir(), 'portal-static-secret.txt'), 'secret');
  // What an environment folder may hold beside the served files, and links in and out of it.
  writeFileSync(path.join(root, '.env'), 'SECRET=dotenv');
  writeFileSync(path.join(root, '1.0.0+0123abcd', '.env'), 'SECRET=dotenv');
  mkdirSync(path.join(root, '.git'));
  writeFileSync(path.join(root, '.git', 'config'), '[core] secret');
  writeFileSync(path.join(root, '%2eenv'), 'a file literally named %2eenv');
  outside = mkdtempSync(path.join(tmpdir(), 'portal-static-outside-'));
  writeFileSync(path.join(outside, 'secret.js'), 'secret outside the root');
  symlinkSync(path.join(outside, 'secret.js'), path.join(root, 'linked-out.js'));
  symlinkSync(outside, path.join(root, 'linked-folder'));
  symlinkSync(path.join(root, '1.0.0+0123abcd', 'remoteEntry.js'), path.join(root, 'linked-in.js'));
  shell = await startStaticServer({ root, spaFallback: true });
  remote = await startStaticServer({ root, cors: true, versionedFolders: true });
});
afterAll(async () => {
  await shell.close();
  await remote.close();
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

/** The status and body of a GET, with the path sent exactly as written (no client normalisation). */
async function rawGet(base: string, rawPath: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    request(`${base}/`, { path: rawPath, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    })
      .on('error', reject)
      .end();
  });
}

describe('static server', () => {
  it('caches hashed files forever and revalidates the live documents', async () => {
    const hashed = await fetch(`${shell.url}/main.0123abcd.js`);
    expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(hashed.headers.get('content-type')).toMatch(/javascript/);
    expect((await fetch(`${shell.url}/registry.json`)).headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${remote.url}/1.0.0%2B0123abcd/mf-manifest.json`)).headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${remote.url}/1.0.0%2B0123abcd/remoteEntry.js`)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('lets other origins fetch a remote’s files, and only a remote’s', async () => {
    expect((await fetch(`${remote.url}/1.0.0%2B0123abcd/remoteEntry.js`)).headers.get('access-control-allow-origin')).toBe('*');
    expect((await fetch(`${shell.url}/registry.json`)).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers page routes with index.html, and missing files with a plain 404', async () => {
    const page = await fetch(`${shell.url}/account/sign-in`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Portal</title>');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const missing = await fetch(`${shell.url}/missing.0123abcd.js`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('Not found: /missing.0123abcd.js');
  });

  it('never serves outside its folder', async () => {
    const escaped = await fetch(`${shell.url}/..%2Fportal-static-secret.txt`);
    expect([400, 404]).toContain(escaped.status);
    expect(await escaped.text()).toMatch(/^(Not found|Bad path)/);
  });

  it('compresses, revalidates with ETags and refuses writes', async () => {
    const { request } = await import('node:http');
    const raw = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      request(`${shell.url}/main.0123abcd.js`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
        .on('error', reject)
        .end();
    });
    expect(raw.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(raw.body).toString()).toContain('console.log');

    const first = await fetch(`${shell.url}/registry.json`);
    const again = await fetch(`${shell.url}/registry.json`, { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
    // From another origin (a registry beside the remotes), the browser lets the page read the ETag.
    expect((await fetch(`${remote.url}/registry.json`)).headers.get('access-control-expose-headers')).toBe('etag');

    const post = await fetch(`${shell.url}/registry.json`, { method: 'POST', body: '{}' });
    expect(post.status).toBe(405);
    expect(await post.text()).toMatch(/only serves files/);
  });

  it('answers other requests while it compresses a large file for the first time', async () => {
    // About 12 MB of text that compresses slowly (hex digits of a counter's hash), served once.
    const { createHash } = await import('node:crypto');
    const lines: string[] = [];
    for (let i = 0; i < 150_000; i++) lines.push(createHash('sha256').update(String(i)).digest('hex'));
    writeFileSync(path.join(root, 'large.0123abcd.js'), `const hashes = ${JSON.stringify(lines)};`);
    const started = Date.now();
    const timed = async (file: string) => {
      const response = await fetch(`${shell.url}/${file}`, { headers: { 'accept-encoding': 'gzip' } });
      const at = Date.now() - started;
      await response.arrayBuffer();
      return at;
    };
    const large = timed('large.0123abcd.js');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const small = await timed('registry.json');
    // Compressed on the event loop, the large file would hold the small one's answer until done.
    expect(small).toBeLessThan((await large) / 2);
  });

  it('gives its url under urlHost while listening on 127.0.0.1, and sends the names it redirects there', async () => {
    const site = await startStaticServer({ root, spaFallback: true, urlHost: 'localhost', redirectHosts: ['127.0.0.1'] });
    try {
      expect(site.url).toBe(`http://localhost:${site.port}`);
      await expect(fetch(`${site.url}/registry.json`).then((r) => r.text())).resolves.toBe('{"remotes":{}}');
      const redirected = await fetch(`http://127.0.0.1:${site.port}/data?table=x`, { redirect: 'manual' });
      expect(redirected.status).toBe(308);
      expect(redirected.headers.get('location')).toBe(`http://localhost:${site.port}/data?table=x`);
      // Other names (a site's subdomains mapped to loopback) are served as they are.
      const other = await rawGet(`http://127.0.0.1:${site.port}`, '/registry.json', { host: `app.portal.test:${site.port}` });
      expect(other).toEqual({ status: 200, body: '{"remotes":{}}' });
    } finally {
      await site.close();
    }
  });

  describe('hidden files and links', () => {
    it.each([
      ['a dotfile', '/.env'],
      ['a file in a dot folder', '/.git/config'],
      ['an encoded dot', '/%2eenv'],
      ['an encoded upper-case dot', '/%2Eenv'],
      ['an encoded dot in a folder name', '/%2egit/config'],
      ['a dot after an encoded slash', '/1.0.0+0123abcd%2F.env'],
      ['a backslash before the dot', '/1.0.0+0123abcd%5C..%5C.env'],
    ])('answers %s with 404 on every origin, and never with the SPA page', async (_, rawPath) => {
      for (const base of [shell.url, remote.url]) {
        const answer = await rawGet(base, rawPath);
        expect({ status: answer.status, body: answer.body }).toEqual({ status: 404, body: `Not found: ${rawPath}` });
      }
    });

    it('decodes once: a double-encoded dot names a file literally called %2eenv', async () => {
      const answer = await rawGet(remote.url, '/%252eenv');
      expect(answer).toEqual({ status: 200, body: 'a file literally named %2eenv' });
    });

    it('refuses a symbolic link that leads out of the root, to a file or through a folder', async () => {
      for (const rawPath of ['/linked-out.js', '/linked-folder/secret.js']) {
        const answer = await rawGet(remote.url, rawPath);
        expect(answer).toEqual({ status: 404, body: `Not found: ${rawPath}` });
      }
    });

    it('serves a symbolic link to a file inside the root', async () => {
      const answer = await fetch(`${remote.url}/linked-in.js`);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toBe('var account;');
    });

    it.each(['/../portal-static-secret.txt', '/..%2Fportal-static-secret.txt', '/%2e%2e/portal-static-secret.txt', '/1.0.0+0123abcd/..%2F..%2Fportal-static-secret.txt', '/..%5Cportal-static-secret.txt'])(
      'never climbs out with %s',
      async (rawPath) => {
        const answer = await rawGet(remote.url, rawPath);
        expect([400, 404]).toContain(answer.status);
        expect(answer.body).toMatch(/^(Not found|Bad path): /);
      },
    );
  });
});
