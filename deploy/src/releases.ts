// The releases of a remote an environment holds: one immutable record per version, written after
// every file of the release is in place (a folder keeps them as files, a project in its database).
import { z } from 'zod';
import { DeployError, DeployErrorCode } from './errors.js';

export const releaseRecordSchema = z.object({
  version: z.string(),
  integrity: z.string(),
  publishedAt: z.string(),
  /** Who published it: the verified identity in a project, a typed name in a folder. */
  publishedBy: z.string().default('unknown'),
  meta: z.record(z.string(), z.unknown()),
  /** A project: whether it needs a new platform contract major, and whether a platform owner accepted it. */
  needsAcceptance: z.boolean().optional(),
  accepted: z.boolean().optional(),
});
export type ReleaseRecord = z.infer<typeof releaseRecordSchema>;

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
