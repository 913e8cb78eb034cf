// The folder target: an environment on this machine (deploy/dist/local) for one developer,
// served by the local static server — the shell's folder on one origin, each remote's folder on
// its own. Nothing here checks who changes what: whoever can write the folder can change
// anything, so a shared environment is a Supabase project (project-target.ts).
//   environment.json                 origins, shellContract
//   shell/registry.json              what browsers read: a copy of the newest revision
//   registry-revisions/<n>.json      every registry the environment had
//   remotes/<name>/<version>/        immutable releases
//   releases/<name>/<version>.json   one record per staged release (written after its files)
import { linkSync, mkdirSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseRegistry, type Registry } from '@portal/platform/registry';
import { describeError } from '@portal/platform/node';
import { z } from 'zod';
import { environmentSchema, writeFileAtomically, type Environment, type EnvironmentFile } from '../environment.js';
import { DeployError, DeployErrorCode } from '../errors.js';
import { assertPathSegment } from '../path-segment.js';
import { remoteHistorySchema, type RegistryState } from '../registry-revision.js';
import { releaseRecordSchema, type ReleaseRecord } from '../releases.js';
import type { DeployTarget } from './deploy-target.js';

const remoteSegment = (remote: string) => assertPathSegment(remote, 'remote name');
const versionSegment = (version: string) => assertPathSegment(version, 'version');

/**
 * The folder's keys. Names and versions are checked as plain path segments here, before any file
 * is read or written with them.
 */
export const folderKeys = {
  registry: 'registry.json',
  environment: 'environment.json',
  revisions: 'registry-revisions',
  revision: (n: number) => `registry-revisions/${String(n).padStart(12, '0')}.json`,
  releases: (remote: string) => `releases/${remoteSegment(remote)}`,
  releaseRecord: (remote: string, version: string) => `releases/${remoteSegment(remote)}/${versionSegment(version)}.json`,
  /** `file` is a path inside the build (listFiles), never a name from outside. */
  releaseFile: (remote: string, version: string, file: string) => `remotes/${remoteSegment(remote)}/${versionSegment(version)}/${file}`,
};

const revisionSchema = z.object({
  revision: z.number().int().positive(),
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  registry: z.unknown(),
  remotes: z.record(z.string(), remoteHistorySchema),
});

const RECORD_SUFFIX = '.json';

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

const jsonBytes = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

export function folderTarget(env: Environment): DeployTarget {
  // The registry is served from the shell's folder (its origin); every other key is a path below the root.
  const fileOf = (key: string) => (key === folderKeys.registry ? env.registryFile : path.join(env.root, ...key.split('/')));
  const originOf = (app: string) => env.read().origins[app]?.replace(/\/$/, '');
  const description = `folder ${env.root}`;

  const read = (key: string): Buffer | null => {
    try {
      return readFileSync(fileOf(key));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };
  /** Creates a file only when none has that name, atomically: of two writers, exactly one gets true. */
  const create = (key: string, body: Buffer): boolean => {
    const file = fileOf(key);
    mkdirSync(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    writeFileSync(temp, body);
    try {
      // link(2) fails with EEXIST when the name is taken, and the name appears with all its bytes.
      linkSync(temp, file);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    } finally {
      unlinkSync(temp);
    }
  };
  const list = (folder: string): string[] => {
    try {
      return readdirSync(fileOf(folder))
        .filter((name) => !name.endsWith('.tmp'))
        .sort();
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
  };
  const invalid = (key: string, error: unknown) =>
    new DeployError(DeployErrorCode.InvalidRegistry, `${key} in the ${description} is not a valid registry (${describeError(error)}); fix or delete it.`);
  const readEnvironmentFile = (): EnvironmentFile => {
    const bytes = read(folderKeys.environment);
    return bytes ? environmentSchema.parse(JSON.parse(bytes.toString('utf8'))) : { name: env.name, origins: {} };
  };
  const readRecord = (remote: string, name: string): ReleaseRecord | null => {
    const key = `${folderKeys.releases(remote)}/${name}`;
    const bytes = read(key);
    if (!bytes) return null;
    const parsed = releaseRecordSchema.safeParse(JSON.parse(bytes.toString('utf8')));
    if (!parsed.success) throw new DeployError(DeployErrorCode.InvalidRegistry, `${key} in the ${description} is not a release record: ${parsed.error.message}`);
    return parsed.data;
  };

  const target: DeployTarget = {
    kind: 'folder',
    description,
    environmentName: env.name,
    async readShellContract() {
      return readEnvironmentFile().shellContract ?? null;
    },
    async recordShellContract(version, facts) {
      writeFileAtomically(fileOf(folderKeys.environment), jsonBytes({ ...readEnvironmentFile(), shellContract: version, ...(facts ? { shell: facts } : {}) }));
    },
    async readShellFacts() {
      return readEnvironmentFile().shell ?? null;
    },
    async readReleaseFile(remote, version, file) {
      return read(folderKeys.releaseFile(remote, version, file));
    },
    async createReleaseFile(remote, version, file, body) {
      return create(folderKeys.releaseFile(remote, version, file), body);
    },
    async listReleases(remote) {
      const records = list(folderKeys.releases(remote))
        .filter((name) => name.endsWith(RECORD_SUFFIX))
        .map((name) => readRecord(remote, name));
      return records.filter((r): r is ReleaseRecord => r !== null).sort((a, b) => a.publishedAt.localeCompare(b.publishedAt));
    },
    async remotesWithReleases() {
      return list('releases');
    },
    async recordRelease(remote, record) {
      return { recorded: create(folderKeys.releaseRecord(remote, record.version), jsonBytes(record)), needsAcceptance: false };
    },
    async newestRevision(): Promise<RegistryState> {
      const [newest] = list(folderKeys.revisions).slice(-1);
      if (newest) {
        const key = `${folderKeys.revisions}/${newest}`;
        const bytes = read(key);
        if (!bytes) throw invalid(key, new Error('it vanished while being read'));
        try {
          const doc = revisionSchema.parse(JSON.parse(bytes.toString('utf8')));
          return { revision: doc.revision, registry: parseRegistry(doc.registry), remotes: doc.remotes, at: doc.at, actor: doc.actor, action: doc.action };
        } catch (error) {
          throw invalid(key, error);
        }
      }
      // No revision yet: start from the registry an older deploy wrote, if any.
      const legacy = read(folderKeys.registry);
      let registry: Registry = { schemaVersion: 1, environment: env.name, updatedAt: new Date().toISOString(), remotes: {} };
      if (legacy) {
        try {
          registry = parseRegistry(JSON.parse(legacy.toString('utf8')));
        } catch (error) {
          throw invalid(folderKeys.registry, error);
        }
      }
      return { revision: 0, registry, remotes: {}, at: null, actor: null, action: null };
    },
    async commitRevision(revision, { registry, remotes, action, note }) {
      // One developer on this machine: the note is all there is to say who.
      const doc = { revision, at: new Date().toISOString(), actor: note, action, registry, remotes };
      return create(folderKeys.revision(revision), jsonBytes(doc)) ? 'committed' : 'taken';
    },
    /**
     * Copies the newest revision to registry.json, again until no newer revision appeared
     * meanwhile: whichever writer copies last has seen the newest revision, so registry.json ends
     * at the newest. A revision whose writer stopped before copying it is copied by the next change.
     */
    async publishNewest() {
      let copied = -1;
      for (;;) {
        const state = await target.newestRevision();
        if (state.revision === copied) return state;
        writeFileAtomically(fileOf(folderKeys.registry), jsonBytes(state.registry));
        copied = state.revision;
      }
    },
    async liveRegistry() {
      const bytes = read(folderKeys.registry);
      if (!bytes) return null;
      try {
        return parseRegistry(JSON.parse(bytes.toString('utf8')));
      } catch (error) {
        throw invalid(folderKeys.registry, error);
      }
    },
    manifestUrl(remote, version) {
      const origin = originOf(remote);
      if (!origin) {
        throw new DeployError(DeployErrorCode.InvalidOption, `No origin is known for "${remote}" in ${env.root}; pass --origin <url> (where its files are served).`);
      }
      return `${origin}/${encodeURIComponent(version)}/mf-manifest.json`;
    },
    registryUrl() {
      const shell = originOf('shell');
      return shell ? `${shell}/registry.json` : null;
    },
    async assignedRoute() {
      return null;
    },
    async assertMayChange() {
      // Whoever can write the folder may change anything in it.
    },
  };
  return target;
}

