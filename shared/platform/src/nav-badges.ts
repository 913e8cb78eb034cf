// Badges on the shell's navigation: a remote puts a count on its OWN entry (unread messages, items
// waiting…) and the shell renders it beside the remote's title. The shell knows remotes only by
// name from the registry, so the badge is keyed by that name; a remote never touches another's.
import { createExternalStore } from './external-store.js';

export interface NavBadge {
  /** What the badge shows; 0 hides it. */
  count: number;
  /** What it means, for people who do not see it (e.g. "3 unread messages: Launch website 2, …"). */
  label: string;
}

export type NavBadgeMap = Readonly<Record<string, NavBadge>>;

export interface NavBadges {
  get(): NavBadgeMap;
  subscribe(listener: () => void): () => void;
  /** Sets (or, with null or a count of 0, clears) the badge of the remote `name`. */
  set(name: string, badge: NavBadge | null): void;
}

export function createNavBadges(): NavBadges {
  const store = createExternalStore<NavBadgeMap>({});
  return {
    get: store.get,
    subscribe: store.subscribe,
    set(name, badge) {
      if (badge && (!Number.isInteger(badge.count) || badge.count < 0)) {
        throw new RangeError(`A navigation badge counts whole things: ${badge.count} is not a count (remote "${name}").`);
      }
      store.update((current) => {
        const previous = current[name];
        if (!badge || badge.count === 0) {
          if (!previous) return current;
          const { [name]: _removed, ...rest } = current;
          return rest;
        }
        if (previous && previous.count === badge.count && previous.label === badge.label) return current;
        return { ...current, [name]: { count: badge.count, label: badge.label } };
      });
    },
  };
}
