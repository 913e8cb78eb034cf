// A published release whose code was changed afterwards is refused before it runs: the registry's
// hash covers the manifest, the manifest lists the hash of remoteEntry.js and every chunk, and
// the browser checks each script against its hash (Subresource Integrity) before running it.
import { appendFileSync, cpSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { LocalPortal } from '../deploy/src/index.js';
import { launchBrowser, type Browser, type ConsoleEntry } from './browser.js';
import { startTestPortal, type TestPortal } from './portal-harness.js';

jest.setTimeout(180_000);

let portal: TestPortal;
let browser: Browser;

/**
 * A copy of the account remote's published release in a folder of its own, served by the account
 * remote's origin, optionally with one of its files changed; its manifest is left untouched, so
 * the registry entry carries the genuine manifest hash.
 */
function copyOfAccountRelease(local: LocalPortal, folder: string, tamper?: (releaseDir: string) => void) {
  const account = local.published.find((p) => p.remote === 'account')!;
  const copy = path.join(local.env.remoteDir('account'), folder);
  cpSync(local.env.releaseDir('account', account.version), copy, { recursive: true });
  tamper?.(copy);
  return {
    version: account.version,
    manifest: `${local.remoteUrls.account}/${folder}/mf-manifest.json`,
    integrity: account.integrity,
    contract: '^1.0.0',
    auth: 'none' as const,
  };
}

/** Code that would show it ran: a flag on the page's window. */
const ranFlag = (name: string) => `\n;window.${name} = true;\n`;

beforeAll(async () => {
  portal = await startTestPortal({
    extraRemotes: (local) => ({
      // The same files, untouched: loads, so a refusal below is the changed file's doing.
      pristine: { title: 'Pristine copy', route: '/pristine', ...copyOfAccountRelease(local, 'copy-pristine') },
      tampered_entry: {
        title: 'Tampered entry',
        route: '/tampered-entry',
        ...copyOfAccountRelease(local, 'copy-tampered-entry', (dir) => appendFileSync(path.join(dir, 'remoteEntry.js'), ranFlag('__tamperedEntryRan'))),
      },
      tampered_chunk: {
        title: 'Tampered chunk',
        route: '/tampered-chunk',
        ...copyOfAccountRelease(local, 'copy-tampered-chunk', (dir) => {
          const chunk = readdirSync(dir).find((f) => f.startsWith('__federation_expose_app.') && f.endsWith('.js'))!;
          appendFileSync(path.join(dir, chunk), ranFlag('__tamperedChunkRan'));
        }),
      },
    }),
  });
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** A page of its own per case: copies of one remote share its container's global name. */
async function openAt(route: string): Promise<Page & { console: ConsoleEntry[] }> {
  const page = await browser.newPage();
  await page.goto(`${portal.url}${route}`);
  return page;
}

const blockedByIntegrity = (page: { console: ConsoleEntry[] }, file: RegExp) =>
  page.console.some((entry) => /integrity/i.test(entry.text) && /blocked/i.test(entry.text) && file.test(entry.text));

describe('code integrity of published releases', () => {
  it('loads an untouched copy of a release (the control case)', async () => {
    const page = await openAt('/pristine');
    // Mounted: the account remote's root (named after its container) inside this route's slot.
    await page.locator('[data-remote-slot="pristine"] [data-portal-remote="account"]').waitFor();
    await expect(page.getByTestId('remote-error').count()).resolves.toBe(0);
    await page.close();
  });

  it('refuses a release whose remoteEntry.js was changed after publishing, before running it; other routes work', async () => {
    const page = await openAt('/tampered-entry');
    const card = page.getByTestId('remote-error');
    await expect(card.textContent()).resolves.toMatch(/Tampered entry could not be loaded/);
    await expect(page.evaluate(() => (window as { __tamperedEntryRan?: boolean }).__tamperedEntryRan)).resolves.toBeUndefined();
    expect(blockedByIntegrity(page, /remoteEntry\.js/)).toBe(true);

    await page.getByRole('link', { name: 'Home' }).click();
    await page.getByRole('heading', { name: 'Welcome to the portal' }).waitFor();
    await page.getByRole('link', { name: 'Account', exact: true }).click();
    await page.locator('form[aria-label="Sign in"]').waitFor();
    await page.close();
  });

  it('refuses a release whose exposed chunk was changed after publishing, before running it; other routes work', async () => {
    const page = await openAt('/tampered-chunk');
    const card = page.getByTestId('remote-error');
    await expect(card.textContent()).resolves.toMatch(/Tampered chunk could not be loaded/);
    await expect(page.evaluate(() => (window as { __tamperedChunkRan?: boolean }).__tamperedChunkRan)).resolves.toBeUndefined();
    expect(blockedByIntegrity(page, /__federation_expose_app\.[0-9a-f]+\.js/)).toBe(true);

    await page.getByRole('link', { name: 'Home' }).click();
    await page.getByRole('heading', { name: 'Welcome to the portal' }).waitFor();
    await page.getByRole('link', { name: 'Status' }).click();
    await page.getByRole('heading', { name: 'Status' }).waitFor();
    await expect(page.getByTestId('state-pristine').textContent()).resolves.toBe('registered');
    await page.close();
  });
});
