// Lighthouse (12.8, offline, Debian's Chromium) on every route of a production build of the
// portal, signed in and signed out, with the mobile preset (simulated 150 ms round trip,
// 1.6 Mbit/s, 4x CPU) and the desktop preset; then the page's event timings of three interactions
// (theme switch, a navigation link, the sign-in form's submit) with Chromium's CPU slowed 4x, the
// stand-in for INP. Prints the median of the runs per route and the targets of issue #40 beside
// them. Figures only: nothing passes or fails here.
//   node --import tsx bench/lighthouse.ts [--runs 3] [--preset mobile,desktop] [--routes /,/data]
//                                         [--states out,in] [--interactions 5] [--json FILE] [--against DIR]
//                                         [--reports DIR] [--throttling simulate|devtools] [--long-tasks 5]
//                                         [--renders 3] [--tasks 9]
// --runs: Lighthouse runs per route, preset and state (the median is printed).
// Beside each row's figures: "on CPU n% of long tasks", the share of the recorded length of the
// main-thread tasks Lighthouse counts (after the first paint, 12.5 ms or more) in which the thread
// ran on a CPU (the trace's thread time), and "TBT of CPU time", Lighthouse's rule applied to those
// thread times instead. On a 2-core machine that also runs the emulator, Chromium's other
// processes and Lighthouse, the page's main thread waits for a CPU for much of its tasks, and the
// simulation counts that wait 4 times over (bench/README.md). With `--throttling devtools` the
// tasks are recorded already slowed, and the two are not printed.
// --interactions: how many times each interaction is timed (0 skips them).
// --json: also writes every run's figures (and the LCP element of each) to FILE.
// --throttling: Lighthouse's throttling method. `simulate` (the default, Lighthouse's own) rebuilds
// the page's load from an unthrottled recording, each main-thread task 4x as long; `devtools` slows
// the page's CPU and network in Chromium while it loads and reads the timings as they happened
// (slower runs; a stand-in where a change's effect drowns in the recording's noise times four).
// --long-tasks N: also loads every route and state N times per build in Chromium slowed 4x, without
// Lighthouse, and prints what happened on the main thread: each long task's time beyond 50 ms after
// the first contentful paint summed (TBT as it happened, not simulated), the long tasks' whole time,
// FCP and LCP. With --against the loads alternate between the builds. `--runs 0` skips Lighthouse.
// Lighthouse's simulated TBT multiplies the noise of its own recording by four (bench/README.md);
// this is the figure that shows a change to the start's tasks.
// --renders N: also loads every route and state N times per build in Chromium slowed 4x and counts
// what React rendered (bench/react-renders.ts): commits, components rendered in them all, and the
// largest commit, per load (medians). A component rendered again for a change it does not show is
// work in a task of the start; this is the figure that shows it. Loads of their own: the counting
// runs in every commit, so these loads' timings are not read.
// --tasks N: also loads every route and state N times per build at full speed with Chromium's
// trace on, and applies Lighthouse's rule for blocking time to the recorded main-thread tasks
// (bench/trace-tasks.ts): each task after the first paint 4x as long, its time beyond 50 ms
// summed. No network model and no pruning, so not Lighthouse's figure; but recorded lengths at
// full speed vary little between loads, so this is the one that shows a task split or removed.
// With --against the loads alternate between the builds. With `BENCH_TASKS_LISTED=1` it also lists
// the blocking tasks by what ran in them, and for a layout or a style recalculation what dirtied it
// (the trace's invalidation tracking: "Layout: Fonts changed ×453", with the first nodes);
// `BENCH_TRACES=DIR` keeps each load's trace in DIR (open it in DevTools' Performance panel), and
// `BENCH_TRACE_CATEGORIES=a,b` adds trace categories to the listing's (e.g. `fonts,blink`).
// `BENCH_TASKS_BLAME=1` samples V8's profiler in those loads too and prints, per route, whose code
// the blocking tasks ran, read back through the builds' source maps (bench/task-blame.ts): each
// package, folder of ours, or Chromium's own work, with its share of a load's blocking time;
// `BENCH_TASKS_BLAME=functions` names our own code by source file and function instead.
// --reports: also writes each run's whole Lighthouse report (its JSON, with the trace's timings,
// the critical request chains and the main-thread tasks) into DIR, one file per run, and beside it
// the trace Lighthouse recorded and simulated from (`….trace.json`, for DevTools' Performance panel).
// `BENCH_KEEP_WORK=1` keeps the scratch folder (the builds with their source maps, to read a traced
// or profiled function back to its source) and prints where it is.
// --against DIR: a before/after. DIR holds another checkout's sources (`git archive <commit> |
// tar -x -C DIR`, with DIR/node_modules a link to this checkout's); its shell and remotes are built
// and served beside this checkout's on the same emulator, and each route's runs alternate between
// the two (this checkout first on even runs), so a change in the machine's load hits both alike.
// The interactions are timed on this checkout's build only.
// Lighthouse's simulated throttling models the page's CPU from the trace it recorded on this
// machine: on a loaded machine its figures rise with the load too (bench/README.md says how to read them).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { DEFAULT_COOKIE_OPTIONS, createChunks, stringToBase64URL } from '@supabase/ssr';
import { createClient } from '@supabase/supabase-js';
import lighthouse, { type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium, type Browser, type Page } from 'playwright-core';
import { repoRoot } from '../deploy/src/build.js';
import type { LocalPortalOptions } from '../deploy/src/local-portal.js';
import { CHROMIUM, chromiumFlags } from '../tests/browser.js';
import { buildApps, median, serveInChild, startProjectEmulator } from './_portal.js';
import { scratchFolder, stop } from './_support.js';
import { installCommitCounter, recordedCommits } from './react-renders.js';
import type { TraceMap } from '@jridgewell/trace-mapping';
import { blame, PROFILER_CATEGORY, sourceMapsOf } from './task-blame.js';
import { simulatedTasks, type SimulatedTasks, type TraceEvent } from './trace-tasks.js';

const { values: flags } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    preset: { type: 'string', default: 'mobile,desktop' },
    routes: { type: 'string', default: '/,/account,/account/security,/data,/files,/functions,/live,/search,/status' },
    states: { type: 'string', default: 'out,in' },
    interactions: { type: 'string', default: '5' },
    json: { type: 'string' },
    against: { type: 'string' },
    reports: { type: 'string' },
    throttling: { type: 'string', default: 'simulate' },
    'long-tasks': { type: 'string', default: '0' },
    renders: { type: 'string', default: '0' },
    tasks: { type: 'string', default: '0' },
  },
});
const RUNS = Number(flags.runs);
const PRESETS = flags.preset.split(',') as Array<'mobile' | 'desktop'>;
if (flags.throttling !== 'simulate' && flags.throttling !== 'devtools') throw new Error(`--throttling is simulate or devtools, not ${flags.throttling}`);
const THROTTLING: 'simulate' | 'devtools' = flags.throttling;
const ROUTES = flags.routes.split(',');
const STATES = flags.states.split(',') as Array<'out' | 'in'>;
const INTERACTIONS = Number(flags.interactions);
const LONG_TASK_LOADS = Number(flags['long-tasks']);
const RENDER_LOADS = Number(flags.renders);
const TASK_LOADS = Number(flags.tasks);
/** `BENCH_TASKS_BLAME=1`: the traced loads also sample V8's profiler, and say whose code their blocking tasks ran. */
const BLAME = Boolean(process.env.BENCH_TASKS_BLAME);
/** `BENCH_TASKS_BLAME=functions`: our own code by source file and function, not by folder. */
const BLAME_BY_FUNCTION = process.env.BENCH_TASKS_BLAME === 'functions';
const REMOTES = ['account', 'data', 'files', 'functions', 'live', 'search'];
/** Seeded by supabase/seed.sql: a person with projects, tables and files to show. */
const DEMO = { email: 'demo@example.com', password: 'demo-password-1' };
/** Issue #40's targets. */
const TARGETS = { lcp: 2500, tbt: 200, cls: 0.1, mobileScore: 90, desktopScore: 98, interaction: 200 };

interface RunFigures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  lcpElement: string;
  /** The element of the largest layout shift, when there was one. */
  shiftElement: string;
  requests: number;
  scriptBytes: number;
  /** Of the main thread's tasks that Lighthouse's rule counts, the share of their recorded time the thread ran on a CPU (trace-tasks.ts). */
  cpuShare: number;
  /** Lighthouse's rule applied to those tasks' CPU time instead of their recorded length: the blocking of the page's own work. */
  cpuTbt: number;
}

/** Starts Chromium with a DevTools port of its own (Lighthouse connects to it); resolves with the port. */
async function launchChromium(userDataDir: string): Promise<{ child: ChildProcess; port: number }> {
  const args = await chromiumFlags([`--user-data-dir=${userDataDir}`, '--remote-debugging-port=0', 'about:blank']);
  const child = spawn(CHROMIUM, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const lines = createInterface({ input: child.stderr! });
  for await (const line of lines) {
    const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(line);
    if (match) return { child, port: Number(match[1]) };
  }
  throw new Error('Chromium exited before it listened for DevTools');
}

/** The session cookies of the demo person on the portal's site, as the shell's client writes them. */
async function sessionCookies(apiUrl: string, anonKey: string, portalUrl: string) {
  const client = createClient(apiUrl, anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const { data, error } = await client.auth.signInWithPassword(DEMO);
  if (error || !data.session) throw new Error(`the demo person could not sign in: ${error?.message ?? 'no session'}`);
  const name = `sb-${new URL(apiUrl).hostname.split('.')[0]}-auth-token`;
  const value = `base64-${stringToBase64URL(JSON.stringify(data.session))}`;
  const expires = Math.floor(Date.now() / 1000) + (DEFAULT_COOKIE_OPTIONS.maxAge ?? 0);
  return createChunks(name, value).map((chunk) => ({
    name: chunk.name,
    value: chunk.value,
    domain: new URL(portalUrl).hostname,
    path: '/',
    expires,
    httpOnly: false,
    secure: false,
    sameSite: 'Lax' as const,
  }));
}

/** One Lighthouse run of `url` (performance only) in the browser on `port`. */
async function audit(url: string, port: number, preset: 'mobile' | 'desktop', reportFile?: string): Promise<RunFigures> {
  const options: Flags = { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], throttlingMethod: THROTTLING };
  const result = await lighthouse(url, options, preset === 'desktop' ? desktopConfig : undefined);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (reportFile) {
    writeFileSync(reportFile, JSON.stringify(lhr));
    // The trace Lighthouse recorded and simulated from, to open in DevTools' Performance panel.
    writeFileSync(reportFile.replace(/\.json$/, '.trace.json'), JSON.stringify(result.artifacts.Trace));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const recorded = simulatedTasks((result.artifacts.Trace as unknown as { traceEvents: TraceEvent[] }).traceEvents);
  const lcpItems = (lhr.audits['largest-contentful-paint-element']?.details as { items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }> } | undefined)?.items;
  const snippet = lcpItems?.[0]?.items?.[0]?.node?.snippet ?? '';
  const shifts = (lhr.audits['layout-shifts']?.details as { items?: Array<{ score?: number; node?: { snippet?: string } }> } | undefined)?.items ?? [];
  const shifted = [...shifts].sort((a, b) => (b.score ?? 0) - (a.score ?? 0))[0]?.node?.snippet ?? '';
  const resources = (lhr.audits['resource-summary']?.details as { items?: Array<{ resourceType: string; requestCount: number; transferSize: number }> } | undefined)?.items ?? [];
  return {
    score: Math.round((lhr.categories.performance?.score ?? NaN) * 100),
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    si: numeric('speed-index'),
    lcpElement: snippet.length > 90 ? `${snippet.slice(0, 87)}...` : snippet,
    shiftElement: shifted.length > 90 ? `${shifted.slice(0, 87)}...` : shifted,
    requests: resources.find((r) => r.resourceType === 'total')?.requestCount ?? NaN,
    scriptBytes: resources.find((r) => r.resourceType === 'script')?.transferSize ?? NaN,
    cpuShare: recorded.cpuShare,
    cpuTbt: recorded.cpuBlocking,
  };
}

/**
 * The longest event timing (input to the next paint, `PerformanceEventTiming.duration`) of one
 * interaction, with Chromium's CPU slowed 4x: what INP would count for it.
 */
async function interactionMs(page: Page, act: () => Promise<void>): Promise<number> {
  await page.evaluate(() => {
    const store = globalThis as unknown as { __benchEvents: number[] };
    store.__benchEvents = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if ((entry as PerformanceEventTiming).interactionId) store.__benchEvents.push(entry.duration);
    }).observe({ type: 'event', durationThreshold: 16 } as PerformanceObserverInit);
  });
  await act();
  // Event timings are reported after the next paint; two frames later they are all in.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50)))));
  const durations = await page.evaluate(() => (globalThis as unknown as { __benchEvents: number[] }).__benchEvents);
  // durationThreshold 16: an interaction under it is reported by none; it took at most 16 ms.
  return durations.length ? Math.max(...durations) : 16;
}

async function interactions(browser: Browser, url: string, cookies: Awaited<ReturnType<typeof sessionCookies>>): Promise<Record<string, number[]>> {
  const times: Record<string, number[]> = { 'theme switch (home, signed out)': [], 'navigation link Data → Files (signed in)': [], 'sign-in form submit': [] };
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    for (let i = 0; i < INTERACTIONS; i++) {
      await context.clearCookies();
      await page.goto(`${url}/`);
      await page.getByRole('heading', { name: 'Welcome to the portal' }).waitFor();
      const choice = i % 2 === 0 ? 'Dark theme' : 'Light theme';
      times['theme switch (home, signed out)']!.push(await interactionMs(page, () => page.getByRole('radio', { name: choice }).click()));

      await page.goto(`${url}/account/sign-in`);
      await page.locator('form[aria-label="Sign in"] input[name="email"]').fill(DEMO.email);
      await page.locator('form[aria-label="Sign in"] input[name="password"]').fill(DEMO.password);
      times['sign-in form submit']!.push(await interactionMs(page, () => page.locator('form[aria-label="Sign in"] button[type="submit"]').click()));

      await context.addCookies(cookies);
      await page.goto(`${url}/data`);
      await page.locator('[data-remote-slot="data"] [data-portal-remote]').first().waitFor();
      times['navigation link Data → Files (signed in)']!.push(await interactionMs(page, () => page.locator('nav a[href="/files"]').first().click()));
      await page.locator('[data-remote-slot="files"] [data-portal-remote]').first().waitFor();
    }
  } finally {
    await context.close();
  }
  return times;
}

interface StartFigures {
  /** Each long task's time beyond 50 ms after the first contentful paint, summed. */
  blocking: number;
  /** The long tasks' whole time, before the first paint too. */
  longTasks: number;
  fcp: number;
  lcp: number;
}

/**
 * One load of `url` at a phone's width in Chromium slowed 4x: `init` runs in the page before its
 * own scripts, `read` once the network has been quiet and 2.5 s more.
 */
async function loadSlowed<T>(browser: Browser, url: string, cookies: Awaited<ReturnType<typeof sessionCookies>> | null, init: () => void, read: () => T): Promise<T> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    if (cookies) await context.addCookies(cookies);
    const page = await context.newPage();
    await page.addInitScript(init);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(2_500);
    return (await page.evaluate(read)) as T;
  } finally {
    await context.close();
  }
}

/** One slowed load's long tasks (`longtask` entries), first contentful paint and largest contentful paint, as they happened. */
async function startFigures(browser: Browser, url: string, cookies: Awaited<ReturnType<typeof sessionCookies>> | null): Promise<StartFigures> {
  const { tasks, lcp, fcp } = await loadSlowed(
    browser,
    url,
    cookies,
    () => {
      const store = globalThis as unknown as { __benchTasks: Array<[number, number]>; __benchLcp: number };
      store.__benchTasks = [];
      store.__benchLcp = NaN;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) store.__benchTasks.push([entry.startTime, entry.duration]);
      }).observe({ type: 'longtask', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) store.__benchLcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    },
    () => ({
      tasks: (globalThis as unknown as { __benchTasks: Array<[number, number]> }).__benchTasks,
      lcp: (globalThis as unknown as { __benchLcp: number }).__benchLcp,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    }),
  );
  return {
    blocking: tasks.reduce((sum, [start, duration]) => sum + (start + duration <= fcp ? 0 : Math.max(0, start + duration - Math.max(start, fcp) - 50)), 0),
    longTasks: tasks.reduce((sum, [, duration]) => sum + duration, 0),
    fcp,
    lcp,
  };
}

/** One load of `url` at a phone's width and full speed, traced: its tasks as Lighthouse's simulation would count them. */
async function tracedTasks(browser: Browser, url: string, cookies: Awaited<ReturnType<typeof sessionCookies>> | null, mapFor: ((scriptUrl: string) => TraceMap | null) | null): Promise<SimulatedTasks & { blame?: Map<string, number> }> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    if (cookies) await context.addCookies(cookies);
    const page = await context.newPage();
    // Lighthouse's own categories for the main thread's tasks and the paint marks.
    // With the listing, also what dirtied each layout and style recalculation (bench/trace-tasks.ts).
    const invalidations = process.env.BENCH_TASKS_LISTED ? ['disabled-by-default-devtools.timeline.invalidationTracking', 'disabled-by-default-devtools.timeline.stack', ...(process.env.BENCH_TRACE_CATEGORIES?.split(',') ?? [])] : [];
    const samples = mapFor ? [PROFILER_CATEGORY] : [];
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', ...invalidations, ...samples, 'toplevel', 'loading', 'blink.user_timing', '__metadata'] });
    let trace: Buffer;
    try {
      await page.goto(url, { waitUntil: 'networkidle' });
      await page.waitForTimeout(2_500);
    } finally {
      trace = await browser.stopTracing();
    }
    if (process.env.BENCH_TRACES) {
      mkdirSync(process.env.BENCH_TRACES, { recursive: true });
      writeFileSync(path.join(process.env.BENCH_TRACES, `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`), trace);
    }
    const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
    const tasks = simulatedTasks(events);
    return mapFor ? { ...tasks, blame: blame(events, tasks.spans, mapFor, BLAME_BY_FUNCTION) } : tasks;
  } finally {
    await context.close();
  }
}

interface RenderFigures {
  commits: number;
  components: number;
  largest: number;
}

/** What React rendered in one slowed load (bench/react-renders.ts). */
async function renderFigures(browser: Browser, url: string, cookies: Awaited<ReturnType<typeof sessionCookies>> | null): Promise<RenderFigures> {
  const commits = await loadSlowed(browser, url, cookies, installCommitCounter, recordedCommits);
  return {
    commits: commits.length,
    components: commits.reduce((sum, commit) => sum + commit.components, 0),
    largest: Math.max(0, ...commits.map((commit) => commit.components)),
  };
}

type Build = 'this' | 'before';
const BUILDS: Build[] = flags.against ? ['this', 'before'] : ['this'];

const work = scratchFolder('bench-lighthouse-');
let emulator: Awaited<ReturnType<typeof startProjectEmulator>> | null = null;
let served: Awaited<ReturnType<typeof serveInChild<Build>>> | null = null;
let chrome: ChildProcess | null = null;
try {
  const buildDir = (build: Build) => path.join(work, `build-${build}`);
  const maps = new Map<Build, (scriptUrl: string) => TraceMap | null>();
  const sourceMaps = (build: Build) => {
    if (!maps.has(build)) maps.set(build, sourceMapsOf(['shell', ...REMOTES].map((app) => path.join(buildDir(build), app))));
    return maps.get(build)!;
  };
  for (const build of BUILDS) {
    const seconds = await buildApps(buildDir(build), ['shell', ...REMOTES], build === 'this' ? repoRoot : path.resolve(flags.against!));
    console.log(`build of ${build === 'this' ? 'this checkout' : flags.against} (shell and ${REMOTES.length} remotes, one rspack run): ${seconds.toFixed(1)} s`);
  }
  emulator = await startProjectEmulator(path.join(work, 'emulator'));
  const apiUrl = emulator.apiUrl;
  served = await serveInChild(
    Object.fromEntries(
      BUILDS.map((build) => [
        build,
        {
          envDir: path.join(work, `env-${build}`),
          envName: 'bench',
          shellDist: path.join(buildDir(build), 'shell'),
          remoteDists: Object.fromEntries(REMOTES.map((remote) => [remote, path.join(buildDir(build), remote)])),
          supabaseUrl: apiUrl,
        },
      ]),
    ) as Record<Build, LocalPortalOptions>,
  );
  const url = served.urls.this;
  const config = (await (await fetch(`${url}/config.json`)).json()) as { supabaseAnonKey: string };

  if (flags.reports) mkdirSync(flags.reports, { recursive: true });
  const userDataDir = path.join(work, 'chromium');
  mkdirSync(userDataDir);
  const launched = await launchChromium(userDataDir);
  chrome = launched.child;
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${launched.port}`);
  const profile = browser.contexts()[0]!;

  const results: Array<{ build: Build; preset: string; state: string; route: string; runs: RunFigures[] }> = [];
  const loads: number[] = [];
  for (const preset of RUNS > 0 ? PRESETS : []) {
    for (const state of STATES) {
      for (const route of ROUTES) {
        const runs: Record<Build, RunFigures[]> = { this: [], before: [] };
        const rowLoads: number[] = [];
        for (let run = 0; run < RUNS; run++) {
          for (const build of run % 2 === 0 ? BUILDS : [...BUILDS].reverse()) {
            // A fresh session per run, on the site of the build audited (each is served on a port of
            // its own; cookies ignore ports, so one build's session is the other's too).
            await profile.clearCookies();
            if (state === 'in') await profile.addCookies(await sessionCookies(apiUrl, config.supabaseAnonKey, served.urls[build]));
            loads.push(loadavg()[0]!);
            rowLoads.push(loadavg()[0]!);
            const reportFile = flags.reports ? path.join(flags.reports, `${build}-${preset}-${state}-${route.replace(/\W+/g, '_')}-${run}.json`) : undefined;
            runs[build].push(await audit(`${served.urls[build]}${route}`, launched.port, preset, reportFile));
          }
        }
        for (const build of BUILDS) {
          results.push({ build, preset, state, route, runs: runs[build] });
          const pick = (key: keyof RunFigures) => median(runs[build].map((r) => r[key] as number));
          const lcpElements = [...new Set(runs[build].map((r) => r.lcpElement))].join(' | ');
          const shiftElements = [...new Set(runs[build].map((r) => r.shiftElement).filter(Boolean))].join(' | ');
          console.log(
            `${flags.against ? `${build.padEnd(6)} ` : ''}${preset.padEnd(7)} signed ${state.padEnd(3)} ${route.padEnd(10)} score ${String(pick('score')).padStart(3)}  LCP ${pick('lcp').toFixed(0).padStart(5)} ms  TBT ${pick('tbt').toFixed(0).padStart(4)} ms  CLS ${pick('cls').toFixed(3)}  FCP ${pick('fcp').toFixed(0).padStart(5)} ms  ${THROTTLING === 'simulate' ? `on CPU ${Number.isNaN(pick('cpuShare')) ? '  —' : `${(pick('cpuShare') * 100).toFixed(0).padStart(3)}%`} of long tasks (TBT of CPU time ${pick('cpuTbt').toFixed(0).padStart(3)} ms)  ` : ''}requests ${pick('requests')}  JS ${(pick('scriptBytes') / 1024).toFixed(0)} KB  load ${Math.min(...rowLoads).toFixed(1)}–${Math.max(...rowLoads).toFixed(1)}  LCP element: ${lcpElements}${shiftElements ? `  shifted: ${shiftElements}` : ''}`,
          );
        }
      }
    }
  }

  const urls = served.urls;
  /**
   * Each state and route loaded `times` times per build, the builds alternating (this checkout
   * first on even runs, so a change in the machine's load hits both alike); `print` gets each
   * row (one build's loads of one route) once the route is done.
   */
  async function alternately<T>(times: number, measure: (url: string, cookies: Awaited<ReturnType<typeof sessionCookies>> | null, build: Build) => Promise<T>, print: (row: { build: Build; state: string; route: string; loads: T[] }) => void) {
    const rows: Array<{ build: Build; state: string; route: string; loads: T[] }> = [];
    for (const state of times > 0 ? STATES : []) {
      for (const route of ROUTES) {
        const figures: Record<Build, T[]> = { this: [], before: [] };
        for (let run = 0; run < times; run++) {
          for (const build of run % 2 === 0 ? BUILDS : [...BUILDS].reverse()) {
            const cookies = state === 'in' ? await sessionCookies(apiUrl, config.supabaseAnonKey, urls[build]) : null;
            figures[build].push(await measure(`${urls[build]}${route}`, cookies, build));
          }
        }
        for (const build of BUILDS) {
          const row = { build, state, route, loads: figures[build] };
          rows.push(row);
          print(row);
        }
      }
    }
    return rows;
  }
  const buildLabel = (build: Build) => (flags.against ? `${build.padEnd(6)} ` : '');

  const startLoads: number[] = [];
  const starts = await alternately(
    LONG_TASK_LOADS,
    (pageUrl, cookies) => {
      startLoads.push(loadavg()[0]!);
      return startFigures(browser, pageUrl, cookies);
    },
    ({ build, state, route, loads }) => {
      const pick = (key: keyof StartFigures) => median(loads.map((f) => f[key])).toFixed(0);
      console.log(
        `${buildLabel(build)}long tasks at 4x CPU, signed ${state.padEnd(3)} ${route.padEnd(10)} blocking after first paint ${pick('blocking').padStart(4)} ms [${loads.map((f) => f.blocking.toFixed(0)).join(' ')}]  long tasks ${pick('longTasks').padStart(4)} ms  FCP ${pick('fcp').padStart(5)} ms  LCP ${pick('lcp').padStart(5)} ms`,
      );
    },
  );
  if (LONG_TASK_LOADS > 0) console.log(`long tasks: ${LONG_TASK_LOADS} loads per row (medians), load average ${Math.min(...startLoads).toFixed(1)}–${Math.max(...startLoads).toFixed(1)}.`);

  const traced = await alternately(
    TASK_LOADS,
    (pageUrl, cookies, build) => tracedTasks(browser, pageUrl, cookies, BLAME ? sourceMaps(build) : null),
    ({ build, state, route, loads }) => {
      const longest = median(loads.map((f) => f.longest[0]?.ms ?? 0));
      console.log(
        `${buildLabel(build)}tasks slowed 4x, signed ${state.padEnd(3)} ${route.padEnd(10)} blocking after first paint ${median(loads.map((f) => f.blocking)).toFixed(0).padStart(4)} ms [${loads.map((f) => f.blocking.toFixed(0)).join(' ')}]  blocking tasks ${median(loads.map((f) => f.blockingTasks)).toFixed(0).padStart(2)}  longest recorded ${longest.toFixed(1)} ms  FCP at full speed ${median(loads.map((f) => f.fcp)).toFixed(0)} ms`,
      );
    },
  );
  if (TASK_LOADS > 0 && process.env.BENCH_TASKS_LISTED) {
    // Each blocking task of every load, by what ran in it (which tasks to split next).
    for (const { build, state, route, loads } of traced) {
      const kinds = new Map<string, number[]>();
      for (const task of loads.flatMap((load) => load.longest)) kinds.set(task.what, [...(kinds.get(task.what) ?? []), task.ms]);
      console.log(`${build} signed ${state} ${route}: blocking tasks of ${loads.length} loads, by what ran in them`);
      for (const [what, ms] of [...kinds].sort((a, b) => b[1].length - a[1].length)) console.log(`  ${String(ms.length).padStart(3)}× ${median(ms).toFixed(1).padStart(5)} ms  ${what}`);
    }
  }
  if (TASK_LOADS > 0 && BLAME) {
    // Whose code the blocking tasks ran (bench/task-blame.ts): each group's share of a load's blocking time.
    for (const { build, state, route, loads } of traced) {
      const shares = new Map<string, number>();
      for (const load of loads) for (const [group, ms] of load.blame ?? []) shares.set(group, (shares.get(group) ?? 0) + ms / loads.length);
      const total = [...shares.values()].reduce((sum, ms) => sum + ms, 0);
      console.log(`${build} signed ${state} ${route}: whose code the blocking tasks ran (${total.toFixed(0)} ms a load, mean of ${loads.length}; samples under the profiler)`);
      for (const [group, ms] of [...shares].sort((a, b) => b[1] - a[1]).slice(0, 16)) console.log(`  ${ms.toFixed(0).padStart(5)} ms ${((100 * ms) / total).toFixed(0).padStart(3)}%  ${group}`);
    }
  }
  if (TASK_LOADS > 0) console.log(`tasks: ${TASK_LOADS} traced loads per row at full speed (medians); Lighthouse's rule (4x, beyond 50 ms, after the first paint) without its network model or pruning.`);

  const renders = await alternately(
    RENDER_LOADS,
    (pageUrl, cookies) => renderFigures(browser, pageUrl, cookies),
    ({ build, state, route, loads }) => {
      const pick = (key: keyof RenderFigures) => median(loads.map((f) => f[key])).toFixed(0);
      console.log(
        `${buildLabel(build)}React renders, signed ${state.padEnd(3)} ${route.padEnd(10)} commits ${pick('commits').padStart(3)}  components rendered ${pick('components').padStart(4)} [${loads.map((f) => f.components).join(' ')}]  largest commit ${pick('largest').padStart(3)}`,
      );
    },
  );
  if (RENDER_LOADS > 0) console.log(`React renders: ${RENDER_LOADS} loads per row (medians), Chromium slowed 4x.`);

  const times = INTERACTIONS > 0 ? await interactions(browser, url, await sessionCookies(emulator.apiUrl, config.supabaseAnonKey, url)) : {};
  await browser.close();

  if (RUNS > 0) console.log(`\nLighthouse ${RUNS} runs per row (medians, ${THROTTLING === 'simulate' ? 'simulated' : "DevTools'"} throttling); load average during the runs ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} on ${(await import('node:os')).cpus().length} cores.`);
  for (const preset of RUNS > 0 ? PRESETS : []) {
    const rows = results.filter((r) => r.preset === preset && r.build === 'this');
    const worst = (key: keyof RunFigures, pick: (values: number[]) => number) => pick(rows.map((r) => median(r.runs.map((run) => run[key] as number))));
    const scoreTarget = preset === 'mobile' ? TARGETS.mobileScore : TARGETS.desktopScore;
    console.log(
      `${preset}: worst route LCP ${worst('lcp', (v) => Math.max(...v)).toFixed(0)} ms (target ≤ ${TARGETS.lcp}), TBT ${worst('tbt', (v) => Math.max(...v)).toFixed(0)} ms (≤ ${TARGETS.tbt}${THROTTLING === 'simulate' ? `; of CPU time ${worst('cpuTbt', (v) => Math.max(...v)).toFixed(0)} ms` : ''}), CLS ${worst('cls', (v) => Math.max(...v)).toFixed(3)} (≤ ${TARGETS.cls}), score ${worst('score', (v) => Math.min(...v))} (≥ ${scoreTarget})`,
    );
  }
  if (flags.against) {
    // Per row, this checkout's median over the other's: the figure that survives the machine's load.
    for (const row of results.filter((r) => r.build === 'this')) {
      const other = results.find((r) => r.build === 'before' && r.preset === row.preset && r.state === row.state && r.route === row.route)!;
      const ratio = (key: keyof RunFigures) => (median(row.runs.map((r) => r[key] as number)) / median(other.runs.map((r) => r[key] as number))).toFixed(2);
      console.log(`this / before, ${row.preset} signed ${row.state} ${row.route}: LCP ${ratio('lcp')}, TBT ${ratio('tbt')}, FCP ${ratio('fcp')}, requests ${ratio('requests')}, JS ${ratio('scriptBytes')}`);
    }
  }
  for (const [name, values] of Object.entries(times)) {
    console.log(`interaction at 4x CPU, ${name}: median ${median(values).toFixed(0)} ms, worst ${Math.max(...values).toFixed(0)} ms of ${values.length} (target ≤ ${TARGETS.interaction})`);
  }
  if (flags.json) writeFileSync(flags.json, JSON.stringify({ results, longTasks: starts, tracedTasks: traced, renders, interactions: times, loadAverage: loads }, null, 2));
} finally {
  if (chrome && chrome.exitCode === null) {
    const exited = once(chrome, 'exit');
    chrome.kill('SIGTERM');
    await exited;
  }
  await served?.close();
  if (emulator) await stop(emulator.child);
  if (!process.env.BENCH_KEEP_WORK) rmSync(work, { recursive: true, force: true }); else console.log(`kept ${work}`);
}
