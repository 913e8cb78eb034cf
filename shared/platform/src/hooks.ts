import type { SupabaseClient, User } from '@supabase/supabase-js';
import { useSyncExternalStore } from 'react';
import type { ConnectionState } from './connection.js';
import type { PortalDatabase } from './team-database.js';
import type { NavBadgeMap } from './nav-badges.js';
import type { PortalNotification } from './notifications.js';
import { getPortal, type Portal } from './portal.js';
import type { PresenceSnapshot } from './presence.js';
import type { PersonProfile, ProfilesSnapshot } from './profiles.js';
import type { RemoteStatus } from './remote-meta.js';
import type { AuthenticatorAssuranceLevel, SessionSnapshot } from './session-store.js';

export interface PortalView extends Portal {
  /** The live session snapshot (status, session, user, aal). */
  auth: SessionSnapshot;
  user: User | null;
}

/** The session as one snapshot; re-renders on sign-in, refresh and sign-out. */
export function useAuth(): SessionSnapshot {
  const { session } = getPortal();
  return useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot);
}

export function usePortal(): PortalView {
  const portal = getPortal();
  const auth = useAuth();
  return { ...portal, auth, user: auth.user };
}

export function useSupabase(): SupabaseClient<PortalDatabase> {
  return getPortal().supabase;
}

export function useSession(): SessionSnapshot['session'] {
  return useAuth().session;
}

export function useUser(): User | null {
  return useAuth().user;
}

export function useAal(): AuthenticatorAssuranceLevel | null {
  return useAuth().aal;
}

export function useNotifications(): readonly PortalNotification[] {
  const { notifications } = getPortal();
  return useSyncExternalStore(notifications.subscribe, notifications.list, notifications.list);
}

export function useRemotes(): readonly RemoteStatus[] {
  const { remotes } = getPortal();
  return useSyncExternalStore(remotes.subscribe, remotes.get, remotes.get);
}

/** Since contract 1.1: who is in the portal now, on which routes (the shell tracks this tab). */
export function usePresence(): PresenceSnapshot {
  const { presence } = getPortal();
  return useSyncExternalStore(presence.subscribe, presence.getSnapshot, presence.getSnapshot);
}

/** Since contract 1.1: the page's realtime connection (connected, reconnecting, offline…). */
export function useConnection(): ConnectionState {
  const { connection } = getPortal();
  return useSyncExternalStore(connection.subscribe, connection.get, connection.get);
}

/** Since contract 1.2: the navigation badges, by remote name (the shell renders them). */
export function useNavBadges(): NavBadgeMap {
  const { navBadges } = getPortal();
  return useSyncExternalStore(navBadges.subscribe, navBadges.get, navBadges.get);
}

/**
 * Since contract 1.7: the names and pictures of the people this person may see (their own
 * included), read once for the page and followed live (a name saved anywhere shows without a reload).
 */
export function useProfiles(): ProfilesSnapshot {
  const { profiles } = getPortal();
  return useSyncExternalStore(profiles.subscribe, profiles.getSnapshot, profiles.getSnapshot);
}

/** Since contract 1.7: one person's profile (null until read, or when they are not someone this person may see). */
export function useProfile(userId: string | null | undefined): PersonProfile | null {
  const { profiles } = useProfiles();
  return userId ? (profiles.get(userId) ?? null) : null;
}
