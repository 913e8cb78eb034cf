// Where an environment's files live: a folder on this machine or a Supabase Storage bucket. Both
// hold the same keys (docs: deploy/README.md#layout); everything above this interface — releases,
// the registry and its compare-and-swap — is written once for both.
import type { CachePolicy } from '../cache-policy.js';
import { assertPathSegment } from '../path-segment.js';

export interface PublishTarget {
  /** For messages: "folder /…/deploy/dist/local", "bucket portal at http://127.0.0.1:54321". */
  readonly description: string;
  /** The environment's name (a folder's name, a bucket's name). */
  readonly environmentName: string;
  /** An object's bytes, or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  /**
   * Creates an object only when none has that key, atomically: of two writers, exactly one gets
   * true. The registry's compare-and-swap stands on this.
   */
  create(key: string, body: Buffer, cache: CachePolicy): Promise<boolean>;
  /** Creates or replaces an object; readers see the old or the new bytes, never a mix. */
  put(key: string, body: Buffer, cache: CachePolicy): Promise<void>;
  /** The names directly below a folder key (`releases/account`), sorted; `limit` from the end with `last`. */
  list(folder: string, options?: { last?: number }): Promise<string[]>;
  /**
   * How the registry names a release's manifest: relative to the registry when both are served
   * from one place (a bucket), an absolute URL when the remote has an origin of its own (folder).
   */
  manifestUrl(remote: string, version: string): string;
  /** Where browsers fetch the registry from, when known. */
  registryUrl(): string | null;
}

const remoteSegment = (remote: string) => assertPathSegment(remote, 'remote name');
const versionSegment = (version: string) => assertPathSegment(version, 'version');

/**
 * The keys of an environment, the same on every target. Names and versions are checked as plain
 * path segments here, before any key is read or written with them.
 */
export const keys = {
  registry: 'registry.json',
  environment: 'environment.json',
  revisions: 'registry-revisions',
  revision: (n: number) => `registry-revisions/${String(n).padStart(12, '0')}.json`,
  releases: (remote: string) => `releases/${remoteSegment(remote)}`,
  releaseRecord: (remote: string, version: string) => `releases/${remoteSegment(remote)}/${versionSegment(version)}.json`,
  /** `file` is a path inside the build (listFiles), never a name from outside. */
  releaseFile: (remote: string, version: string, file: string) => `remotes/${remoteSegment(remote)}/${versionSegment(version)}/${file}`,
};
