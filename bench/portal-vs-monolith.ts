// The portal (shell + remotes composed at run time with Module Federation) against a monolith of
// the same code (bench/monolith: the shell's bootstrap and chrome with every remote's source
// bundled in, one import() per route, no federation), both served by the deploy static server
// against one emulator. One unmeasured load of each first warms the machine up; then runs
// alternate portal and monolith, and each figure is the median of the runs with the ratio portal /
// monolith (load times also with their 25th–75th percentiles). Figures only: nothing passes or fails on time; the
// checks (one copy of each singleton, one socket, one refresh per token lifetime) are printed
// as ok / NOT ok.
//   node --import tsx bench/portal-vs-monolith.ts [--runs 3] [--cycles 200] [--cpu-throttle 4] [--network]
//                                                  [--refresh-window 0] [--only portal|monolith] [--list-scripts]
// --list-scripts prints each script of the first run with its bytes on the wire.
// --cpu-profile DIR writes the page's CPU profiles of the first run's cold and warm loads (one
// .cpuprofile per variant and load, for Chromium's DevTools).
// --cpu-summary profiles every run's cold load and prints, beside the medians, the main thread's
// self time per load by package (or our source file), source-mapped, for both variants: where the
// difference between them goes. The profiler's own cost is in those runs' times.
// --trace DIR writes a Chromium trace of the same loads instead (<variant>-<load>.trace.json, for
// DevTools' Performance panel): style, layout, paint and script compilation, which a CPU profile
// counts only as "(program)".
// --waterfall prints, for the first run's cold and warm loads, when each script and request of the page
// started and ended (ms since navigation) and when the remote was interactive: where the time goes.
// --network puts every run on one fixed profile (40 ms round trip, 10 Mbit/s down, 5 Mbit/s up),
// so request count and bytes weigh as on a real connection rather than on loopback.
// --refresh-window S keeps the signed-in page open S seconds with every remote visited and counts
// token refreshes (the emulator's jwt_expiry is 150 s for this bench, so refreshes happen).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { repoRoot } from '../deploy/src/build.js';
import type { LocalPortalOptions } from '../deploy/src/local-portal.js';
import { CHROMIUM, chromiumFlags } from '../tests/browser.js';
import { buildApps, median, serveInChild, startProjectEmulator, type ServedPortals } from './_portal.js';
import { scratchFolder, stop } from './_support.js';
import { CpuSummary, cpuSummaryTable, PROBE_FUNCTION } from './cpu-summary.js';

const { values: flags } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    cycles: { type: 'string', default: '200' },
    'cpu-throttle': { type: 'string', default: '1' },
    network: { type: 'boolean', default: false },
    'refresh-window': { type: 'string', default: '0' },
    only: { type: 'string' },
    'list-scripts': { type: 'boolean', default: false },
    waterfall: { type: 'boolean', default: false },
    'cpu-profile': { type: 'string' },
    'cpu-summary': { type: 'boolean', default: false },
    trace: { type: 'string' },
  },
});
const RUNS = Number(flags.runs);
const CYCLES = Number(flags.cycles);
const CPU_THROTTLE = Number(flags['cpu-throttle']);
const NETWORK_PROFILE = { offline: false, latency: 40, downloadThroughput: (10 * 1024 * 1024) / 8, uploadThroughput: (5 * 1024 * 1024) / 8 };
const REFRESH_WINDOW_S = Number(flags['refresh-window']);
const JWT_EXPIRY_S = 150;
const DEMO = { email: 'demo@example.com', password: 'demo-password-1' };
/** Every remote's route, in the order a visit goes through them (the first is the first route). */
const ROUTES: ReadonlyArray<[remote: string, route: string]> = [
  ['account', '/account'],
  ['data', '/data'],
  ['files', '/files'],
  ['functions', '/functions'],
  ['live', '/live'],
  ['search', '/search'],
];

type Variant = 'portal' | 'monolith';

/** The finite values, smallest first. */
const finiteSorted = (values: number[]) => values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);

/** The 25th and 75th percentiles (nearest rank): how far single runs stray from the median. */
const quartiles = (values: number[]): [number, number] => {
  const sorted = finiteSorted(values);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] ?? NaN;
  return [at(0.25), at(0.75)];
};

/** What the network carried, from Chromium's own accounting (CDP Network domain). */
class NetworkLog {
  scriptWire = 0;
  scriptRaw = 0;
  requests = 0;
  sockets = 0;
  refreshes: number[] = [];
  /** Each script: URL and bytes on the wire, in the order they finished. */
  readonly scriptList: Array<{ url: string; wire: number }> = [];
  private readonly urls = new Map<string, string>();
  private readonly inFlight = new Set<string>();
  private readonly scripts = new Set<string>();
  private lastActivity = performance.now();

  constructor(cdp: CDPSession) {
    cdp.on('Network.requestWillBeSent', (event) => {
      this.requests++;
      this.inFlight.add(event.requestId);
      this.lastActivity = performance.now();
      if (event.type === 'Script') {
        this.scripts.add(event.requestId);
        this.urls.set(event.requestId, event.request.url);
      }
      if (
        event.request.method === 'POST' &&
        /\/auth\/v1\/token\?grant_type=refresh_token/.test(event.request.url)
      )
        this.refreshes.push(Date.now());
    });
    cdp.on('Network.dataReceived', (event) => {
      if (this.scripts.has(event.requestId)) this.scriptRaw += event.dataLength;
    });
    cdp.on('Network.loadingFinished', (event) => {
      if (this.scripts.has(event.requestId)) {
        this.scriptWire += event.encodedDataLength;
        this.scriptList.push({ url: this.urls.get(event.requestId) ?? '?', wire: event.encodedDataLength });
      }
      this.settle(event.requestId);
    });
    cdp.on('Network.loadingFailed', (event) => this.settle(event.requestId));
    cdp.on('Network.webSocketCreated', () => this.sockets++);
  }

  private settle(requestId: string): void {
    this.inFlight.delete(requestId);
    this.lastActivity = performance.now();
  }

  /** Resolves once nothing has been in flight for `quietMs` (at most `limitMs`). */
  async quiet(quietMs = 300, limitMs = 15_000): Promise<void> {
    const started = performance.now();
    while (performance.now() - started < limitMs) {
      if (this.inFlight.size === 0 && performance.now() - this.lastActivity >= quietMs) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  snapshot() {
    // Issue #40's second target counts what a route loads beyond the federation runtime (the
    // shell's `federation-runtime` chunk) and the remote entries: the design requires those.
    const federation = this.scriptList
      .filter((script) => /\/federation-runtime[.-][^/]*\.js$|\/remoteEntry\.js$/.test(new URL(script.url).pathname))
      .reduce((sum, script) => sum + script.wire, 0);
    return { scriptWire: this.scriptWire, scriptRaw: this.scriptRaw, requests: this.requests, beyondFederationWire: this.scriptWire - federation };
  }
}

interface PortalDebug {
  __PORTAL_DEBUG__: Record<
    string,
    { react: unknown; reactDom: unknown; supabase: unknown; platform: () => PortalView }
  >;
}
interface PortalView {
  remotes: { get(): Array<{ name: string; state: string }> };
  session: { getSnapshot(): { status: string } };
  navigate(to: string): void;
}

/** performance.now() in the page when `remote` is mounted and its area shows something. */
async function remoteInteractive(page: Page, remote: string): Promise<number> {
  const handle = await page
    .waitForFunction(
      (name) => {
        const debug = (globalThis as unknown as Partial<PortalDebug>).__PORTAL_DEBUG__;
        const state = debug?.shell
          ?.platform()
          .remotes.get()
          .find((r) => r.name === name)?.state;
        const slot = document.querySelector<HTMLElement>(`[data-remote-slot="${name}"]`);
        return state === 'mounted' &&
          slot !== null &&
          slot.offsetParent !== null &&
          slot.childElementCount > 0
          ? performance.now()
          : false;
      },
      remote,
      { polling: 'raf', timeout: 60_000 },
    )
    .catch(async (error: unknown) => {
      const states = await page.evaluate(() =>
        JSON.stringify(
          (globalThis as unknown as Partial<PortalDebug>).__PORTAL_DEBUG__?.shell
            ?.platform()
            .remotes.get(),
        ),
      );
      throw new Error(
        `${remote} did not become interactive at ${page.url()}: ${String(error)}; remotes: ${states}`,
      );
    });
  return (await handle.jsonValue()) as number;
}

/**
 * Times a full page load to its remote's first interactive frame without running anything in the
 * page while it loads. `remoteInteractive` asks Playwright to poll in the page, and Playwright's
 * first evaluation in a new document installs its own script there (about 25 ms of the main thread
 * on this machine) right after the load event: a build whose load event comes while it still
 * works towards its remote (the portal's runtime and group scripts delay it) paid that inside the
 * measured time, one whose load event falls while it waits on the network did not. This probe is
 * part of the document from its start (an init script) and reports through a binding instead.
 */
class LoadProbe {
  private waiting: ((ms: number) => void) | null = null;

  private constructor(
    private readonly page: Page,
    private readonly remote: string,
  ) {}

  static async install(page: Page, remote: string): Promise<LoadProbe> {
    const probe = new LoadProbe(page, remote);
    await page.exposeFunction('__portalBenchInteractive', (_name: string, ms: number) => {
      probe.waiting?.(ms);
      probe.waiting = null;
    });
    // A string, not a function: tsx would wrap a named function in a helper the page lacks.
    await page.addInitScript({
      content: `(() => {
        const name = ${JSON.stringify(remote)};
        // The same test as remoteInteractive's, once per frame from the document's start.
        const ${PROBE_FUNCTION} = () => {
          const state = globalThis.__PORTAL_DEBUG__?.shell?.platform().remotes.get().find((r) => r.name === name)?.state;
          const slot = document.querySelector('[data-remote-slot="' + name + '"]');
          if (state === 'mounted' && slot !== null && slot.offsetParent !== null && slot.childElementCount > 0) {
            globalThis.__portalBenchInteractive(name, performance.now());
          } else requestAnimationFrame(${PROBE_FUNCTION});
        };
        requestAnimationFrame(${PROBE_FUNCTION});
      })();`,
    });
    return probe;
  }

  /** Loads `url` and resolves with the ms from navigation to the remote's first interactive frame. */
  async load(url: string): Promise<number> {
    const interactive = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.remote} did not become interactive at ${url} within 60 s`)), 60_000);
      this.waiting = (ms) => {
        clearTimeout(timer);
        resolve(ms);
      };
    });
    await this.page.goto(url);
    return interactive;
  }
}

async function heapAfterGc(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  return (await cdp.send('Runtime.getHeapUsage')).usedSize;
}

/** The link of a remote in the navigation, clicked without pointer or focus (no intent preload). */
function navLink(page: Page, route: string) {
  return page.locator(`nav a[href="${route}"]`).first();
}

/** Navigates in the page as a click does and returns the ms until the remote is interactive. */
async function switchTo(
  page: Page,
  remote: string,
  route: string,
  preload: boolean,
  network: NetworkLog,
): Promise<number> {
  if (preload) {
    await navLink(page, route).hover();
    await network.quiet();
  }
  const before = await page.evaluate(() => performance.now());
  await navLink(page, route).dispatchEvent('click');
  return (await remoteInteractive(page, remote)) - before;
}

/** The page's resource timings (scripts and requests), in the order they started. */
async function printWaterfall(page: Page, url: string, load: 'cold' | 'warm', interactiveMs: number): Promise<void> {
  const entries = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry as PerformanceResourceTiming)
      .map((entry) => ({ name: entry.name, type: entry.initiatorType, start: entry.startTime, end: entry.responseEnd })),
  );
  const navigation = await page.evaluate(() => {
    const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    return entry ? { response: entry.responseEnd, domInteractive: entry.domInteractive } : null;
  });
  console.log(`${load} load of ${new URL(page.url()).pathname} from ${url} (ms since navigation):`);
  if (navigation) console.log(`  ${'0'.padStart(6)} – ${navigation.response.toFixed(0).padStart(4)}  document (interactive at ${navigation.domInteractive.toFixed(0)})`);
  for (const entry of entries.sort((a, b) => a.start - b.start)) {
    const where = new URL(entry.name);
    console.log(`  ${entry.start.toFixed(0).padStart(6)} – ${entry.end.toFixed(0).padStart(4)}  ${entry.type.padEnd(6)} ${where.origin === url ? '' : where.host}${where.pathname}`);
  }
  console.log(`  ${interactiveMs.toFixed(0).padStart(6)}         the remote interactive`);
}

interface RunFigures {
  coldMs: number;
  warmMs: number;
  home: ReturnType<NetworkLog['snapshot']>;
  firstRoute: ReturnType<NetworkLog['snapshot']>;
  allRoutes: ReturnType<NetworkLog['snapshot']>;
  switchMs: number[];
  switchPreloadedMs: number[];
  heapAfterAll: number;
  heapGrowth: number;
  sockets: number;
  singletons: {
    react: number;
    reactDom: number;
    supabaseClient: number;
    sharedCopies: Record<string, number> | null;
  };
  /** Seconds between successive refresh requests within the window (first: since the window began). */
  refreshes: { gapsS: number[]; windowS: number } | null;
}

/** The home page, signed out and cold (cache disabled): what a visitor loads before any remote. */
async function homePage(context: BrowserContext, url: string): Promise<ReturnType<NetworkLog['snapshot']>> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (CPU_THROTTLE > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
  if (flags.network) await cdp.send('Network.emulateNetworkConditions', NETWORK_PROFILE);
  const network = new NetworkLog(cdp);
  await page.goto(`${url}/`);
  await page.getByRole('heading', { name: 'Welcome to the portal' }).waitFor();
  await network.quiet();
  const figures = network.snapshot();
  await page.close();
  return figures;
}

/** The trace categories of DevTools' Performance panel: the main thread's tasks, script, style, layout, paint. */
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'loading', 'toplevel'];

/** Runs `load` while Chromium records a trace of the page, and writes the trace to `file`. */
async function traced(cdp: CDPSession, file: string, name: string, load: () => Promise<number>): Promise<number> {
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: TRACE_CATEGORIES }, transferMode: 'ReturnAsStream' });
  const ms = await load();
  const complete = new Promise<string>((resolve) => cdp.once('Tracing.tracingComplete', ({ stream }) => resolve(stream!)));
  await cdp.send('Tracing.end');
  const stream = await complete;
  const parts: string[] = [];
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle: stream });
    parts.push(chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data);
    if (chunk.eof) break;
  }
  await cdp.send('IO.close', { handle: stream });
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, parts.join(''));
  console.log(`trace of the ${name} load: ${file}`);
  return ms;
}

/**
 * One unmeasured pass over what a run's first loads ask for (the home page, then the first route
 * with the cache disabled), so that the first measured run does not also pay the machine's first
 * use: the browser's, the static servers' first compression of each file, the emulator's first
 * answers. Without it the variant measured first (the portal) had its first cold load 100–300 ms
 * slower than its median, in every set; measured first, the monolith's was too.
 */
async function warmUp(context: BrowserContext, url: string): Promise<void> {
  await homePage(context, url);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await page.goto(`${url}/account/sign-in`);
  await page.locator('form[aria-label="Sign in"]').waitFor();
  await page.close();
}

/** The cold loads' CPU profiles, by variant (`--cpu-summary`). */
const cpuSummaries: Record<Variant, CpuSummary> = (() => {
  // Each build's name (app.json, remote.json) to its folder, so a module is named alike in both variants.
  const folders: Record<string, string> = { portal_monolith: 'bench/monolith' };
  const named = (file: string) => String((JSON.parse(readFileSync(path.join(repoRoot, file), 'utf8')) as { name: unknown }).name);
  folders[named('shell/app.json')] = 'shell';
  for (const [remote] of ROUTES) folders[named(`remotes/${remote}/remote.json`)] = `remotes/${remote}`;
  return { portal: new CpuSummary(folders), monolith: new CpuSummary(folders) };
})();

async function oneRun(context: BrowserContext, variant: Variant, url: string, run: number): Promise<RunFigures> {
  const home = await homePage(context, url);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (CPU_THROTTLE > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
  if (flags.network) await cdp.send('Network.emulateNetworkConditions', NETWORK_PROFILE);
  await cdp.send('HeapProfiler.enable');
  const network = new NetworkLog(cdp);
  const probe = await LoadProbe.install(page, 'account');

  const profiling = flags['cpu-profile'] !== undefined && run === 0;
  const tracing = flags.trace !== undefined && run === 0;
  /**
   * Runs `load` under the CPU profiler (writing `<variant>-<name>.cpuprofile`) or the tracer
   * (`<variant>-<name>.trace.json`) when asked to.
   */
  const profiled = async (name: string, load: () => Promise<number>): Promise<number> => {
    if (tracing) return traced(cdp, path.resolve(flags.trace!, `${variant}-${name}.trace.json`), name, load);
    const summarising = flags['cpu-summary'] && name === 'cold';
    if (!profiling && !summarising) return load();
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    const ms = await load();
    const { profile } = await cdp.send('Profiler.stop');
    if (summarising) await cpuSummaries[variant].add(profile);
    if (profiling) {
      const file = path.resolve(flags['cpu-profile']!, `${variant}-${name}.cpuprofile`);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(profile));
      console.log(`CPU profile of the ${name} load: ${file}`);
    }
    return ms;
  };

  // Cold: nothing cached; the first route is the account remote's sign-in form.
  const coldMs = await profiled('cold', () => probe.load(`${url}/account/sign-in`));
  if (flags.waterfall && run === 0) await printWaterfall(page, url, 'cold', coldMs);
  await page.locator('form[aria-label="Sign in"]').waitFor();
  await network.quiet();
  const firstRoute = network.snapshot();
  if (flags['list-scripts'] && run === 0) {
    console.log(`scripts to the first route (${url}):`);
    for (const script of network.scriptList) console.log(`  ${(script.wire / 1024).toFixed(1).padStart(7)} KB  ${new URL(script.url).pathname}`);
  }

  await page.locator('form[aria-label="Sign in"] input[name="email"]').fill(DEMO.email);
  await page.locator('form[aria-label="Sign in"] input[name="password"]').fill(DEMO.password);
  await page.locator('form[aria-label="Sign in"] button[type="submit"]').click();
  await page.waitForFunction(
    () =>
      (globalThis as unknown as PortalDebug).__PORTAL_DEBUG__
        .shell!.platform()
        .session.getSnapshot().status === 'signed-in',
  );

  // Every other remote, each unvisited until now; every other one after an intent (hover) whose
  // preload has finished. The parity of the run decides which, so each remote is measured both ways.
  const switchMs: number[] = [];
  const switchPreloadedMs: number[] = [];
  for (const [index, [remote, route]] of ROUTES.slice(1).entries()) {
    const preload = (index + run) % 2 === 1;
    const ms = await switchTo(page, remote, route, preload, network);
    (preload ? switchPreloadedMs : switchMs).push(ms);
    await network.quiet();
  }
  const allRoutes = network.snapshot();
  const heapAfterAll = await heapAfterGc(cdp);

  // (No named functions inside: tsx would wrap them in a helper the page does not have.)
  const singletons = await page.evaluate(() => {
    const handles = Object.values((globalThis as unknown as PortalDebug).__PORTAL_DEBUG__);
    type Scope = Record<string, Record<string, { loaded?: boolean; lib?: unknown }>>;
    const federation = (
      globalThis as {
        __FEDERATION__?: { __INSTANCES__?: Array<{ shareScopeMap?: Record<string, Scope> }> };
      }
    ).__FEDERATION__;
    // A page without a federation instance has no share scope to count (the monolith: it may still
    // load a piece of the federation runtime, which sets up the global, e.g. its semver ranges).
    const instances = federation?.__INSTANCES__ ?? [];
    const scopes =
      instances.length > 0
        ? instances.flatMap((instance) => Object.values(instance.shareScopeMap ?? {}))
        : null;
    const sharedCopies: Record<string, number> = {};
    for (const name of ['react', 'react-dom', '@supabase/supabase-js']) {
      const loaded = new Set<string>();
      for (const scope of scopes ?? [])
        for (const [version, shared] of Object.entries(scope[name] ?? {}))
          if (shared.loaded || shared.lib) loaded.add(version);
      sharedCopies[name] = loaded.size;
    }
    return {
      react: new Set(handles.map((h) => h.react)).size,
      reactDom: new Set(handles.map((h) => h.reactDom)).size,
      supabaseClient: new Set(handles.map((h) => h.supabase)).size,
      sharedCopies: scopes ? sharedCopies : null,
    };
  });

  let refreshes: RunFigures['refreshes'] = null;
  if (REFRESH_WINDOW_S > 0) {
    const began = Date.now();
    await new Promise((resolve) => setTimeout(resolve, REFRESH_WINDOW_S * 1000));
    const times = [began, ...network.refreshes.filter((t) => t >= began)];
    refreshes = {
      gapsS: times.slice(1).map((t, i) => (t - times[i]!) / 1000),
      windowS: REFRESH_WINDOW_S,
    };
  }

  // Mount/unmount cycles: each navigation unmounts one remote and mounts the next.
  let heapGrowth = NaN;
  if (CYCLES > 0) {
    const cycle = async (i: number) => {
      const [remote, route] = ROUTES[i % ROUTES.length]!;
      await page.evaluate(
        (to) =>
          (globalThis as unknown as PortalDebug).__PORTAL_DEBUG__.shell!.platform().navigate(to),
        route,
      );
      await remoteInteractive(page, remote);
    };
    for (let i = 0; i < ROUTES.length * 2; i++) await cycle(i);
    const start = await heapAfterGc(cdp);
    for (let i = 0; i < CYCLES; i++) await cycle(i);
    await network.quiet();
    heapGrowth = (await heapAfterGc(cdp)) - start;
  }
  const sockets = network.sockets;

  // Warm: the same first route from the HTTP cache (filled by one load, measured on the next).
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  await page.goto(`${url}/account`);
  await remoteInteractive(page, 'account');
  await network.quiet();
  const warmMs = await profiled('warm', () => probe.load(`${url}/account`));
  if (flags.waterfall && run === 0) await printWaterfall(page, url, 'warm', warmMs);

  await page.close();
  return {
    coldMs,
    warmMs,
    home,
    firstRoute,
    allRoutes,
    switchMs,
    switchPreloadedMs,
    heapAfterAll,
    heapGrowth,
    sockets,
    singletons,
    refreshes,
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;

function printFigures(results: Record<Variant, RunFigures[]>): void {
  const row = (label: string, pick: (r: RunFigures) => number, format: (v: number) => string) => {
    const portal = median(results.portal.map(pick));
    const monolith = median(results.monolith.map(pick));
    console.log(
      `${label.padEnd(58)} portal ${format(portal).padStart(10)}   monolith ${format(monolith).padStart(10)}   ratio ${(portal / monolith).toFixed(2)}`,
    );
  };
  console.log(`\nmedians of ${RUNS} runs each (alternating), CPU throttle ${CPU_THROTTLE}x, ${flags.network ? 'network 40 ms / 10 Mbit/s' : 'loopback network'}:`);
  // Single loads on a busy two-core machine stray far from the median: the spread says how far.
  const spread = (pick: (r: RunFigures) => number) => {
    const [portalLow, portalHigh] = quartiles(results.portal.map(pick));
    const [monolithLow, monolithHigh] = quartiles(results.monolith.map(pick));
    console.log(`${'  25th–75th percentile'.padEnd(58)} portal ${`${portalLow.toFixed(0)}–${portalHigh.toFixed(0)} ms`.padStart(10)}   monolith ${`${monolithLow.toFixed(0)}–${monolithHigh.toFixed(0)} ms`.padStart(10)}`);
  };
  row('time to first remote interactive, cold (no cache)', (r) => r.coldMs, ms);
  spread((r) => r.coldMs);
  row('time to first remote interactive, warm (HTTP cache)', (r) => r.warmMs, ms);
  spread((r) => r.warmMs);
  row('JS to the home page, signed out (before any remote), wire', (r) => r.home.scriptWire, kb);
  row('JS to the first route, wire (gzip + headers)', (r) => r.firstRoute.scriptWire, kb);
  row('JS to the first route beyond the MF runtime and entry, wire', (r) => r.firstRoute.beyondFederationWire, kb);
  row('JS to the first route, raw', (r) => r.firstRoute.scriptRaw, kb);
  row('requests to the first route', (r) => r.firstRoute.requests, String);
  row('JS to all routes, wire', (r) => r.allRoutes.scriptWire, kb);
  row('JS to all routes beyond the MF runtime and entries, wire', (r) => r.allRoutes.beyondFederationWire, kb);
  row('JS to all routes, raw', (r) => r.allRoutes.scriptRaw, kb);
  row('requests to all routes', (r) => r.allRoutes.requests, String);
  row('switch to an unvisited remote, no preload', (r) => median(r.switchMs), ms);
  row(
    'switch to an unvisited remote, after intent preload',
    (r) => median(r.switchPreloadedMs),
    ms,
  );
  row('JS heap after visiting every remote (after GC)', (r) => r.heapAfterAll, mb);
  if (CYCLES > 0)
    row(`JS heap growth over ${CYCLES} mount/unmount cycles`, (r) => r.heapGrowth, mb);
  if (flags['cpu-summary'] && cpuSummaries.portal.count > 0 && cpuSummaries.monolith.count > 0) {
    console.log('');
    for (const line of cpuSummaryTable(cpuSummaries.portal, cpuSummaries.monolith)) console.log(line);
  }

  console.log('\nchecks:');
  for (const variant of ['portal', 'monolith'] as const) {
    for (const [run, r] of results[variant].entries()) {
      const copies = r.singletons.sharedCopies;
      const one =
        r.singletons.react === 1 &&
        r.singletons.reactDom === 1 &&
        r.singletons.supabaseClient === 1 &&
        (!copies || Object.values(copies).every((n) => n === 1));
      const detail = `React ${r.singletons.react}, ReactDOM ${r.singletons.reactDom}, Supabase client ${r.singletons.supabaseClient}${
        copies
          ? `; share scope: ${Object.entries(copies)
              .map(([n, c]) => `${n} ${c}`)
              .join(', ')}`
          : ''
      }`;
      console.log(
        `  ${variant} run ${run + 1}: one copy each of React, ReactDOM, supabase-js: ${one ? 'ok' : 'NOT ok'} (${detail})`,
      );
      console.log(
        `  ${variant} run ${run + 1}: one websocket: ${r.sockets === 1 ? 'ok' : 'NOT ok'} (${r.sockets})`,
      );
      if (r.refreshes) {
        // supabase-js checks every 30 s and refreshes a token close to expiry; one refresh per
        // remote (or per tab) would show as refreshes seconds apart instead of a tick or more.
        const [, ...between] = r.refreshes.gapsS;
        const once = r.refreshes.gapsS.length >= 1 && between.every((gap) => gap >= 20);
        console.log(
          `  ${variant} run ${run + 1}: one refresh per token lifetime: ${once ? 'ok' : 'NOT ok'} (${r.refreshes.gapsS.length} refresh requests in ${r.refreshes.windowS} s with a ${JWT_EXPIRY_S} s access token, ${between.length ? `${Math.min(...between).toFixed(0)} s apart at least` : 'none apart'})`,
        );
      }
    }
  }
}

const work = scratchFolder('bench-portal-vs-monolith-');
let servers: ServedPortals<Variant> | null = null;
let emulator: Awaited<ReturnType<typeof startProjectEmulator>> | null = null;
try {
  const build = path.join(work, 'build');
  const remotes = ROUTES.map(([remote]) => remote);
  const seconds = await buildApps(build, ['shell', ...remotes, 'monolith']);
  console.log(`build (shell, ${remotes.length} remotes and the monolith, one rspack run): ${seconds.toFixed(1)} s`);

  // The portal's own backend project with a short access token, so refreshes happen while measuring.
  emulator = await startProjectEmulator(path.join(work, 'emulator'), JWT_EXPIRY_S);

  const remoteDists = Object.fromEntries(
    remotes.map((remote) => [remote, path.join(build, remote)]),
  );
  const options = (variant: Variant): LocalPortalOptions => ({
    envDir: path.join(work, `env-${variant}`),
    envName: 'bench',
    shellDist: path.join(build, variant === 'portal' ? 'shell' : 'monolith'),
    remoteDists,
    supabaseUrl: emulator!.apiUrl,
  });
  servers = await serveInChild({ portal: options('portal'), monolith: options('monolith') });
  const urls = servers.urls;

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: await chromiumFlags(['--js-flags=--expose-gc']) });
  try {
    const results: Record<Variant, RunFigures[]> = { portal: [], monolith: [] };
    for (const variant of (['portal', 'monolith'] as const).filter((v) => !flags.only || v === flags.only)) {
      const context = await browser.newContext();
      try {
        await warmUp(context, urls[variant]);
      } finally {
        await context.close();
      }
    }
    for (let run = 0; run < RUNS; run++) {
      // Alternate which goes first, so a change in the machine's load hits both alike.
      const order: Variant[] = run % 2 === 0 ? ['portal', 'monolith'] : ['monolith', 'portal'];
      for (const variant of order.filter((v) => !flags.only || v === flags.only)) {
        const context = await browser.newContext();
        try {
          const figures = await oneRun(context, variant, urls[variant], run);
          results[variant].push(figures);
          console.log(
            `${variant} run ${run + 1}: first remote ${ms(figures.coldMs)} cold, ${ms(figures.warmMs)} warm, home ${kb(figures.home.scriptWire)} JS, first route ${kb(figures.firstRoute.scriptWire)} JS`,
          );
        } finally {
          await context.close();
        }
      }
    }
    printFigures(results);
  } finally {
    await browser.close();
  }
} finally {
  await servers?.close();
  if (emulator) await stop(emulator.child);
  rmSync(work, { recursive: true, force: true });
}
