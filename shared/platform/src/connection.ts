// Where the page's one realtime connection stands, for the chrome and for remotes
// (`useConnection()`). Observed through the two realtime-js options made for it: the socket
// class (`transport`: opened, closed) and the reconnect backoff (`reconnectAfterMs`: called with
// the attempt number exactly when the client schedules its next attempt).
import type { RealtimeClientOptions } from '@supabase/supabase-js';
import { createExternalStore, type ExternalStore } from './external-store.js';

export type ConnectionState =
  /** No socket: nothing on the page listens (signed out, no channel). */
  | { status: 'idle' }
  | { status: 'connecting' }
  | { status: 'connected'; since: number }
  /** The socket dropped; `nextAttemptAt` (epoch ms) is when the client tries again. */
  | { status: 'reconnecting'; attempt: number; scheduledAt: number; nextAttemptAt: number }
  /** The browser reports no network; the client reconnects once it is back. */
  | { status: 'offline' };

/** The least a socket class must offer to be observed (the browser's WebSocket, `ws`). */
export interface ObservableSocket {
  addEventListener(type: 'open' | 'close', listener: () => void): void;
}
export type SocketClass = new (url: string | URL, protocols?: string | string[]) => ObservableSocket;

export interface ConnectionMonitor {
  readonly state: ExternalStore<ConnectionState>;
  /** Pass to `createClient(url, key, { realtime: monitor.realtimeOptions })`. */
  readonly realtimeOptions: Required<Pick<RealtimeClientOptions, 'transport' | 'reconnectAfterMs'>>;
  dispose(): void;
}

/** realtime-js's own steps (1, 2, 5, 10 s), kept so observing changes nothing. */
export const RECONNECT_STEPS_MS = [1000, 2000, 5000, 10000];
export function defaultReconnectAfterMs(tries: number): number {
  return RECONNECT_STEPS_MS[tries - 1] ?? 10000;
}

export interface ConnectionMonitorOptions {
  socketClass?: SocketClass;
  reconnectAfterMs?: (tries: number) => number;
  now?: () => number;
  /** Where `online`/`offline` events come from (the window); none in Node. */
  network?: { onLine: () => boolean; target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> } | null;
}

function browserNetwork(): ConnectionMonitorOptions['network'] {
  if (typeof window === 'undefined' || typeof navigator === 'undefined') return null;
  return { onLine: () => navigator.onLine, target: window };
}

export function createConnectionMonitor(options: ConnectionMonitorOptions = {}): ConnectionMonitor {
  const Base: SocketClass | undefined = options.socketClass ?? (globalThis.WebSocket as unknown as SocketClass | undefined);
  if (!Base) throw new Error('No WebSocket class: pass socketClass (e.g. the ws package in Node).');
  const backoff = options.reconnectAfterMs ?? defaultReconnectAfterMs;
  const now = options.now ?? Date.now;
  const network = options.network === undefined ? browserNetwork() : options.network;

  /** What the socket says; the published state also weighs the network. */
  let socketState: ConnectionState = { status: 'idle' };
  const state = createExternalStore<ConnectionState>(socketState);
  const publish = () => state.set(network && !network.onLine() ? { status: 'offline' } : socketState);
  const setSocketState = (next: ConnectionState) => {
    socketState = next;
    publish();
  };

  let current: ObservableSocket | null = null;
  const transport = class extends Base {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      // Only the newest socket speaks: a torn-down one may still report its close later.
      current = this;
      if (socketState.status !== 'reconnecting') setSocketState({ status: 'connecting' });
      this.addEventListener('open', () => {
        if (current === this) setSocketState({ status: 'connected', since: now() });
      });
      this.addEventListener('close', () => {
        // realtime-js schedules its next attempt (reconnectAfterMs) in its own close handler,
        // which runs after this one; a close it does not follow up was meant (no channels left).
        if (current === this && socketState.status !== 'reconnecting') setSocketState({ status: 'idle' });
      });
    }
  };

  const reconnectAfterMs = (tries: number) => {
    const delay = backoff(tries);
    const at = now();
    setSocketState({ status: 'reconnecting', attempt: tries, scheduledAt: at, nextAttemptAt: at + delay });
    return delay;
  };

  network?.target.addEventListener('online', publish);
  network?.target.addEventListener('offline', publish);
  publish();
  return {
    state,
    realtimeOptions: { transport: transport as unknown as NonNullable<RealtimeClientOptions['transport']>, reconnectAfterMs },
    dispose() {
      network?.target.removeEventListener('online', publish);
      network?.target.removeEventListener('offline', publish);
    },
  };
}
