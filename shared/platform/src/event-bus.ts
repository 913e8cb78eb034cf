/**
 * Events every app may send or hear. Remotes add their own by declaration merging:
 *   declare module '@portal/platform' { interface PortalEvents { 'files:uploaded': { path: string } } }
 */
export interface PortalEvents {
  /** The location changed inside the portal (no page reload). */
  'portal:navigated': { path: string };
  /** The session changed (sign-in, refresh, sign-out). */
  'session:changed': { event: string; userId: string | null };
  /** A remote failed to load, mount or render. */
  'remote:failed': { remote: string; step: string; message: string };
}

export type EventHandler<T> = (payload: T) => void;

export interface EventBus<Events> {
  emit<K extends keyof Events>(type: K, payload: Events[K]): void;
  /** Returns the function that stops listening. */
  on<K extends keyof Events>(type: K, handler: EventHandler<Events[K]>): () => void;
}

export function createEventBus<Events>(): EventBus<Events> {
  const handlers = new Map<keyof Events, Set<EventHandler<never>>>();
  return {
    emit(type, payload) {
      for (const handler of [...(handlers.get(type) ?? [])]) {
        try {
          (handler as EventHandler<typeof payload>)(payload);
        } catch (error) {
          // One remote's failing listener must not stop the others hearing the event;
          // rethrow outside the loop so the error is still reported.
          queueMicrotask(() => {
            throw error;
          });
        }
      }
    },
    on(type, handler) {
      let set = handlers.get(type);
      if (!set) handlers.set(type, (set = new Set()));
      set.add(handler as EventHandler<never>);
      return () => {
        set.delete(handler as EventHandler<never>);
      };
    },
  };
}
