// How heavy and how fast the portal is in a browser: build time, what each app ships (raw and
// gzip), and cold-start figures in Chromium (sign-in form on screen, the account remote's load
// time, bytes over the wire), plus a warm route change. Prints figures; nothing passes or fails.
//   node --import tsx bench/portal-load.ts [runs]
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { spawnSync } from 'node:child_process';
import { repoRoot } from '../deploy/src/build.js';
import { startEmulatorProcess } from '../deploy/src/emulator-process.js';
import { listFiles } from '../deploy/src/hashing.js';
import { startLocalPortal } from '../deploy/src/local-portal.js';
import { CHROMIUM, chromiumFlags } from '../tests/browser.js';
import { scratchFolder } from './_support.js';

const runs = Number(process.argv[2] ?? 5);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function sizeOf(dir: string, filter: (file: string) => boolean): { raw: number; gz: number; files: number } {
  let raw = 0;
  let gz = 0;
  let files = 0;
  for (const file of listFiles(dir).filter(filter)) {
    const bytes = readFileSync(path.join(dir, file));
    raw += bytes.length;
    gz += gzipSync(bytes).length;
    files++;
  }
  return { raw, gz, files };
}

// Built by the deploy CLI in its own process: under `--import tsx` the federation plugin's
// runtime templates would be compiled with esbuild's name helpers and break in the browser.
const buildStarted = performance.now();
const build = spawnSync(process.execPath, [path.join(repoRoot, 'deploy/bin/portal-deploy.js'), 'build', 'shell', 'account'], { encoding: 'utf8' });
if (build.status !== 0) throw new Error(`The build failed:\n${build.stdout}${build.stderr}`);
console.log(`build (shell + account, one rspack run, including process start): ${((performance.now() - buildStarted) / 1000).toFixed(1)} s`);
const js = (file: string) => file.endsWith('.js');
const shell = sizeOf(path.join(repoRoot, 'shell/dist'), js);
const account = sizeOf(path.join(repoRoot, 'remotes/account/dist'), js);
const accountEntry = sizeOf(path.join(repoRoot, 'remotes/account/dist'), (f) => f === 'remoteEntry.js');
console.log(`shell JavaScript (all chunks, React, ReactDOM, supabase-js, platform, ui, MF runtime): ${kb(shell.raw)} raw, ${kb(shell.gz)} gzip in ${shell.files} files`);
console.log(`account remote JavaScript: ${kb(account.raw)} raw, ${kb(account.gz)} gzip (remoteEntry.js ${kb(accountEntry.gz)} gzip)`);

const work = scratchFolder('bench-portal-');
const emulator = await startEmulatorProcess({ repoRoot, port: 0, mailPort: 0, dataDir: path.join(work, 'data') });
const portal = await startLocalPortal({
  envDir: path.join(work, 'env'),
  envName: 'bench',
  shellDist: path.join(repoRoot, 'shell/dist'),
  remoteDists: { account: path.join(repoRoot, 'remotes/account/dist') },
  supabaseUrl: emulator.apiUrl,
});
const browser = await chromium.launch({ executablePath: CHROMIUM, args: await chromiumFlags() });
try {
  const formVisible: number[] = [];
  const remoteLoad: number[] = [];
  const transferred: number[] = [];
  const routeChange: number[] = [];
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext(); // a cold cache every run
    const page = await context.newPage();
    let bytes = 0;
    page.on('requestfinished', (request) => {
      void request.sizes().then((sizes) => (bytes += sizes.responseBodySize + sizes.responseHeadersSize));
    });
    await page.goto(`${portal.shellUrl}/account/sign-in`);
    await page.locator('form[aria-label="Sign in"]').waitFor();
    formVisible.push(await page.evaluate(() => performance.now()));
    remoteLoad.push(
      await page.evaluate(() => {
        const debug = (globalThis as unknown as { __PORTAL_DEBUG__: { shell: { platform: () => { remotes: { get(): { name: string; loadMs: number | null }[] } } } } }).__PORTAL_DEBUG__;
        return debug.shell.platform().remotes.get().find((r) => r.name === 'account')?.loadMs ?? NaN;
      }),
    );
    await page.waitForLoadState('networkidle');
    transferred.push(bytes);
    await page.getByRole('link', { name: 'Home', exact: true }).click();
    await page.getByRole('heading', { name: 'Welcome to the portal' }).waitFor();
    const before = await page.evaluate(() => performance.now());
    await page.getByRole('link', { name: 'Account', exact: true }).click();
    await page.locator('form[aria-label="Sign in"]').waitFor();
    routeChange.push((await page.evaluate(() => performance.now())) - before);
    await context.close();
  }
  console.log(`cold start to the sign-in form on screen (navigation start → visible), median of ${runs}: ${median(formVisible).toFixed(0)} ms`);
  console.log(`account remote load (manifest + integrity check + entry + ./app), median: ${median(remoteLoad).toFixed(0)} ms`);
  console.log(`bytes over the wire for that first page (gzip), median: ${kb(median(transferred))}`);
  console.log(`warm route change Home → Account (unmount, mount, first commit), median: ${median(routeChange).toFixed(0)} ms`);
} finally {
  await browser.close();
  await portal.close();
  await emulator.stop();
  rmSync(work, { recursive: true, force: true });
}
