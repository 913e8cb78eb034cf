// The shell's Content-Security-Policy in Chromium: the page is served with it (and nosniff, a
// referrer policy, no framing); the registered remotes load under it; a script from an origin
// outside the policy is blocked and reported (securitypolicyviolation) without running; a remote
// published on an origin the environment does not allow is refused with its error card while
// the rest of the portal works.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { inlineScriptHashes, readShellPolicySources, shellContentSecurityPolicy } from '../deploy/src/content-security-policy.js';
import { startStaticServer, type StaticServer } from '../deploy/src/index.js';
import { launchBrowser, type Browser } from './browser.js';
import { REPO, startTestPortal, type TestPortal } from './portal-harness.js';

jest.setTimeout(180_000);

let portal: TestPortal;
let browser: Browser;
let outsider: StaticServer;
let outsiderRoot: string;

beforeAll(async () => {
  outsiderRoot = mkdtempSync(path.join(REPO, '.tmp', 'csp-outsider-'));
  writeFileSync(path.join(outsiderRoot, 'ran.js'), 'window.__outsiderRan = true;');
  outsider = await startStaticServer({ root: outsiderRoot, cors: true, versionedFolders: true });
  portal = await startTestPortal({
    extraRemotes: (local) => {
      // The account remote's release, served as is from an origin of nobody's choosing.
      const account = local.published.find((p) => p.remote === 'account')!;
      cpSync(local.env.releaseDir('account', account.version), path.join(outsiderRoot, 'release'), {
        recursive: true,
      });
      return {
        outsider: {
          title: 'Outsider',
          route: '/outsider',
          version: account.version,
          manifest: `${outsider.url}/release/mf-manifest.json`,
          integrity: account.integrity,
          contract: '^1.0.0',
          auth: 'none',
        },
      };
    },
  });
  // The environment names the origins its remotes come from; the outsider's is not one of them
  // (and no dev overrides, which would open every loopback port).
  const configFile = portal.portal.env.configFile;
  const config = JSON.parse(readFileSync(configFile, 'utf8')) as Record<string, unknown>;
  writeFileSync(
    configFile,
    JSON.stringify(
      { ...config, allowedOrigins: Object.values(portal.portal.remoteUrls), devOverrides: false },
      null,
      2,
    ),
  );
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await outsider?.close();
  rmSync(outsiderRoot, { recursive: true, force: true });
});

describe('the shell’s Content-Security-Policy', () => {
  it('serves the shell’s page with the policy and the security headers', async () => {
    const response = await fetch(`${portal.url}/account`);
    const policy = response.headers.get('content-security-policy')!;
    const remotes = Object.values(portal.portal.remoteUrls).sort();
    // The page's first script is written into it; it alone may run inline, by the hash of its text.
    const page = await response.text();
    const inline = inlineScriptHashes(page);
    expect(inline).toHaveLength(1);
    expect(policy).toContain(`script-src 'self' '${inline[0]}' ${remotes.join(' ')};`);
    expect(policy).toContain(
      `connect-src 'self' ${portal.emulator.apiUrl} ${portal.emulator.apiUrl.replace(/^http/, 'ws')} ${remotes.join(' ')};`,
    );
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain(outsider.url);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it('loads the registered remotes under it, with no violation', async () => {
    const page = await browser.newPage();
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        ((window as unknown as { __violations: string[] }).__violations ??= []).push(
          `${event.violatedDirective} ${event.blockedURI}`,
        );
      });
    });
    await page.goto(`${portal.url}/account`);
    await page.locator('form[aria-label="Sign in"]').waitFor();
    // Nothing is reported: not even zod's probe for `new Function` (the shell sets it jitless).
    const violations = await page.evaluate(
      () => (window as unknown as { __violations?: string[] }).__violations ?? [],
    );
    expect(violations).toEqual([]);
    await page.close();
  });

  it('still starts under a host’s policy that refuses the first script in the page: the main script asks for config.json and the registry itself', async () => {
    // The same shell, served with the same policy less the hash of its inline script.
    const shellDir = portal.portal.env.shellDir;
    const strict = await startStaticServer({
      root: shellDir,
      spaFallback: true,
      contentSecurityPolicy: (req) =>
        shellContentSecurityPolicy({ ...readShellPolicySources(shellDir, `http://${req.headers.host}`), inlineScriptHashes: [] }),
    });
    const page = await browser.newPage();
    try {
      const asked: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname === '/config.json' || pathname.endsWith('/registry.json')) asked.push(pathname);
      });
      await page.goto(`${strict.url}/account`);
      await page.locator('form[aria-label="Sign in"]').waitFor();
      expect(await page.evaluate(() => '__PORTAL_EARLY_REQUESTS__' in globalThis)).toBe(false);
      expect(asked.sort()).toEqual(['/config.json', '/registry.json']);
    } finally {
      await page.close();
      await strict.close();
    }
  });

  it('blocks and reports a script from an origin outside the policy, and an inline script', async () => {
    const page = await browser.newPage();
    await page.goto(`${portal.url}/`);
    await page.getByRole('heading', { name: 'Welcome to the portal' }).waitFor();
    const reported = await page.evaluate(async (src) => {
      const violations: string[] = [];
      let reportedTwice: () => void = () => undefined;
      const twice = new Promise<void>((resolve) => (reportedTwice = resolve));
      document.addEventListener('securitypolicyviolation', (event) => {
        violations.push(`${event.violatedDirective} ${event.blockedURI}`);
        if (violations.length === 2) reportedTwice();
      });
      const outside = document.createElement('script');
      outside.src = src;
      const settled = new Promise((resolve) => outside.addEventListener('error', resolve));
      document.head.append(outside);
      await settled;
      const inline = document.createElement('script');
      inline.textContent = 'window.__inlineRan = true;';
      document.head.append(inline);
      // Reports are dispatched as tasks; both come, or the test's own timeout says they did not.
      await twice;
      const flags = window as unknown as { __outsiderRan?: boolean; __inlineRan?: boolean };
      return {
        violations,
        outsiderRan: flags.__outsiderRan ?? false,
        inlineRan: flags.__inlineRan ?? false,
      };
    }, `${outsider.url}/ran.js`);
    expect(reported.outsiderRan).toBe(false);
    expect(reported.inlineRan).toBe(false);
    expect(reported.violations).toEqual(
      expect.arrayContaining([`script-src-elem ${outsider.url}/ran.js`, 'script-src-elem inline']),
    );
    await page.close();
  });

  it('names each dev server exactly where dev overrides are allowed: no port wildcard, and a script from another loopback port is blocked', async () => {
    // The environment as a local portal writes it: dev overrides on, its dev servers listed.
    const configFile = portal.portal.env.configFile;
    const config = readFileSync(configFile, 'utf8');
    const devServer = 'http://127.0.0.1:3102';
    writeFileSync(configFile, JSON.stringify({ ...(JSON.parse(config) as object), devOverrides: true, devOrigins: [devServer] }));
    const page = await browser.newPage();
    try {
      const response = await page.goto(`${portal.url}/`);
      const policy = (await response!.headerValue('content-security-policy'))!;
      expect(policy).not.toMatch(/:\*/);
      expect(policy).toMatch(new RegExp(`script-src [^;]* ${devServer.replace(/\./g, '\\.')}[ ;]`));
      // The outsider is a server on this machine too, on a port the environment does not name.
      expect(new URL(outsider.url).hostname).toBe('127.0.0.1');
      await page.getByRole('heading', { name: 'Welcome to the portal' }).waitFor();
      const result = await page.evaluate(async (src) => {
        const blocked = new Promise<string>((resolve) =>
          document.addEventListener('securitypolicyviolation', (event) => resolve(`${event.violatedDirective} ${event.blockedURI}`)),
        );
        const script = document.createElement('script');
        script.src = src;
        const settled = new Promise((resolve) => {
          script.addEventListener('error', () => resolve('error'));
          script.addEventListener('load', () => resolve('load'));
        });
        document.head.append(script);
        const outcome = await settled;
        // A blocked script's report comes as a task of its own; a script that ran has none.
        const violation = outcome === 'error' ? await blocked : null;
        return { settled: outcome, violation, ran: (window as unknown as { __outsiderRan?: boolean }).__outsiderRan ?? false };
      }, `${outsider.url}/ran.js`);
      expect(result).toEqual({ settled: 'error', violation: `script-src-elem ${outsider.url}/ran.js`, ran: false });
    } finally {
      await page.close();
      writeFileSync(configFile, config);
    }
  });

  it('refuses a remote published on an origin outside the policy with its error card; the others work', async () => {
    const page = await browser.newPage();
    await page.goto(`${portal.url}/outsider`);
    await expect(page.getByTestId('remote-error').textContent()).resolves.toMatch(
      /Outsider could not be loaded/,
    );
    await expect(
      page.evaluate(() => document.querySelector('[data-portal-remote="account"]') === null),
    ).resolves.toBe(true);
    await page.getByRole('link', { name: 'Account', exact: true }).click();
    await page.locator('form[aria-label="Sign in"]').waitFor();
    await page.close();
  });
});
