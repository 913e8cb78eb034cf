import type { SupabaseClient } from '@supabase/supabase-js';
import type { PortalDatabase } from './team-database.js';
import { PortalError, PortalErrorCode } from './errors.js';
import { createEventBus, type EventBus, type PortalEvents } from './event-bus.js';
import { createExternalStore, type ExternalStore } from './external-store.js';
import { pushPath } from './navigation.js';
import { createNotificationCenter, type NotificationCenter } from './notifications.js';
import { createConnectionMonitor, type ConnectionMonitor, type ConnectionState } from './connection.js';
import { createNavBadges, type NavBadges } from './nav-badges.js';
import { createProfilePeople } from './presence-people.js';
import { createPresence, type PresenceStore } from './presence.js';
import { createProfilesStore, type ProfilesStore } from './profiles.js';
import { createChannelRegistry, type ChannelRegistry } from './realtime.js';
import type { RemoteStatus } from './remote-meta.js';
import { createSessionStore, type SessionStore } from './session-store.js';
import { CONTRACT_VERSION } from './version.js';

export interface NavigateOptions {
  replace?: boolean;
}

/** Everything the shell hands to every remote. One instance per page, installed by the shell. */
export interface Portal {
  readonly contractVersion: string;
  /** Typed by the portal's schema (`npm run gen:types`): `from()` and `rpc()` know every table and function. */
  readonly supabase: SupabaseClient<PortalDatabase>;
  readonly session: SessionStore;
  readonly events: EventBus<PortalEvents>;
  readonly notifications: NotificationCenter;
  readonly realtime: ChannelRegistry;
  /** Since contract 1.1: who is in the portal now (tracked once by the shell). */
  readonly presence: PresenceStore;
  /** Since contract 1.1: where the page's one realtime connection stands. */
  readonly connection: Pick<ExternalStore<ConnectionState>, 'get' | 'subscribe'>;
  /** Since contract 1.7: names and pictures of the people this person may see, followed live. */
  readonly profiles: ProfilesStore;
  /** Since contract 1.2: counts remotes put on their own navigation entry (the shell renders them). */
  readonly navBadges: NavBadges;
  /** The remotes the shell knows from the registry and where each stands. */
  readonly remotes: ExternalStore<readonly RemoteStatus[]>;
  navigate(to: string, options?: NavigateOptions): void;
  notify: NotificationCenter['notify'];
}

export interface PortalOptions {
  supabase: SupabaseClient<PortalDatabase>;
  navigate?: (to: string, options?: NavigateOptions) => void;
  /** The monitor whose realtime options the client was created with (the shell's); none in dev hosts and tests. */
  connection?: ConnectionMonitor;
}

export function createPortal({ supabase, navigate = pushPath, connection }: PortalOptions): Portal {
  const events = createEventBus<PortalEvents>();
  const notifications = createNotificationCenter();
  const session = createSessionStore(supabase.auth);
  session.subscribe(() => {
    const { event, user } = session.getSnapshot();
    if (event) events.emit('session:changed', { event, userId: user?.id ?? null });
  });
  const realtime = createChannelRegistry(supabase);
  const profiles = createProfilesStore(supabase, realtime, session);
  return {
    contractVersion: CONTRACT_VERSION,
    supabase,
    session,
    events,
    notifications,
    realtime,
    profiles,
    presence: createPresence(realtime, createProfilePeople(profiles)),
    connection: (connection ?? createConnectionMonitor({ socketClass: NO_SOCKET, network: null })).state,
    navBadges: createNavBadges(),
    remotes: createExternalStore<readonly RemoteStatus[]>([]),
    navigate(to, options) {
      navigate(to, options);
      events.emit('portal:navigated', { path: to });
    },
    notify: notifications.notify,
  };
}

/** A client created without a monitor is not observed: its connection reads as idle. */
const NO_SOCKET = class {
  addEventListener(): void {}
};

// Module state is the point: `@portal/platform` is a Module Federation singleton provided by the
// shell, so every remote reads this same variable.
let installed: Portal | null = null;

export function installPortal(portal: Portal): Portal {
  installed = portal;
  return portal;
}

export function uninstallPortal(): void {
  installed = null;
}

export function getPortal(): Portal {
  if (!installed) {
    throw new PortalError(
      PortalErrorCode.NotInstalled,
      'The portal is not installed: the shell (or a dev host) must call installPortal() before any remote runs. ' +
        'If a remote bundled its own copy of @portal/platform, it cannot see the shell’s; share it as a singleton with import: false.',
    );
  }
  return installed;
}

/** Navigates inside the portal without a reload (the shell's navigate once installed). */
export function navigate(to: string, options?: NavigateOptions): void {
  if (installed) installed.navigate(to, options);
  else pushPath(to, options);
}
