// Whom the signed-in person may see in presence, and when that may have changed: the page's one
// profiles store (`profiles.ts`), whose rows under RLS are exactly those people (one's own and the
// profiles of people sharing a project: the same `shares_project_with` that authorises joining
// their presence topic), with the names and pictures the page shows.
import type { PersonProfile, ProfilesStore } from './profiles.js';

export { MEMBERSHIP_TOPIC } from './profiles.js';

/** A person this one may see, as their profile has them. */
export type PresenceProfile = PersonProfile;

/** Where the presence store learns whom it may see. */
export interface PresencePeople {
  /** Oneself and everyone sharing a project with one, with names and pictures. Rejects on failure. */
  read(): Promise<PresenceProfile[]>;
  /** Calls back whenever whom one may see (or how they are named) may have changed; returns the function that stops. */
  follow(onChange: () => void): () => void;
}

export function createProfilePeople(profiles: Pick<ProfilesStore, 'read' | 'follow'>): PresencePeople {
  return { read: () => profiles.read(), follow: (onChange) => profiles.follow(onChange) };
}
