// What Lighthouse's simulation makes of a page's main thread, read from a trace recorded at full
// speed: every task after the first contentful paint counts for 4 times its recorded length
// (the mobile preset's CPU), and what of that is beyond 50 ms blocks. This is Lantern's rule for
// total blocking time without its network model and its pruning (docs/architecture.md): the
// figure moves with the start's tasks alone, where Lighthouse's own moves ±20% with its recording.

/** The fields of a Chromium trace event this reads. */
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time in a complete event (µs): below `dur` by the time the thread waited for a CPU. */
  tdur?: number;
  pid: number;
  tid: number;
  /** A profile's id (`Profile`, `ProfileChunk`). */
  id?: string;
  args?: {
    name?: string;
    data?: { url?: string; functionName?: string; type?: string; reason?: string; nodeName?: string };
    beginData?: { dirtyObjects?: number; totalObjects?: number };
  };
}

/** Lighthouse's mobile preset slows the CPU this many times. */
export const CPU_SLOWDOWN = 4;
/** A task blocks for what it takes beyond this. */
const BLOCKING_FROM_MS = 50;

/** What a task of `us` microseconds, slowed 4x, takes beyond 50 ms (ms; 0 when it does not block). */
const blockingOf = (us: number) => Math.max(0, (CPU_SLOWDOWN * us) / 1000 - BLOCKING_FROM_MS);

export interface SimulatedTasks {
  /** The page's first contentful paint, ms after its navigation started (NaN when none was recorded). */
  fcp: number;
  /** Each task's time beyond 50 ms after the first paint, once slowed, summed (ms). */
  blocking: number;
  /** How many tasks after the first paint block once slowed (recorded ≥ 12.5 ms). */
  blockingTasks: number;
  /** The blocking tasks, longest first: recorded length (ms) and what ran in them. */
  longest: Array<{ ms: number; what: string }>;
  /** The blocking tasks in the order they ran: where (µs, the trace's clock) and their blocking time. */
  spans: BlockingSpan[];
  /**
   * The share of the blocking tasks' recorded time in which the main thread ran on a CPU (its thread
   * time over its wall time; NaN without blocking tasks or thread times). On a busy machine a task
   * is recorded long because the thread waited for a CPU, and the simulation counts that wait 4x.
   */
  cpuShare: number;
  /** The same rule applied to the tasks' thread time instead of their wall time: the blocking of the page's own work. */
  cpuBlocking: number;
}

/** A blocking task: its thread, its counted part (from the first paint on) and its time beyond 50 ms once slowed. */
export interface BlockingSpan {
  pid: number;
  tid: number;
  start: number;
  end: number;
  excess: number;
}

/** What a task ran, by its largest piece: e.g. "TimerFire › FunctionCall main.js", "Layout". */
function describe(task: TraceEvent, events: readonly TraceEvent[]): string {
  const end = task.ts + (task.dur ?? 0);
  const inside = events.filter((event) => event !== task && event.pid === task.pid && event.tid === task.tid && event.ph === 'X' && event.dur !== undefined && event.ts >= task.ts && event.ts + event.dur <= end && event.name !== 'RunTask' && event.name !== 'ThreadControllerImpl::RunTask');
  const largest = (among: readonly TraceEvent[]) => among.reduce<TraceEvent | null>((best, event) => (!best || event.dur! > best.dur! ? event : best), null);
  const name = (event: TraceEvent) => {
    const data = event.args?.data;
    const file = data?.url ? ` ${data.url.split('/').pop()?.split('?')[0] || data.url}` : '';
    const fn = data?.functionName ? ` ${data.functionName}` : '';
    const type = data?.type ? ` ${data.type}` : '';
    const layout = event.args?.beginData;
    const objects = layout?.totalObjects !== undefined ? ` (${layout.dirtyObjects} of ${layout.totalObjects} objects)` : '';
    return `${event.name}${type}${file}${fn}${objects}`;
  };
  const top = largest(inside);
  if (!top) return 'nothing traced';
  const within = largest(inside.filter((event) => event !== top && event.ts >= top.ts && event.ts + event.dur! <= top.ts + top.dur!));
  const piece = within && within.dur! > top.dur! / 2 ? within : top;
  const what = piece === top ? name(top) : `${name(top)} › ${name(within!)}`;
  return piece.name === 'Layout' || piece.name === 'UpdateLayoutTree' ? `${what}${dirtiedBy(piece, events)}` : what;
}

/**
 * What made a layout or a style recalculation necessary, when the trace has the invalidation
 * tracking category: the invalidations recorded since the previous one of its kind on that
 * thread, by kind and reason, most frequent first (e.g. "Layout: Style changed ×212 (DIV)").
 */
function dirtiedBy(piece: TraceEvent, events: readonly TraceEvent[]): string {
  const previous = events.filter((event) => event.name === piece.name && event.pid === piece.pid && event.tid === piece.tid && event.ts < piece.ts).reduce((latest, event) => Math.max(latest, event.ts + (event.dur ?? 0)), 0);
  const reasons = new Map<string, { count: number; nodes: Set<string> }>();
  for (const event of events) {
    if (!event.name.endsWith('InvalidationTracking') || event.pid !== piece.pid || event.ts < previous || event.ts > piece.ts + (piece.dur ?? 0)) continue;
    const key = `${event.name.replace('InvalidationTracking', '')}: ${event.args?.data?.reason ?? 'no reason'}`;
    const entry = reasons.get(key) ?? { count: 0, nodes: new Set<string>() };
    entry.count += 1;
    if (event.args?.data?.nodeName && entry.nodes.size < 3) entry.nodes.add(event.args.data.nodeName);
    reasons.set(key, entry);
  }
  if (reasons.size === 0) return '';
  const listed = [...reasons].sort((a, b) => b[1].count - a[1].count).slice(0, 4);
  return ` ← ${listed.map(([reason, { count, nodes }]) => `${reason} ×${count}${nodes.size ? ` (${[...nodes].join(', ')})` : ''}`).join('; ')}`;
}

/**
 * The page's renderer main thread: the `CrRendererMain` thread of the process that painted the
 * first contentful paint. Its top-level tasks (`RunTask`) after that paint, each slowed 4 times.
 */
export function simulatedTasks(events: readonly TraceEvent[]): SimulatedTasks {
  const paint = events.find((event) => event.name === 'firstContentfulPaint');
  const navigation = events.find((event) => event.name === 'navigationStart' && event.pid === paint?.pid);
  if (!paint) return { fcp: NaN, blocking: NaN, blockingTasks: 0, longest: [], spans: [], cpuShare: NaN, cpuBlocking: NaN };
  const main = events.find((event) => event.ph === 'M' && event.name === 'thread_name' && event.pid === paint.pid && event.args?.name === 'CrRendererMain');
  const tid = main?.tid ?? paint.tid;
  const seen = new Set<string>();
  const longest: Array<{ ms: number; what: string }> = [];
  const spans: BlockingSpan[] = [];
  let blocking = 0;
  let cpuBlocking = 0;
  let wall = 0;
  let cpu = 0;
  for (const event of events) {
    if (event.name !== 'RunTask' || event.ph !== 'X' || event.pid !== paint.pid || event.tid !== tid || event.dur === undefined) continue;
    const key = `${event.ts}:${event.dur}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const end = event.ts + event.dur;
    if (end <= paint.ts) continue;
    // A task under way at the paint counts from the paint on, as Lighthouse clips it.
    const counted = end - Math.max(event.ts, paint.ts);
    // Its thread time, in the proportion of the task that counts.
    const running = event.tdur === undefined ? NaN : (event.tdur * counted) / event.dur;
    cpuBlocking += blockingOf(running);
    const excess = blockingOf(counted);
    if (excess <= 0) continue;
    wall += counted;
    cpu += running;
    blocking += excess;
    longest.push({ ms: event.dur / 1000, what: describe(event, events) });
    spans.push({ pid: event.pid, tid: event.tid, start: Math.max(event.ts, paint.ts), end, excess });
  }
  longest.sort((a, b) => b.ms - a.ms);
  return {
    fcp: navigation ? (paint.ts - navigation.ts) / 1000 : NaN,
    blocking,
    blockingTasks: longest.length,
    longest,
    spans,
    cpuShare: wall > 0 ? cpu / wall : NaN,
    cpuBlocking,
  };
}
