import { createExternalStore } from './external-store.js';

export type NotificationTone = 'info' | 'success' | 'warning' | 'danger';

/** Since contract 1.7: a link the notification offers ("Open the room"); a shell before 1.7 shows the notification without it. */
export interface NotificationAction {
  label: string;
  /** A path in the portal, opened without a reload. */
  href: string;
}

export interface NotificationInput {
  tone?: NotificationTone;
  title: string;
  message?: string;
  action?: NotificationAction;
  /** Milliseconds before it goes away by itself; `null` keeps it until dismissed. */
  timeoutMs?: number | null;
}

export interface PortalNotification {
  id: number;
  tone: NotificationTone;
  title: string;
  message?: string;
  action?: NotificationAction;
}

export interface NotificationCenter {
  notify(input: NotificationInput): number;
  dismiss(id: number): void;
  list(): readonly PortalNotification[];
  subscribe(listener: () => void): () => void;
}

const DEFAULT_TIMEOUT_MS = 5000;

/** Toasts any app may raise; the shell renders them once, for everyone. */
export function createNotificationCenter(): NotificationCenter {
  const store = createExternalStore<readonly PortalNotification[]>([]);
  let nextId = 1;
  const center: NotificationCenter = {
    notify({ tone = 'info', title, message, timeoutMs, action }) {
      const id = nextId++;
      const notification: PortalNotification = { id, tone, title, ...(message === undefined ? {} : { message }), ...(action ? { action } : {}) };
      store.update((list) => [...list, notification]);
      // Errors stay until read; everything else leaves by itself.
      const timeout = timeoutMs === undefined ? (tone === 'danger' ? null : DEFAULT_TIMEOUT_MS) : timeoutMs;
      if (timeout !== null) setTimeout(() => center.dismiss(id), timeout);
      return id;
    },
    dismiss(id) {
      store.update((list) => (list.some((n) => n.id === id) ? list.filter((n) => n.id !== id) : list));
    },
    list: store.get,
    subscribe: store.subscribe,
  };
  return center;
}
