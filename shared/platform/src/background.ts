// A remote's always-on part. Some of a remote's work must go on while another remote is on
// screen (counting unread messages for its navigation badge, say). A remote that declares
// `background` in its metadata exposes that module; the shell loads it once the person may use
// the remote (signed in at the remote's auth level), starts it, and stops it when that ends
// (sign-out, another person). It runs on the portal's one client and socket, through getPortal().
import type { NavBadge } from './nav-badges.js';

export interface RemoteBackgroundProps {
  /** The remote's registry name. */
  name: string;
  /** Sets or clears this remote's badge on the shell's navigation. */
  setNavBadge(badge: NavBadge | null): void;
}

/** Returns what stops it (release channels, timers); the shell calls it once. */
export type StartRemoteBackground = (props: RemoteBackgroundProps) => () => void | Promise<void>;

/** What the exposed module exports. */
export interface RemoteBackgroundModule {
  start: StartRemoteBackground;
}

/** Types a background module's `start` (an identity function, as `defineRemote` is for apps). */
export function defineBackground(start: StartRemoteBackground): RemoteBackgroundModule {
  return { start };
}
