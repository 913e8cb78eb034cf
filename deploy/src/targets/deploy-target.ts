// Where an environment lives, as everything above it sees it: release files, release records and
// the registry's revisions. Two kinds (docs/deploy-teams.md):
//   folder   one developer on this machine (deploy/dist/local): files, nobody checked
//   project  a Supabase project shared by teams: release files in its storage, records and
//            revisions in its database, every change checked there against who calls
// Releases, the registry's compare-and-swap and status are written once for both.
import type { Registry } from '@portal/platform/registry';
import type { CachePolicy } from '../cache-policy.js';
import type { RegistryState } from '../registry-revision.js';
import type { ReleaseRecord } from '../releases.js';
import type { ShellFacts } from '../shell-facts.js';

/** A registry change as a revision holds it, before the target stamps who and when. */
export interface RevisionProposal {
  registry: Registry;
  remotes: RegistryState['remotes'];
  /** What happened: "promote account@1.2.0+3f2a9c1d". */
  action: string;
  /** A note beside the identity (the folder's only identity: whatever the developer typed). */
  note: string;
}

export interface DeployTarget {
  readonly kind: 'folder' | 'project';
  /** For messages: "folder /…/deploy/dist/local", "environment portal of http://127.0.0.1:54321". */
  readonly description: string;
  /** The environment's name (a folder's name, a project environment's bucket). */
  readonly environmentName: string;

  /** The platform contract the environment's shell provides, or null when nobody recorded it. */
  readShellContract(): Promise<string | null>;
  /** Records the contract, and what the shell provides when known (its portal-shell.json). */
  recordShellContract(version: string, facts?: ShellFacts): Promise<void>;
  /**
   * What the environment's shell provides (contract, shared singletons' versions), or null when
   * not recorded: a folder keeps it from the shell published into it or `init --shell`; a project
   * records the contract only, and a team checks the rest against the portal with `build --portal`.
   */
  readShellFacts(): Promise<ShellFacts | null>;

  /** A file of a release, or null when there is none. */
  readReleaseFile(remote: string, version: string, file: string): Promise<Buffer | null>;
  /** Adds a file to a release only when none has that name: false when one has. */
  createReleaseFile(remote: string, version: string, file: string, body: Buffer, cache: CachePolicy): Promise<boolean>;
  /** Every recorded release of a remote, oldest first. */
  listReleases(remote: string): Promise<ReleaseRecord[]>;
  /** Remotes with at least one recorded release. */
  remotesWithReleases(): Promise<string[]>;
  /**
   * Records a release once all its files are in place; false when that version was recorded
   * before (releases are immutable). Answers whether it waits for a platform owner's acceptance.
   */
  recordRelease(remote: string, record: ReleaseRecord): Promise<{ recorded: boolean; needsAcceptance: boolean }>;

  /** The newest revision of the registry (revision 0 before the first change). */
  newestRevision(): Promise<RegistryState>;
  /**
   * Commits revision `revision` on top of `revision - 1`: 'taken' when another writer committed
   * it first (the change is then made again on top of theirs).
   */
  commitRevision(revision: number, proposal: RevisionProposal): Promise<'committed' | 'taken'>;
  /** Makes the newest revision what browsers read (a folder copies it to registry.json); answers it. */
  publishNewest(): Promise<RegistryState>;
  /** The registry browsers read right now, or null before the first change. */
  liveRegistry(): Promise<Registry | null>;

  /**
   * How the registry names a release's manifest: relative to where its files are when the
   * registry's reader resolves it there (a project), an absolute URL when the remote has an
   * origin of its own (a folder).
   */
  manifestUrl(remote: string, version: string): string;
  /** Where browsers fetch the registry from, when known. */
  registryUrl(): string | null;
  /**
   * The route a remote must claim: a project's platform owners give each remote its route; a
   * folder takes the remote's own (null).
   */
  assignedRoute(remote: string): Promise<string | null>;
  /** Refuses, with the reason and who may, when the caller may not publish or change `remote`. */
  assertMayChange(remote: string): Promise<void>;
}
