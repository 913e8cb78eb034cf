// The live remote in Chromium: how long a chat message takes from one person's Send to the other
// person's screen (two browsers, the room's UI both ends: stored through REST, then carried to
// the room as a database change, postgres_changes), and how long a database write takes to reach a subscriber's screen
// (a task inserted through supabase-js in Node → postgres_changes → the activity feed). Both are
// read against the machine's one clock (performance.timeOrigin + now() in each page and in Node).
// Prints figures; nothing passes or fails on time.
//   node --import tsx bench/live.ts [messages]
import { rmSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { createClient } from '@supabase/supabase-js';
import { chromium, type Page } from 'playwright-core';
import WebSocket from 'ws';
import { repoRoot } from '../deploy/src/build.js';
import { startEmulatorProcess } from '../deploy/src/emulator-process.js';
import { startLocalPortal } from '../deploy/src/local-portal.js';
import { CHROMIUM, chromiumFlags } from '../tests/browser.js';
import { percentile, scratchFolder } from './_support.js';

const COUNT = Number(process.argv[2] ?? 50);
const DANA = { email: 'demo@example.com', password: 'demo-password-1' };
const SAM = { email: 'sam@example.com', password: 'demo-password-2' };
const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

/** Records, in the page, when each message text and each activity row first appears (epoch ms). */
const WATCH_SCREEN = `
  (() => {
    const seen = (window.__seen = { messages: {}, rows: {} });
    const now = () => performance.timeOrigin + performance.now();
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[data-testid="message-text"]')) seen.messages[el.textContent] ??= now();
      for (const el of document.querySelectorAll('[data-testid="activity"][data-table="tasks"]')) seen.rows[el.dataset.row] ??= now();
    }).observe(document, { subtree: true, childList: true, characterData: true });
  })();
`;

function summary(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms (n=${sorted.length})`;
}

async function signIn(page: Page, shellUrl: string, person: { email: string; password: string }, next: string): Promise<void> {
  await page.goto(`${shellUrl}/account/sign-in?next=${encodeURIComponent(next)}`);
  await page.locator('form[aria-label="Sign in"] input[name="email"]').fill(person.email);
  await page.locator('form[aria-label="Sign in"] input[name="password"]').fill(person.password);
  await page.locator('form[aria-label="Sign in"] button[type="submit"]').click();
  await page.waitForURL(`**${next}`);
}

const seenAt = (page: Page, kind: 'messages' | 'rows', key: string) =>
  page
    .waitForFunction(([k, id]) => (window as unknown as { __seen: Record<string, Record<string, number>> }).__seen[k]![id!], [kind, key] as const, { polling: 50 })
    .then((handle) => handle.jsonValue() as Promise<number>);

// Built by the deploy CLI in its own process, as bench/portal-load.ts does.
const build = spawnSync(process.execPath, [path.join(repoRoot, 'deploy/bin/portal-deploy.js'), 'build', 'shell', 'account', 'live'], { encoding: 'utf8' });
if (build.status !== 0) throw new Error(`The build failed:\n${build.stdout}${build.stderr}`);

const work = scratchFolder('bench-live-');
const emulator = await startEmulatorProcess({ repoRoot, port: 0, mailPort: 0, dataDir: path.join(work, 'data') });
const portal = await startLocalPortal({
  envDir: path.join(work, 'env'),
  envName: 'bench',
  shellDist: path.join(repoRoot, 'shell/dist'),
  remoteDists: { account: path.join(repoRoot, 'remotes/account/dist'), live: path.join(repoRoot, 'remotes/live/dist') },
  supabaseUrl: emulator.apiUrl,
});
const flags = await chromiumFlags();
const browsers = await Promise.all([0, 1].map(() => chromium.launch({ executablePath: CHROMIUM, args: flags })));
try {
  const [dana, sam] = await Promise.all(
    browsers.map(async (browser) => {
      const context = await browser.newContext();
      await context.addInitScript(WATCH_SCREEN);
      return context.newPage();
    }),
  );
  await Promise.all([signIn(dana!, portal.shellUrl, DANA, '/live/rooms/1'), signIn(sam!, portal.shellUrl, SAM, '/live/rooms/1')]);
  await Promise.all([dana!, sam!].map((page) => page.locator('[data-testid="room"][data-room="1"][data-status="live"]').waitFor()));

  // Browser to browser: Send in Dana's room → the text on Sam's screen.
  const chat: number[] = [];
  for (let i = 0; i < COUNT; i++) {
    const text = `bench message ${i}`;
    await dana!.getByRole('textbox', { name: 'Message' }).fill(text);
    const sentAt = await dana!.evaluate(() => {
      const at = performance.timeOrigin + performance.now();
      document.querySelector<HTMLButtonElement>('form[aria-label="Send a message"] button[type="submit"]')!.click();
      return at;
    });
    chat.push((await seenAt(sam!, 'messages', text)) - sentAt);
    // The next one once this one is delivered, so the figures are latency, not queueing.
    await dana!.locator('[data-testid="message"][data-delivery="delivered"]', { hasText: text }).waitFor();
  }
  console.log(`chat message, Send in one browser → on screen in the other (REST insert + private broadcast): ${summary(chat)}`);

  // Database write → subscriber's screen: a task inserted from Node appears in Sam's activity feed.
  await sam!.getByRole('link', { name: 'Activity' }).first().click();
  await sam!.locator('[data-testid="activity-feed"][data-status="live"]').waitFor();
  const writer = createClient(emulator.apiUrl, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  const signedIn = await writer.auth.signInWithPassword(DANA);
  if (signedIn.error) throw signedIn.error;
  const changes: number[] = [];
  for (let i = 0; i < COUNT; i++) {
    const writtenAt = performance.timeOrigin + performance.now();
    const { data, error } = await writer.from('tasks').insert({ project_id: 1, title: `bench task ${i}` }).select('id').single();
    if (error) throw new Error(`insert failed: ${error.message}`);
    changes.push((await seenAt(sam!, 'rows', String((data as { id: number }).id))) - writtenAt);
  }
  console.log(`database write (supabase-js insert in Node) → on a member's screen (postgres_changes, RLS checked): ${summary(changes)}`);
  await writer.auth.signOut();
} finally {
  await Promise.all(browsers.map((browser) => browser.close()));
  await portal.close();
  await emulator.stop();
  rmSync(work, { recursive: true, force: true });
}
