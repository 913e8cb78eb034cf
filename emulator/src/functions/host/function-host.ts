// Keeps each function deployed: bundles it on first use, keeps one warm process per function,
// and redeploys when any of its source files, its import map or `functions/.env` changes
// (checked on every invocation, so the next request after an edit runs the new code).
// A replaced worker finishes the invocations it has before it stops.
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bundleFunction, BundleError } from '../bundling/bundler.js';
import { FunctionsError, isFunctionsError } from '../errors.js';
import type { ApiKeys } from '../../keys.js';
import { envFilePath, functionEnvironment } from './function-env.js';
import type { FunctionSpec } from '../function-catalogue.js';
import { FunctionWorker, type FunctionLogSink } from './function-worker.js';
import { findImportMap, ImportMapError, readImportMap } from '../import-map.js';

/** A warm worker with nothing to do stops after this long. */
const IDLE_STOP_MS = 5 * 60_000;

export interface FunctionHostOptions {
  apiUrl: string;
  databaseUrl: string | null;
  /** The anon and service_role keys functions see as SUPABASE_ANON_KEY / SUPABASE_SERVICE_ROLE_KEY. */
  apiKeys: ApiKeys;
  projectDir: string;
  functionsDir: string;
  /** Where bundles are written; emptied at start and on close. */
  cacheDir: string;
  /** Problems a developer must see (boot failures, crashes, timeouts). */
  warn: (line: string) => void;
  /** Console lines a function writes outside any invocation (while loading, from idle timers). */
  onLog?: (functionName: string, ...line: Parameters<FunctionLogSink>) => void;
}

interface Deployment {
  spec: FunctionSpec;
  /** File → `mtime:size`, or `absent`; the deployment is current while all still match. */
  stamp: Map<string, string>;
  bundleFile: string | null;
  failure: FunctionsError | null;
  worker: FunctionWorker | null;
  idleTimer: NodeJS.Timeout | null;
  /** A failed build: which file to watch is unknown, so every request rebuilds. */
  rebuildEveryTime: boolean;
}

function fileState(file: string, builtAt: number): string {
  try {
    const stat = statSync(file);
    // Edited while we were bundling: not proven current, so the next request rebuilds.
    if (stat.mtimeMs >= builtAt) return 'changed-during-build';
    return `${stat.mtimeMs}:${stat.size}`;
  } catch {
    return 'absent';
  }
}

function isCurrent(stamp: Map<string, string>): boolean {
  for (const [file, state] of stamp) {
    if (state === 'changed-during-build' || fileState(file, Infinity) !== state) return false;
  }
  return true;
}

export class FunctionHost {
  private readonly deployments = new Map<string, Deployment>();
  private readonly builds = new Map<string, Promise<Deployment>>();
  private readonly cacheDir: string;
  private version = 0;
  private closed = false;

  constructor(private readonly options: FunctionHostOptions) {
    this.cacheDir = options.cacheDir;
    // Bundles left by an emulator that was killed are of no use.
    rmSync(this.cacheDir, { recursive: true, force: true });
    mkdirSync(path.join(this.cacheDir, 'tmp'), { recursive: true });
  }

  /** The warm worker of a function, deploying or redeploying it first when needed. */
  async acquire(spec: FunctionSpec): Promise<FunctionWorker> {
    if (this.closed) throw new FunctionsError('worker_crashed', 'the emulator is stopping');
    const deployment = await this.current(spec);
    if (deployment.failure) throw deployment.failure;
    if (!deployment.worker?.usable) {
      // A worker that just timed out may be stuck: it stops itself if so; new work goes elsewhere.
      if (deployment.worker?.alive) this.stopWhenIdle(deployment.worker);
      deployment.worker = this.startWorker(deployment);
    }
    if (deployment.idleTimer) clearTimeout(deployment.idleTimer);
    deployment.idleTimer = null;
    return deployment.worker;
  }

  private current(spec: FunctionSpec): Promise<Deployment> {
    const building = this.builds.get(spec.name);
    if (building) return building;
    const existing = this.deployments.get(spec.name);
    if (
      existing &&
      !existing.rebuildEveryTime &&
      existing.spec.entrypoint === spec.entrypoint &&
      isCurrent(existing.stamp)
    ) {
      return Promise.resolve(existing);
    }
    const build = this.deploy(spec)
      .then((next) => {
        if (existing) this.retire(existing);
        this.deployments.set(spec.name, next);
        return next;
      })
      .finally(() => this.builds.delete(spec.name));
    this.builds.set(spec.name, build);
    return build;
  }

  private async deploy(spec: FunctionSpec): Promise<Deployment> {
    const builtAt = Date.now();
    const { file: importMapFile, candidates } = findImportMap(spec.dir, this.options.functionsDir);
    const watched = new Set<string>([
      spec.entrypoint,
      ...candidates,
      envFilePath(this.options.functionsDir),
    ]);
    const deployment: Deployment = {
      spec,
      stamp: new Map(),
      bundleFile: null,
      failure: null,
      worker: null,
      idleTimer: null,
      rebuildEveryTime: false,
    };
    try {
      const importMap = importMapFile ? readImportMap(importMapFile) : null;
      if (importMap) watched.add(importMap.file);
      const bundleFile = path.join(this.cacheDir, `${spec.name}-${++this.version}.mjs`);
      const bundle = await bundleFunction({
        name: spec.name,
        entrypoint: spec.entrypoint,
        importMap,
        projectDir: this.options.projectDir,
        outfile: bundleFile,
      });
      writeFileSync(bundleFile, bundle.code);
      deployment.bundleFile = bundleFile;
      for (const input of bundle.inputs) watched.add(input);
    } catch (error) {
      if (!(error instanceof BundleError || error instanceof ImportMapError)) throw error;
      deployment.failure = new FunctionsError('boot_error', error.message);
      this.options.warn(`Function ${spec.name} failed to boot:\n${error.message}`);
      // The failing file may be any import, not known here: try again on the next request.
      deployment.rebuildEveryTime = true;
    }
    for (const file of watched)
      if (!deployment.stamp.has(file)) deployment.stamp.set(file, fileState(file, builtAt));
    return deployment;
  }

  private startWorker(deployment: Deployment): FunctionWorker {
    const { spec } = deployment;
    const worker = new FunctionWorker({
      bundleFile: deployment.bundleFile!,
      boot: {
        functionName: spec.name,
        functionDir: spec.dir,
        env: functionEnvironment({
          apiUrl: this.options.apiUrl,
          databaseUrl: this.options.databaseUrl,
          functionsDir: this.options.functionsDir,
          apiKeys: this.options.apiKeys,
          log: this.options.warn,
        }),
      },
      tempRoot: path.join(this.cacheDir, 'tmp'),
      log: this.options.warn,
      onLog: (level, text) => this.options.onLog?.(spec.name, level, text),
    });
    worker.ready.catch((error: unknown) => {
      // The same files would fail the same way: remember it until they change.
      if (deployment.worker === worker && isFunctionsError(error) && error.code === 'boot_error') {
        deployment.failure = error;
      }
    });
    worker.onSettle(() => {
      if (worker.inFlight > 0 || deployment.worker !== worker) return;
      if (deployment.idleTimer) clearTimeout(deployment.idleTimer);
      deployment.idleTimer = setTimeout(() => {
        if (worker.inFlight === 0) void worker.terminate();
      }, IDLE_STOP_MS);
      deployment.idleTimer.unref();
    });
    return worker;
  }

  /** An outdated deployment finishes what it is doing, then stops and removes its bundle. */
  private retire(deployment: Deployment): void {
    if (deployment.idleTimer) clearTimeout(deployment.idleTimer);
    const removeBundle = () =>
      deployment.bundleFile && rmSync(deployment.bundleFile, { force: true });
    const worker = deployment.worker;
    deployment.worker = null;
    if (!worker?.alive) {
      removeBundle();
      return;
    }
    worker.onExit(removeBundle);
    this.stopWhenIdle(worker);
  }

  private stopWhenIdle(worker: FunctionWorker): void {
    if (worker.inFlight === 0) void worker.terminate();
    else worker.onSettle(() => worker.inFlight === 0 && void worker.terminate());
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.builds.values()]);
    const workers = [...this.deployments.values()].flatMap((d) => {
      if (d.idleTimer) clearTimeout(d.idleTimer);
      return d.worker ? [d.worker] : [];
    });
    await Promise.allSettled(workers.map((worker) => worker.terminate()));
    rmSync(this.cacheDir, { recursive: true, force: true });
  }
}
