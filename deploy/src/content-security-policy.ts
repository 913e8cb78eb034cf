// The shell page's Content-Security-Policy: scripts only from the shell's origin and the exact
// origins the environment loads remotes from (never a port wildcard: any loopback server would do),
// connections only to those and to the backend (HTTP and its websocket), no inline script but the
// page's own first script (allowed by its hash), no framing of the portal by other sites.
//
// Sources are read from the environment's own files on every page load (config.json and
// registry.json, as the shell reads them, and the page), so publishing a remote on a new origin
// or a new shell needs no restart.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export interface ShellPolicySources {
  /** config.json `supabaseUrl`: the backend the page calls (REST, auth, storage, realtime). */
  backendUrl: string;
  /**
   * Origins remotes are loaded from (their manifests, entries, chunks, PDF.js worker, images): the
   * registry's, and config.json's dev servers where dev overrides are allowed.
   */
  remoteOrigins: string[];
  /**
   * The hashes (`sha256-…`) of the page's inline scripts: the shell's first script is written into
   * its page (shell/rspack.config.ts, InlineEarlyScriptPlugin), and only that text may run inline.
   */
  inlineScriptHashes?: string[];
}

/** The hash sources of a page's classic inline scripts (`<script>` with no attribute: the build writes them so). */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, code]) => `sha256-${createHash('sha256').update(code!).digest('base64')}`);
}

const configSchema = z
  .object({
    supabaseUrl: z.url(),
    registryUrl: z.string().optional(),
    allowedOrigins: z.array(z.string()).optional(),
    devOverrides: z.boolean().optional(),
    devOrigins: z.array(z.string()).optional(),
  })
  .loose();

const originOf = (url: string, base?: string): string | null =>
  URL.canParse(url, base) && /^https?:$/.test(new URL(url, base).protocol)
    ? new URL(url, base).origin
    : null;

/** Every absolute or registry-relative manifest URL a registry names, wherever it names it. */
function manifestOrigins(registry: unknown, registryUrl: string): string[] {
  const found: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      if (value.endsWith('/mf-manifest.json')) {
        const origin = originOf(value, registryUrl);
        if (origin) found.push(origin);
      }
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(registry);
  return found;
}

/**
 * The sources of the shell served from `shellDir` (its config.json and, when the registry lives
 * beside it, registry.json). An `allowedOrigins` list in config.json is the environment's word on
 * where remotes come from and is used as is; otherwise the registry's manifest origins are.
 */
export function readShellPolicySources(shellDir: string, shellOrigin: string): ShellPolicySources {
  const config = configSchema.parse(
    JSON.parse(readFileSync(path.join(shellDir, 'config.json'), 'utf8')),
  );
  const registryUrl = new URL(config.registryUrl ?? '/registry.json', `${shellOrigin}/`).href;
  const origins = new Set<string>();
  const registryOrigin = originOf(registryUrl);
  if (registryOrigin && registryOrigin !== shellOrigin) origins.add(registryOrigin);
  if (config.allowedOrigins) {
    for (const origin of config.allowedOrigins) {
      const parsed = originOf(origin);
      if (parsed) origins.add(parsed);
    }
  } else if (registryOrigin === shellOrigin) {
    const registryFile = path.join(shellDir, decodeURIComponent(new URL(registryUrl).pathname));
    try {
      for (const origin of manifestOrigins(
        JSON.parse(readFileSync(registryFile, 'utf8')),
        registryUrl,
      ))
        origins.add(origin);
    } catch {
      // No registry yet (an environment being set up): no remote origin is allowed.
    }
  }
  // Where dev overrides are allowed, a developer may run a remote from one of the listed dev
  // servers (shell/src/registry/dev-overrides.ts), and from no other: never the API, whose storage serves
  // anyone's uploads, and never "any port of this machine".
  const backendOrigin = new URL(config.supabaseUrl).origin;
  if (config.devOverrides) {
    for (const origin of config.devOrigins ?? []) {
      const parsed = originOf(origin);
      if (parsed && parsed !== backendOrigin) origins.add(parsed);
    }
  }
  origins.delete(shellOrigin);
  let page = '';
  try {
    page = readFileSync(path.join(shellDir, 'index.html'), 'utf8');
  } catch {
    // No page yet: nothing inline to allow.
  }
  return { backendUrl: config.supabaseUrl, remoteOrigins: [...origins].sort(), inlineScriptHashes: inlineScriptHashes(page) };
}

/** The websocket origin of an http(s) backend (realtime). */
function websocketOrigin(backendUrl: string): string {
  return new URL(backendUrl).origin.replace(/^http/, 'ws');
}

/**
 * The policy text. Styles allow inline `<style>` elements: the design system and the chrome add
 * their stylesheets at run time as `<style>` text; styles cannot run script. Inline script runs
 * only where its text has one of `inlineScriptHashes`.
 */
export function shellContentSecurityPolicy({
  backendUrl,
  remoteOrigins,
  inlineScriptHashes = [],
}: ShellPolicySources): string {
  const backend = new URL(backendUrl).origin;
  const remotes = remoteOrigins.join(' ');
  const join = (...sources: string[]) => sources.filter(Boolean).join(' ');
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    ['script-src', join("'self'", ...inlineScriptHashes.map((hash) => `'${hash}'`), remotes)],
    // PDF.js starts its worker from a same-origin blob that imports the remote's worker file.
    ['worker-src', join("'self'", 'blob:', remotes)],
    ['style-src', join("'self'", "'unsafe-inline'", remotes)],
    ['connect-src', join("'self'", backend, websocketOrigin(backendUrl), remotes)],
    ['img-src', join("'self'", 'data:', 'blob:', backend, remotes)],
    ['media-src', join("'self'", 'blob:', backend)],
    ['font-src', join("'self'", 'data:', remotes)],
    // The files remote previews a PDF in a frame from a signed storage URL.
    ['frame-src', join("'self'", 'blob:', backend)],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map(([name, value]) => `${name} ${value}`).join('; ');
}
