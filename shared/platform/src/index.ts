// @portal/platform — the contract between the shell and the remotes
// (docs/architecture.md#the-platform-contract). Provided by the shell only: remotes share it as a
// singleton with `import: false`.
export { CONTRACT_VERSION } from './version.js';
export { PortalError, PortalErrorCode, isPortalError, describeError } from './errors.js';
export { createExternalStore, type ExternalStore } from './external-store.js';
export type { TeamDatabase, PortalDatabase, MergeDatabases } from './team-database.js';
export {
  createSessionStore,
  snapshotOf,
  aalOf,
  type AuthStatus,
  type AuthenticatorAssuranceLevel,
  type SessionSnapshot,
  type SessionStore,
} from './session-store.js';
export { createEventBus, type EventBus, type EventHandler, type PortalEvents } from './event-bus.js';
export {
  createNotificationCenter,
  type NotificationCenter,
  type NotificationAction,
  type NotificationInput,
  type NotificationTone,
  type PortalNotification,
} from './notifications.js';
export {
  createChannelRegistry,
  type BroadcastMessage,
  type ChannelLease,
  type ChannelRegistry,
  type ChannelStatus,
  type ChannelStatusListener,
  type PostgresChangesFilter,
} from './realtime.js';
export {
  createPresence,
  presenceTopic,
  PRESENCE_TOPIC_PREFIX,
  tabsFrom,
  UNNAMED,
  type PresenceIdentity,
  type PresenceMeta,
  type PresenceSnapshot,
  type PresenceStatus,
  type PresenceStore,
  type PresentPerson,
  type TrackedTab,
} from './presence.js';
export { createProfilePeople, type PresencePeople, type PresenceProfile } from './presence-people.js';
export { createProfilesStore, nameOf, MEMBERSHIP_TOPIC, type PersonProfile, type ProfilesSnapshot, type ProfilesStore } from './profiles.js';
export {
  createConnectionMonitor,
  defaultReconnectAfterMs,
  type ConnectionMonitor,
  type ConnectionMonitorOptions,
  type ConnectionState,
} from './connection.js';
export { createNavBadges, type NavBadge, type NavBadgeMap, type NavBadges } from './nav-badges.js';
export {
  defineBackground,
  type RemoteBackgroundModule,
  type RemoteBackgroundProps,
  type StartRemoteBackground,
} from './background.js';
export { pushPath, useLocation, interceptLinkClicks, type PortalLocation } from './navigation.js';
export type { RemoteMeta, RequiredAuth, RemoteState, RemoteStatus } from './remote-meta.js';
export {
  createPortal,
  installPortal,
  uninstallPortal,
  getPortal,
  navigate,
  type Portal,
  type PortalOptions,
  type NavigateOptions,
} from './portal.js';
export {
  usePortal,
  useAuth,
  useSupabase,
  useSession,
  useUser,
  useAal,
  useNotifications,
  useRemotes,
  usePresence,
  useConnection,
  useNavBadges,
  useProfiles,
  useProfile,
  type PortalView,
} from './hooks.js';
export { useReconnects, useRetryWhenBack } from './reconnects.js';
export { RemoteErrorBoundary, DefaultErrorFallback, type ErrorFallbackProps, type RemoteErrorBoundaryProps } from './error-boundary.js';
export {
  defineRemote,
  type RemoteLifecycles,
  type RemoteLifecycleProps,
  type RemoteRootProps,
  type DefineRemoteOptions,
} from './define-remote.js';
export { registerDebugHandle, debugHandles, type DebugHandle } from './debug-handles.js';
export {
  defineParcel,
  RemoteParcel,
  loadRemoteModule,
  provideRemoteModuleLoader,
  ParcelHostContext,
  type MountParcel,
  type MountedParcel,
  type ParcelLifecycles,
  type ParcelMountProps,
  type RemoteParcelProps,
} from './parcels.js';
export type {
  ParcelContracts,
  ParcelName,
  ParcelProps,
  RemoteParcelPropsOf,
  UploadParcelLimits,
  UploadParcelProps,
} from './parcel-contracts.js';
