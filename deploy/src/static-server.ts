// A small static host for the built apps, with the caching a real CDN would be given:
// immutable for content-hashed files and release folders, no-cache for the live documents,
// CORS for remotes (they are fetched from the shell's origin), gzip, ETags, and an SPA fallback.
// Never a hidden file (`.env`, `.git/`) nor anything a symbolic link leads to outside the root.
import { createReadStream, realpathSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import mime from 'mime-types';
import { CACHE_CONTROL, cachePolicyFor } from './cache-policy.js';

export interface StaticServerOptions {
  root: string;
  port?: number;
  /** The address it listens on (127.0.0.1). */
  host?: string;
  /**
   * The name its `url` gives (default: `host`), e.g. `localhost` for a server listening on
   * 127.0.0.1: browsers resolve `localhost` to loopback themselves.
   */
  urlHost?: string;
  /**
   * Host names answered with a redirect to the same path under `urlHost`: the local shell is
   * opened on `localhost` only, never on the API's site (docs/architecture.md#security).
   */
  redirectHosts?: string[];
  /** Let other origins fetch (remotes, loaded by the shell's page). */
  cors?: boolean;
  /** Serve index.html for page routes (paths without an extension): the shell's client routing. */
  spaFallback?: boolean;
  /** Treat `/<version>/…` folders as immutable releases. */
  versionedFolders?: boolean;
  /**
   * The Content-Security-Policy of the HTML pages served (the shell's document), made per request
   * from what the environment holds at that moment.
   */
  contentSecurityPolicy?: (req: IncomingMessage) => string;
  /** Paths answered by code rather than files (GET only), e.g. the session check. */
  handlers?: Record<string, (req: IncomingMessage, res: ServerResponse) => Promise<void>>;
}

export interface StaticServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json)|image\/svg\+xml)/;
const gzip = promisify(gzipCallback);
/**
 * Each file's compressed body, by path and ETag. A file is compressed on its first request, off
 * the event loop: a large script's first compression must not hold up every other request.
 */
const gzipCache = new Map<string, Promise<Buffer>>();

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(body);
}

/**
 * The file a URL path names below `root`, or why there is none. The path is decoded once (a
 * `%252e` stays a literal `%2e`). Any segment starting with `.` is refused: environment folders
 * may hold `.env`, `.git` and the like, and nothing the portal publishes starts with a dot (not
 * even `/.well-known`, which no app here uses). The file's real path (symbolic links followed)
 * must still lie inside the root's real path; a link between files of the root is fine.
 * A hidden path is a plain 404, never answered by the SPA fallback.
 */
function resolveFile(root: string, urlPath: string): { file: string; stat: FileStat } | 'bad-path' | 'hidden' | 'not-found' {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return 'bad-path';
  }
  if (decoded.includes('\0')) return 'bad-path';
  // Backslashes count as separators too, so `..\` and `\.git` are seen for what they mean elsewhere.
  if (decoded.split(/[/\\]/).some((segment) => segment.startsWith('.'))) return 'hidden';
  const file = path.join(root, path.normalize(decoded));
  if (file !== root && !file.startsWith(root + path.sep)) return 'bad-path';
  let real: string;
  let realRoot: string;
  try {
    // The root is resolved per request: a release folder may appear after the server started.
    real = realpathSync(file);
    realRoot = realpathSync(root);
  } catch {
    return 'not-found';
  }
  if (real !== realRoot && !real.startsWith(realRoot + path.sep)) return 'not-found';
  const stat = isFile(real);
  return stat ? { file: real, stat } : 'not-found';
}

interface FileStat {
  size: number;
  mtimeMs: number;
}

function isFile(file: string): FileStat | null {
  try {
    const stat = statSync(file);
    return stat.isFile() ? { size: stat.size, mtimeMs: stat.mtimeMs } : null;
  } catch {
    return null;
  }
}

export function startStaticServer(options: StaticServerOptions): Promise<StaticServer> {
  const root = path.resolve(options.root);
  const host = options.host ?? '127.0.0.1';
  const urlHost = options.urlHost ?? host;
  /** The port listened on, known once listening (no request comes before). */
  let port = 0;
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    if (options.cors) {
      res.setHeader('access-control-allow-origin', '*');
      res.setHeader('access-control-allow-methods', 'GET, HEAD, OPTIONS');
      res.setHeader('access-control-allow-headers', '*');
      // A registry served from here to another origin is revalidated by its ETag (If-None-Match).
      res.setHeader('access-control-expose-headers', 'etag');
    }
    res.setHeader('x-content-type-options', 'nosniff');
    // Other sites learn the portal's origin from a link, never the route or query a person was on.
    res.setHeader('referrer-policy', 'strict-origin-when-cross-origin');
    const hostname = URL.canParse(`http://${req.headers.host ?? ''}`) ? new URL(`http://${req.headers.host ?? ''}`).hostname : '';
    if (options.redirectHosts?.includes(hostname)) {
      return send(res, 308, `This server is opened on ${urlHost}.`, { location: `http://${urlHost}:${port}${req.url ?? '/'}` });
    }
    if (req.method === 'OPTIONS') return send(res, 204, '');
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, `${req.method} is not allowed here; this server only serves files.`, { allow: 'GET, HEAD, OPTIONS' });

    const urlPath = new URL(req.url ?? '/', 'http://static').pathname;
    const handler = req.method === 'GET' ? options.handlers?.[urlPath] : undefined;
    if (handler) {
      handler(req, res).catch((error: unknown) => {
        if (!res.headersSent) send(res, 500, `${urlPath} failed: ${error instanceof Error ? error.message : String(error)}`);
        else res.destroy();
      });
      return;
    }
    let found = resolveFile(root, urlPath);
    if (found === 'bad-path') return send(res, 400, `Bad path: ${urlPath}`);
    if (found === 'not-found' && urlPath.endsWith('/')) found = resolveFile(root, `${urlPath}index.html`);
    let servedPath = urlPath;
    if (found === 'not-found' && options.spaFallback && !path.extname(urlPath)) {
      found = resolveFile(root, '/index.html');
      servedPath = '/index.html';
    }
    if (typeof found === 'string') return send(res, 404, `Not found: ${urlPath}`);
    const { file, stat } = found;

    const type = mime.contentType(path.extname(file)) || 'application/octet-stream';
    const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
    res.setHeader('content-type', type);
    if (options.contentSecurityPolicy && type.startsWith('text/html')) {
      res.setHeader('content-security-policy', options.contentSecurityPolicy(req));
      // frame-ancestors for browsers that predate it.
      res.setHeader('x-frame-options', 'DENY');
    }
    res.setHeader('cache-control', CACHE_CONTROL[cachePolicyFor(servedPath, { versionedFolders: options.versionedFolders ?? false })]);
    res.setHeader('etag', etag);
    res.setHeader('vary', 'accept-encoding');
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304);
      return res.end();
    }
    const compress = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) && COMPRESSIBLE.test(type) && stat.size > 1024;
    if (compress) {
      const key = `${file}:${etag}`;
      let compressed = gzipCache.get(key);
      if (!compressed) {
        compressed = readFile(file).then((bytes) => gzip(bytes));
        gzipCache.set(key, compressed);
        // A failure is not remembered: the next request tries again.
        compressed.catch(() => gzipCache.delete(key));
      }
      compressed.then(
        (body) => {
          res.writeHead(200, { 'content-encoding': 'gzip', 'content-length': body.length });
          res.end(req.method === 'HEAD' ? undefined : body);
        },
        (error: unknown) => {
          if (!res.headersSent) send(res, 500, `${servedPath} could not be read: ${error instanceof Error ? error.message : String(error)}`);
          else res.destroy();
        },
      );
      return;
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
    server.listen(options.port ?? 0, host, () => {
      ({ port } = server.address() as AddressInfo);
      resolve({
        url: `http://${urlHost}:${port}`,
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
