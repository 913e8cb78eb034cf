/**
 * What a route needs from the session: nothing, a signed-in session (aal1), or a session that
 * passed a second factor (aal2). The shell gates the route; the remote need not check again.
 */
export type RequiredAuth = 'none' | 'aal1' | 'aal2';

/** The metadata block a remote ships; the deploy step copies it into the registry. */
export interface RemoteMeta {
  /** Module Federation container name and registry key: lower case, letters/digits/underscore. */
  name: string;
  title: string;
  /** Route prefix the remote owns, e.g. `/account`. */
  route: string;
  /** A short icon name from @portal/ui's set (optional). */
  icon?: string;
  /** The semver range of the platform contract the remote needs, e.g. `^1.0.0`. */
  contract: string;
  auth: RequiredAuth;
  /** One line for the home page and navigation tooltips. */
  description?: string;
  /** Since contract 1.2: an exposed module the shell runs while the person may use the remote (`./background`). */
  background?: string;
}

/** Where a remote stands in the shell, as the status page shows it. */
export type RemoteState =
  | 'registered'
  | 'preloading'
  | 'preloaded'
  | 'loading'
  | 'mounted'
  | 'unmounted'
  /** Not loaded on purpose: its contract range does not accept the shell's platform. */
  | 'blocked'
  | 'failed';

export interface RemoteStatus {
  name: string;
  title: string;
  route: string;
  icon?: string;
  description?: string;
  auth: RequiredAuth;
  version: string;
  manifestUrl: string;
  /** The contract range the remote declared. */
  contract: string;
  /** True when this browser was assigned the canary release. */
  canary: boolean;
  state: RemoteState;
  /** Milliseconds from asking for the remote to having its lifecycles (first load only). */
  loadMs: number | null;
  error: { code: string; step: string; message: string } | null;
}
