// Where a page's main thread spends a load: Chromium's CPU profiles of several loads, each sample's
// frame traced through the served script's source map to the package (or our source file) it
// came from, self time averaged per load. Single profiles of a 200 ms load differ by several
// milliseconds per package from one load to the next; the mean over a set of runs does not.
import path from 'node:path';
import { traceSegment, TraceMap } from '@jridgewell/trace-mapping';

/** What this summary reads of a CDP `Profiler.Profile`. */
interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface Profile {
  nodes: { id: number; callFrame: CallFrame }[];
  samples?: number[];
  timeDeltas?: number[];
}

/** A served script's source map: the map, and its `sources` as written (`webpack://<build>/<path>`). */
interface ScriptMap {
  map: TraceMap;
  sources: string[];
}

/** The name the benchmark's own in-page probe runs under, so its time is shown as its own. */
export const PROBE_FUNCTION = 'portalBenchProbe';

/** What V8 reports as functions but is the engine or the browser at work. */
const ENGINE = new Set(['(program)', '(idle)', '(garbage collector)', '(root)']);

/** The package of a path inside node_modules, else null. */
function packageOf(source: string): string | null {
  const at = source.lastIndexOf('node_modules/');
  if (at < 0) return null;
  const [scope, name] = source.slice(at + 'node_modules/'.length).split('/');
  return scope!.startsWith('@') ? `${scope}/${name}` : scope!;
}

export class CpuSummary {
  private readonly totalsMs = new Map<string, number>();
  private readonly maps = new Map<string, Promise<ScriptMap | null>>();
  private loads = 0;

  /**
   * `folders`: each build's name (its `output.uniqueName`, the `webpack://<name>/` of its source
   * maps) to its folder in the repository, so that a module is named alike in every build.
   */
  constructor(private readonly folders: Readonly<Record<string, string>>) {}

  /** Adds one load's profile. */
  async add(profile: Profile): Promise<void> {
    this.loads++;
    const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
    const selfUs = new Map<number, number>();
    (profile.samples ?? []).forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas?.[i] ?? 0)));
    for (const [id, us] of selfUs) {
      const where = await this.whereOf(frames.get(id)!);
      this.totalsMs.set(where, (this.totalsMs.get(where) ?? 0) + us / 1000);
    }
  }

  /** Milliseconds per load by where they were spent. */
  perLoad(): Map<string, number> {
    return new Map([...this.totalsMs].map(([where, ms]) => [where, ms / Math.max(this.loads, 1)]));
  }

  get count(): number {
    return this.loads;
  }

  private async whereOf(frame: CallFrame): Promise<string> {
    if (!frame.url) {
      if (ENGINE.has(frame.functionName)) return frame.functionName;
      if (frame.functionName === PROBE_FUNCTION) return "(the benchmark's probe)";
      return `(browser) ${frame.functionName}`;
    }
    if (!/^https?:/.test(frame.url)) return `(engine) ${frame.url}`;
    const url = new URL(frame.url);
    url.search = '';
    url.hash = '';
    if (!url.pathname.endsWith('.js')) return "(the page's inline script)";
    const scriptMap = await this.mapOf(url.href);
    const file = decodeURIComponent(url.pathname.split('/').pop()!);
    const segment = scriptMap && frame.lineNumber >= 0 ? traceSegment(scriptMap.map, frame.lineNumber, frame.columnNumber) : null;
    const source = segment && segment.length > 1 ? scriptMap!.sources[segment[1]!] : undefined;
    if (!source) return `(unmapped) ${file}`;
    const [, build, relative] = /^webpack:\/\/([^/]*)\/(.*)$/.exec(source) ?? [undefined, '', source];
    if (relative!.startsWith('webpack/')) return '(webpack runtime)';
    return packageOf(relative!) ?? path.posix.join(this.folders[build!] ?? build!, relative!);
  }

  /** The source map served beside a script (`<url>.map`), read once; null without one. */
  private mapOf(scriptUrl: string): Promise<ScriptMap | null> {
    let map = this.maps.get(scriptUrl);
    if (!map) {
      map = fetch(`${scriptUrl}.map`)
        .then(async (response) => {
          if (!response.ok) return null;
          const raw = (await response.json()) as ConstructorParameters<typeof TraceMap>[0] & { sources: string[] };
          return { map: new TraceMap(raw), sources: raw.sources };
        })
        .catch(() => null);
      this.maps.set(scriptUrl, map);
    }
    return map;
  }
}

/** The side-by-side table of two summaries: the `top` places by time on either side, then the totals. */
export function cpuSummaryTable(portal: CpuSummary, monolith: CpuSummary, top = 25): string[] {
  const a = portal.perLoad();
  const b = monolith.perLoad();
  const places = [...new Set([...a.keys(), ...b.keys()])].sort((x, y) => Math.max(a.get(y) ?? 0, b.get(y) ?? 0) - Math.max(a.get(x) ?? 0, b.get(x) ?? 0));
  const ms = (value: number | undefined) => `${(value ?? 0).toFixed(1).padStart(7)} ms`;
  const sum = (m: Map<string, number>, busyOnly: boolean) => [...m].filter(([where]) => !busyOnly || where !== '(idle)').reduce((total, [, v]) => total + v, 0);
  const lines = [`main-thread self time per cold load (CPU profiles of ${portal.count} and ${monolith.count} loads, source-mapped):`, `  ${'where'.padEnd(58)}  portal     monolith   difference`];
  for (const where of places.slice(0, top)) {
    const difference = (a.get(where) ?? 0) - (b.get(where) ?? 0);
    lines.push(`  ${where.slice(0, 58).padEnd(58)} ${ms(a.get(where))} ${ms(b.get(where))} ${(difference >= 0 ? '+' : '') + difference.toFixed(1).padStart(6)} ms`);
  }
  const busyA = sum(a, true);
  const busyB = sum(b, true);
  lines.push(`  ${'everything but idle'.padEnd(58)} ${ms(busyA)} ${ms(busyB)} ${(busyA - busyB >= 0 ? '+' : '') + (busyA - busyB).toFixed(1).padStart(6)} ms`);
  return lines;
}
