// The releases of a remote that an environment holds: one immutable record per version
// (releases/<remote>/<version>.json), written after every file of the release is in place.
import { z } from 'zod';
import { DeployError, DeployErrorCode } from './errors.js';
import { keys, type PublishTarget } from './targets/publish-target.js';

const releaseRecordSchema = z.object({
  version: z.string(),
  integrity: z.string(),
  publishedAt: z.string(),
  publishedBy: z.string().default('unknown'),
  meta: z.record(z.string(), z.unknown()),
});
export type ReleaseRecord = z.infer<typeof releaseRecordSchema>;

const RECORD_SUFFIX = '.json';

export async function readRelease(target: PublishTarget, remote: string, version: string): Promise<ReleaseRecord | null> {
  const key = keys.releaseRecord(remote, version);
  const bytes = await target.read(key);
  if (!bytes) return null;
  const parsed = releaseRecordSchema.safeParse(JSON.parse(bytes.toString('utf8')));
  if (!parsed.success) throw new DeployError(DeployErrorCode.InvalidRegistry, `${key} in the ${target.description} is not a release record: ${parsed.error.message}`);
  return parsed.data;
}

/** Every release of a remote in the environment, oldest first. */
export async function readReleases(target: PublishTarget, remote: string): Promise<ReleaseRecord[]> {
  const names = (await target.list(keys.releases(remote))).filter((name) => name.endsWith(RECORD_SUFFIX));
  const records = await Promise.all(names.map((name) => readRelease(target, remote, name.slice(0, -RECORD_SUFFIX.length))));
  return records.filter((r): r is ReleaseRecord => r !== null).sort((a, b) => a.publishedAt.localeCompare(b.publishedAt));
}

/** Remotes with at least one release in the environment. */
export async function remotesWithReleases(target: PublishTarget): Promise<string[]> {
  return target.list('releases');
}

/** Records a release; false when a record of that version already exists (releases are immutable). */
export async function recordRelease(target: PublishTarget, remote: string, record: ReleaseRecord): Promise<boolean> {
  return target.create(keys.releaseRecord(remote, record.version), Buffer.from(`${JSON.stringify(record, null, 2)}\n`), 'revalidate');
}

/**
 * The release `version` names: exact (`1.2.0+3f2a9c1d`), or a package version (`1.2.0`) for its
 * newest build. Throws with the versions there are.
 */
export function findRelease(releases: readonly ReleaseRecord[], remote: string, version: string, where: string): ReleaseRecord {
  if (releases.length === 0) throw new DeployError(DeployErrorCode.UnknownRemote, `No releases of "${remote}" were published in the ${where}.`);
  const record = [...releases].reverse().find((r) => r.version === version || r.version.split('+')[0] === version);
  if (!record) {
    throw new DeployError(DeployErrorCode.UnknownVersion, `"${remote}" has no release ${version} in the ${where}. Published: ${releases.map((r) => r.version).join(', ')}.`);
  }
  return record;
}
