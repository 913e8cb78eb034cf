// Whose code fills the blocking tasks of a traced load (`--tasks` with `BENCH_TASKS_BLAME=1`).
// With V8's sampling profiler in the trace (disabled-by-default-v8.cpu_profiler), each blocking
// task's time beyond 50 ms once slowed 4x is shared among the samples taken inside it, by the
// source of each sample's innermost frame, read back through the build's source maps: a package
// under node_modules, a folder of ours, the bundler's runtime, or Chromium's own work outside
// JavaScript ("(program)": style, layout, paint, parsing, compiling; "(garbage collector)"; a DOM
// call such as "(appendChild)"). The profiler slows JavaScript, so read the shares, not the
// milliseconds.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import type { BlockingSpan, TraceEvent } from './trace-tasks.js';

/** The trace category that puts V8's samples into the trace. */
export const PROFILER_CATEGORY = 'disabled-by-default-v8.cpu_profiler';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface ProfileData {
  startTime?: number;
  cpuProfile?: { nodes?: Array<{ id: number; callFrame: CallFrame }>; samples?: number[] };
  timeDeltas?: number[];
}

/**
 * The source maps of the scripts a build serves, by file name, from the build's folders. A name
 * more than one build folder has (each remote's `remoteEntry.js`) is left out: its frames are
 * named by the file.
 */
export function sourceMapsOf(buildFolders: readonly string[]): (scriptUrl: string) => TraceMap | null {
  const files = new Map<string, string | null>();
  for (const folder of buildFolders) {
    for (const name of readdirSync(folder)) {
      if (!name.endsWith('.js.map')) continue;
      const script = name.slice(0, -'.map'.length);
      files.set(script, files.has(script) ? null : path.join(folder, name));
    }
  }
  const maps = new Map<string, TraceMap | null>();
  return (scriptUrl) => {
    const script = decodeURIComponent(new URL(scriptUrl).pathname.split('/').pop() ?? '');
    if (!maps.has(script)) {
      const file = files.get(script);
      maps.set(script, file ? new TraceMap(readFileSync(file, 'utf8')) : null);
    }
    return maps.get(script)!;
  };
}

/**
 * A frame's group: "react-dom", "@supabase/phoenix", "portal_shell src/federation", "shared/platform", "the bundler's runtime", "(program)".
 * `byFunction`: our own code by source file and function instead ("shared/ui/src/styles/ensureStylesheet.ts ensureStylePart").
 */
function groupOf(frame: CallFrame, mapFor: (scriptUrl: string) => TraceMap | null, byFunction = false): string {
  if (!frame.url) return frame.functionName.startsWith('(') ? frame.functionName : `(${frame.functionName || 'program'})`;
  if (!/^https?:/.test(frame.url)) return frame.url;
  const map = mapFor(frame.url);
  const file = decodeURIComponent(new URL(frame.url).pathname.split('/').pop() ?? frame.url);
  if (!map) return file;
  const original = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
  const source = original.source;
  if (!source) return file;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (pkg) return pkg[1]!;
  const [, build = '', rest = ''] = /^webpack:\/\/([^/]+)\/(.*)$/.exec(source) ?? [];
  if (/^webpack\/(runtime|bootstrap|startup)/.test(rest)) return "the bundler's runtime";
  const parts = rest.replace(/^(\.\.?\/)+/, '').split('/');
  if (byFunction) return `${parts[0] === 'shared' ? '' : `${build} `}${parts.join('/')} ${original.name ?? frame.functionName ?? '(anonymous)'}`;
  if (parts[0] === 'shared') return `shared/${parts[1]}`;
  return parts[0] === 'src' && parts.length > 2 ? `${build} src/${parts[1]}` : `${build} ${parts.join('/')}`;
}

/** Each group's share of the blocking time (ms, slowed) of one load's blocking tasks. */
export function blame(events: readonly TraceEvent[], spans: readonly BlockingSpan[], mapFor: (scriptUrl: string) => TraceMap | null, byFunction = false): Map<string, number> {
  const main = spans[0];
  const shares = new Map<string, number>();
  if (!main) return shares;
  // The main thread's profile: its nodes and its samples' times (µs, the trace's clock).
  const profiles = new Set(events.filter((event) => event.name === 'Profile' && event.pid === main.pid && event.tid === main.tid).map((event) => event.id));
  const frames = new Map<string, CallFrame>();
  const samples: Array<{ at: number; node: string }> = [];
  const clock = new Map<string, number>();
  for (const event of events) if (event.name === 'Profile' && profiles.has(event.id)) clock.set(event.id!, (event.args?.data as unknown as ProfileData).startTime ?? 0);
  for (const event of events) {
    if (event.name !== 'ProfileChunk' || !profiles.has(event.id)) continue;
    const data = event.args?.data as unknown as ProfileData;
    for (const node of data.cpuProfile?.nodes ?? []) frames.set(`${event.id}:${node.id}`, node.callFrame);
    let at = clock.get(event.id!) ?? 0;
    (data.cpuProfile?.samples ?? []).forEach((node, i) => {
      at += data.timeDeltas?.[i] ?? 0;
      samples.push({ at, node: `${event.id}:${node}` });
    });
    clock.set(event.id!, at);
  }
  for (const span of spans) {
    const inside = samples.filter((sample) => sample.at >= span.start && sample.at <= span.end);
    // Chromium's own work is named by the innermost traced event around the sample (a layout, a style recalculation, a compile).
    const traced = events.filter((event) => event.ph === 'X' && event.pid === span.pid && event.tid === span.tid && event.dur !== undefined && event.ts < span.end && event.ts + event.dur > span.start && event.name !== 'RunTask' && event.name !== 'ThreadControllerImpl::RunTask');
    const around = (at: number) => traced.filter((event) => event.ts <= at && at <= event.ts + event.dur!).reduce<TraceEvent | null>((inner, event) => (!inner || event.dur! < inner.dur! ? event : inner), null);
    if (inside.length === 0) {
      shares.set('(no samples)', (shares.get('(no samples)') ?? 0) + span.excess);
      continue;
    }
    for (const sample of inside) {
      const frame = frames.get(sample.node);
      let group = frame ? groupOf(frame, mapFor, byFunction) : '(no frame)';
      if (frame?.functionName === '(program)' && !frame.url) group = `(program) in ${around(sample.at)?.name ?? 'no traced event'}`;
      shares.set(group, (shares.get(group) ?? 0) + span.excess / inside.length);
    }
  }
  return shares;
}
