// The facts of one remote, read from its own folder: remote.json (the registry's metadata block,
// plus the build's own facts: port, exposes, assets) and the project root its generated files
// are made from. Everything else a remote build needs is the preset's.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface RemoteFacts {
  /** Module Federation container name (the registry key). */
  name: string;
  /** The remote's folder (where remote.json is). */
  dir: string;
  /** Default port of its local static server. */
  port: number;
  /** What it exposes (`./app` at least): expose → module, relative to `dir`. */
  exposes: Record<string, string>;
  /** The metadata block copied into the build output and from there into the registry (remote.json minus the build's facts). */
  meta: Record<string, unknown>;
  /**
   * Files the remote generates at build time and deploys with its code: output file name →
   * module (relative to `dir`) whose `generateAsset({ root })` returns the file's text.
   */
  assets: Record<string, string>;
}

/** Reads `<dir>/remote.json`; throws, naming the file, when there is none or it is not an object. */
export function readRemoteFacts(dir: string): RemoteFacts {
  const file = path.join(dir, 'remote.json');
  if (!existsSync(file)) throw new Error(`${dir} is not a remote: it has no remote.json.`);
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error(`${file} is not a JSON object.`);
  const { port, exposes, assets, ...meta } = parsed as Record<string, unknown>;
  if (typeof meta.name !== 'string' || meta.name === '') throw new Error(`${file} names no remote ("name").`);
  return {
    name: meta.name,
    dir,
    port: Number(port),
    exposes: (exposes ?? {}) as Record<string, string>,
    meta,
    assets: (assets ?? {}) as Record<string, string>,
  };
}

/**
 * The project a remote belongs to: the nearest folder from the remote's own upwards that holds a
 * `supabase/` folder (the monorepo's root for its remotes; a team's repository for its own
 * remote), else the remote's folder. Generated files (e.g. the functions catalogue) read from it.
 */
export function projectRootOf(dir: string): string {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    if (existsSync(path.join(current, 'supabase'))) return current;
    if (current === path.dirname(current)) return path.resolve(dir);
  }
}
