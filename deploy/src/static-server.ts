// A small static host for the built apps, with the caching a real CDN would be given:
// immutable for content-hashed files and release folders, no-cache for the live documents,
// CORS for remotes (they are fetched from the shell's origin), gzip, ETags, and an SPA fallback.
import { createReadStream, statSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import mime from 'mime-types';
import { CACHE_CONTROL, cachePolicyFor } from './cache-policy.js';

export interface StaticServerOptions {
  root: string;
  port?: number;
  host?: string;
  /** Let other origins fetch (remotes, loaded by the shell's page). */
  cors?: boolean;
  /** Serve index.html for page routes (paths without an extension): the shell's client routing. */
  spaFallback?: boolean;
  /** Treat `/<version>/…` folders as immutable releases. */
  versionedFolders?: boolean;
}

export interface StaticServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json)|image\/svg\+xml)/;
const gzipCache = new Map<string, Buffer>();

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(body);
}

function resolveFile(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const file = path.join(root, path.normalize(decoded));
  // Never serve outside the root (`..` in any spelling).
  if (file !== root && !file.startsWith(root + path.sep)) return null;
  return file;
}

function isFile(file: string): { size: number; mtimeMs: number } | null {
  try {
    const stat = statSync(file);
    return stat.isFile() ? { size: stat.size, mtimeMs: stat.mtimeMs } : null;
  } catch {
    return null;
  }
}

export function startStaticServer(options: StaticServerOptions): Promise<StaticServer> {
  const root = path.resolve(options.root);
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    if (options.cors) {
      res.setHeader('access-control-allow-origin', '*');
      res.setHeader('access-control-allow-methods', 'GET, HEAD, OPTIONS');
      res.setHeader('access-control-allow-headers', '*');
    }
    res.setHeader('x-content-type-options', 'nosniff');
    if (req.method === 'OPTIONS') return send(res, 204, '');
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, `${req.method} is not allowed here; this server only serves files.`, { allow: 'GET, HEAD, OPTIONS' });

    const urlPath = new URL(req.url ?? '/', 'http://static').pathname;
    let file = resolveFile(root, urlPath);
    if (!file) return send(res, 400, `Bad path: ${urlPath}`);
    let stat = isFile(file);
    if (!stat && urlPath.endsWith('/')) {
      file = path.join(file, 'index.html');
      stat = isFile(file);
    }
    let servedPath = urlPath;
    if (!stat && options.spaFallback && !path.extname(urlPath)) {
      file = path.join(root, 'index.html');
      stat = isFile(file);
      servedPath = '/index.html';
    }
    if (!stat) return send(res, 404, `Not found: ${urlPath}`);

    const type = mime.contentType(path.extname(file)) || 'application/octet-stream';
    const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
    res.setHeader('content-type', type);
    res.setHeader('cache-control', CACHE_CONTROL[cachePolicyFor(servedPath, { versionedFolders: options.versionedFolders ?? false })]);
    res.setHeader('etag', etag);
    res.setHeader('vary', 'accept-encoding');
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304);
      return res.end();
    }
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) && COMPRESSIBLE.test(type) && stat.size > 1024;
    if (gzip) {
      const key = `${file}:${etag}`;
      let body = gzipCache.get(key);
      if (!body) {
        body = gzipSync(readFileSync(file));
        gzipCache.set(key, body);
      }
      res.writeHead(200, { 'content-encoding': 'gzip', 'content-length': body.length });
      return res.end(req.method === 'HEAD' ? undefined : body);
    }
    res.writeHead(200, { 'content-length': stat.size });
    if (req.method === 'HEAD') return res.end();
    createReadStream(file)
      .on('error', () => res.destroy())
      .pipe(res);
  };

  const server = createServer((req, res) => {
    try {
      handle(req, res);
    } catch (error) {
      if (!res.headersSent) send(res, 500, `The static server failed: ${error instanceof Error ? error.message : String(error)}`);
      else res.destroy();
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      const host = options.host ?? '127.0.0.1';
      resolve({
        url: `http://${host}:${port}`,
        port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
