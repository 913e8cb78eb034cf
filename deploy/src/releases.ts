import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { writeFileAtomically, type Environment } from './environment.js';

/** One published, immutable release of a remote (its folder never changes once written). */
const releaseRecordSchema = z.object({
  version: z.string(),
  /** Path of the manifest below the remote's origin, e.g. `1.0.0+3f2a9c1d/mf-manifest.json`. */
  manifestPath: z.string(),
  integrity: z.string(),
  publishedAt: z.string(),
  meta: z.record(z.string(), z.unknown()),
});
export type ReleaseRecord = z.infer<typeof releaseRecordSchema>;

export function readReleases(env: Environment, remote: string): ReleaseRecord[] {
  const file = env.releasesFile(remote);
  if (!existsSync(file)) return [];
  return z.array(releaseRecordSchema).parse(JSON.parse(readFileSync(file, 'utf8')));
}

export function recordRelease(env: Environment, remote: string, record: ReleaseRecord): void {
  const others = readReleases(env, remote).filter((r) => r.version !== record.version);
  writeFileAtomically(env.releasesFile(remote), `${JSON.stringify([...others, record], null, 2)}\n`);
}
