import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inlineScriptHashes, readShellPolicySources, shellContentSecurityPolicy } from './content-security-policy.js';
import { startStaticServer } from './static-server.js';

const SHELL = 'http://localhost:3000';
const BACKEND = 'http://127.0.0.1:54321';

function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split(';').map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

let shellDir: string;
beforeEach(() => {
  shellDir = mkdtempSync(path.join(tmpdir(), 'portal-csp-'));
});
afterEach(() => rmSync(shellDir, { recursive: true, force: true }));

const writeShell = (config: object, registry?: object) => {
  writeFileSync(path.join(shellDir, 'config.json'), JSON.stringify(config));
  writeFileSync(path.join(shellDir, 'index.html'), '<!doctype html><title>Portal</title>');
  if (registry) writeFileSync(path.join(shellDir, 'registry.json'), JSON.stringify(registry));
};

describe('the shell’s Content-Security-Policy', () => {
  it('allows scripts from the shell and the registry’s remote origins only, and no inline script', () => {
    writeShell(
      { supabaseUrl: BACKEND, registryUrl: '/registry.json' },
      {
        remotes: {
          account: { manifest: 'http://127.0.0.1:4001/1.0.0/mf-manifest.json' },
          data: {
            manifest: 'remotes/data/1.0.0/mf-manifest.json',
            canary: { manifest: 'https://cdn.example/data/mf-manifest.json' },
          },
        },
      },
    );
    const policy = directives(shellContentSecurityPolicy(readShellPolicySources(shellDir, SHELL)));
    expect(policy['script-src']).toEqual([
      "'self'",
      'http://127.0.0.1:4001',
      'https://cdn.example',
    ]);
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
    expect(policy['script-src']).not.toContain("'unsafe-eval'");
    expect(policy['connect-src']).toEqual([
      "'self'",
      BACKEND,
      'ws://127.0.0.1:54321',
      'http://127.0.0.1:4001',
      'https://cdn.example',
    ]);
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['base-uri']).toEqual(["'self'"]);
  });

  it('lets the page’s own first script run inline, by the hash of its text, and no other inline script', () => {
    writeShell({ supabaseUrl: BACKEND }, { remotes: {} });
    const early = '(()=>{fetch("/config.json")})();';
    writeFileSync(
      path.join(shellDir, 'index.html'),
      `<!doctype html><head><script id="portal-lazy-chunks" type="application/json">{}</script><script>${early}</script><script defer src="/main.js"></script></head>`,
    );
    const hash = createHash('sha256').update(early).digest('base64');
    expect(inlineScriptHashes(readFileSync(path.join(shellDir, 'index.html'), 'utf8'))).toEqual([`sha256-${hash}`]);
    const policy = directives(shellContentSecurityPolicy(readShellPolicySources(shellDir, SHELL)));
    expect(policy['script-src']).toEqual(["'self'", `'sha256-${hash}'`]);
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
  });

  it('takes config.json’s allowedOrigins as the remote origins when it has them, and a registry on another origin', () => {
    writeShell({
      supabaseUrl: 'https://project.supabase.co',
      registryUrl: 'https://registry.example/portal/registry.json',
      allowedOrigins: ['https://cdn.example', 'https://other.example/'],
    });
    const policy = directives(shellContentSecurityPolicy(readShellPolicySources(shellDir, SHELL)));
    expect(policy['script-src']).toEqual([
      "'self'",
      'https://cdn.example',
      'https://other.example',
      'https://registry.example',
    ]);
    expect(policy['connect-src']).toContain('wss://project.supabase.co');
  });

  it('adds config.json’s dev servers where dev overrides are allowed, exactly, never the API, and no port wildcard', () => {
    const registry = { remotes: { account: { manifest: 'http://127.0.0.1:3001/1.0.0/mf-manifest.json' } } };
    writeShell({ supabaseUrl: BACKEND, devOverrides: true, devOrigins: ['http://127.0.0.1:3101', 'http://localhost:3102/', BACKEND] }, registry);
    const text = shellContentSecurityPolicy(readShellPolicySources(shellDir, SHELL));
    expect(text).not.toMatch(/:\*/);
    const policy = directives(text);
    expect(policy['script-src']).toEqual(["'self'", 'http://127.0.0.1:3001', 'http://127.0.0.1:3101', 'http://localhost:3102']);
    expect(policy['connect-src']).toEqual(["'self'", BACKEND, 'ws://127.0.0.1:54321', 'http://127.0.0.1:3001', 'http://127.0.0.1:3101', 'http://localhost:3102']);

    // Listed but not allowed: no dev server at all.
    writeShell({ supabaseUrl: BACKEND, devOverrides: false, devOrigins: ['http://127.0.0.1:3101'] }, registry);
    expect(directives(shellContentSecurityPolicy(readShellPolicySources(shellDir, SHELL)))['script-src']).toEqual(["'self'", 'http://127.0.0.1:3001']);
    writeShell({ supabaseUrl: BACKEND, devOverrides: true }, registry);
    expect(directives(shellContentSecurityPolicy(readShellPolicySources(shellDir, SHELL)))['script-src']).toEqual(["'self'", 'http://127.0.0.1:3001']);
  });

  it('is sent with the shell’s page, with nosniff, a referrer policy and no framing', async () => {
    writeShell({ supabaseUrl: BACKEND }, { remotes: {} });
    writeFileSync(path.join(shellDir, 'main.js'), 'console.log(1)');
    const server = await startStaticServer({
      root: shellDir,
      spaFallback: true,
      contentSecurityPolicy: (req) =>
        shellContentSecurityPolicy(readShellPolicySources(shellDir, `http://${req.headers.host}`)),
    });
    try {
      for (const route of ['/', '/account/sign-in']) {
        const page = await fetch(`${server.url}${route}`);
        expect(page.headers.get('content-security-policy')).toMatch(
          /^default-src 'self'; script-src 'self'; /,
        );
        expect(page.headers.get('x-content-type-options')).toBe('nosniff');
        expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
        expect(page.headers.get('x-frame-options')).toBe('DENY');
      }
      const script = await fetch(`${server.url}/main.js`);
      expect(script.headers.get('content-security-policy')).toBeNull();
      expect(script.headers.get('x-content-type-options')).toBe('nosniff');
    } finally {
      await server.close();
    }
  });
});
