// Where the page's connection to the backend stands, for the chrome and for remotes
// (`useConnection()`). The realtime socket is observed through the realtime-js options made for
// it: the socket class (`transport`: opened, closed) and the reconnect backoff
// (`reconnectAfterMs`: called with the attempt number exactly when the client schedules its next
// attempt). The HTTP API is observed through the client's `fetch`: a request that fails without
// an answer, or a socket that drops, has the backend's health endpoint asked; while that gets no
// answer the page is offline, and it is asked again on the same backoff until it answers.
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
  | { status: 'offline'; reason: 'network' }
  /**
   * Since contract 1.3: the backend's HTTP API does not answer (stopped, unreachable);
   * `nextAttemptAt` (epoch ms) is when it is asked again. Back by itself once it answers.
   */
  | { status: 'offline'; reason: 'backend'; attempt: number; scheduledAt: number; nextAttemptAt: number };

/** The least a socket class must offer to be observed (the browser's WebSocket, `ws`). */
export interface ObservableSocket {
  addEventListener(type: 'open' | 'close', listener: () => void): void;
}
export type SocketClass = new (url: string | URL, protocols?: string | string[]) => ObservableSocket;

export interface ConnectionMonitor {
  readonly state: ExternalStore<ConnectionState>;
  /** Pass to `createClient(url, key, { realtime: monitor.realtimeOptions })`. */
  readonly realtimeOptions: Required<Pick<RealtimeClientOptions, 'transport' | 'reconnectAfterMs' | 'heartbeatIntervalMs'>>;
  /** Pass to `createClient(url, key, { global: { fetch: monitor.fetch } })`: the HTTP API is watched through it. */
  readonly fetch: typeof fetch;
  dispose(): void;
}

/** realtime-js's own steps (1, 2, 5, 10 s), kept so observing changes nothing. */
export const RECONNECT_STEPS_MS = [1000, 2000, 5000, 10000];
export function defaultReconnectAfterMs(tries: number): number {
  return RECONNECT_STEPS_MS[tries - 1] ?? 10000;
}

/**
 * The page's realtime heartbeat (realtime-js beats every 25 s): a socket whose network dropped is
 * noticed by the page within two beats, and the emulator, which closes a silent socket after
 * `[realtime] heartbeat_timeout`, lets the person's presence go within seconds.
 */
export const HEARTBEAT_INTERVAL_MS = 5000;

/** GoTrue's health endpoint: answers without a session, on the emulator and on a hosted project. */
export const HEALTH_PATH = '/auth/v1/health';
/** A health check that has no answer by then counts as unanswered (a dropped network hangs). */
export const HEALTH_TIMEOUT_MS = 5000;

export interface ConnectionMonitorOptions {
  socketClass?: SocketClass;
  reconnectAfterMs?: (tries: number) => number;
  now?: () => number;
  /** Where `online`/`offline` events come from (the window); none in Node. */
  network?: { onLine: () => boolean; target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> } | null;
  /** The backend whose health is checked when a request or the socket fails; none: not checked. */
  backend?: { url: string; apiKey: string } | null;
  /** The fetch requests go through (the browser's by default). */
  fetch?: typeof fetch;
}

function browserNetwork(): ConnectionMonitorOptions['network'] {
  if (typeof window === 'undefined' || typeof navigator === 'undefined') return null;
  return { onLine: () => navigator.onLine, target: window };
}

/** A failure the caller asked for (an abort) says nothing about the backend. */
function isAbort(error: unknown, init: RequestInit | undefined): boolean {
  return init?.signal?.aborted === true || (error instanceof Error && error.name === 'AbortError');
}

type Backend = { reachable: true } | { reachable: false; attempt: number; scheduledAt: number; nextAttemptAt: number };

export function createConnectionMonitor(options: ConnectionMonitorOptions = {}): ConnectionMonitor {
  const Base: SocketClass | undefined = options.socketClass ?? (globalThis.WebSocket as unknown as SocketClass | undefined);
  if (!Base) throw new Error('No WebSocket class: pass socketClass (e.g. the ws package in Node).');
  const backoff = options.reconnectAfterMs ?? defaultReconnectAfterMs;
  const now = options.now ?? Date.now;
  const network = options.network === undefined ? browserNetwork() : options.network;
  const backendTarget = options.backend ?? null;
  const baseFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  /** What the socket says; the published state also weighs the network and the backend. */
  let socketState: ConnectionState = { status: 'idle' };
  let backend: Backend = { reachable: true };
  const state = createExternalStore<ConnectionState>(socketState);
  const publish = () => {
    if (network && !network.onLine()) state.set({ status: 'offline', reason: 'network' });
    else if (!backend.reachable) {
      const { attempt, scheduledAt, nextAttemptAt } = backend;
      state.set({ status: 'offline', reason: 'backend', attempt, scheduledAt, nextAttemptAt });
    } else state.set(socketState);
  };
  const setSocketState = (next: ConnectionState) => {
    socketState = next;
    publish();
  };

  let checking = false;
  /** How many answers (a request's, the health endpoint's, a socket's open) the page has had. */
  let answers = 0;
  let nextCheck: ReturnType<typeof setTimeout> | null = null;
  let disposed = false;

  const answered = () => {
    answers += 1;
    if (nextCheck) clearTimeout(nextCheck);
    nextCheck = null;
    if (backend.reachable) return;
    backend = { reachable: true };
    publish();
  };

  const unanswered = () => {
    const attempt = backend.reachable ? 1 : backend.attempt + 1;
    const delay = backoff(attempt);
    const at = now();
    backend = { reachable: false, attempt, scheduledAt: at, nextAttemptAt: at + delay };
    nextCheck = setTimeout(() => void checkBackend(), delay);
    publish();
  };

  /** Asks the health endpoint once (one check at a time); its answer decides reachable or not. */
  async function checkBackend(): Promise<void> {
    if (!backendTarget || checking || disposed) return;
    checking = true;
    if (nextCheck) clearTimeout(nextCheck);
    nextCheck = null;
    const answersBefore = answers;
    const ok = await baseFetch(`${backendTarget.url.replace(/\/+$/, '')}${HEALTH_PATH}`, {
      headers: { apikey: backendTarget.apiKey },
      cache: 'no-store',
      signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
    }).then(
      () => true,
      () => false,
    );
    checking = false;
    if (disposed) return;
    // A check that failed after something else got an answer (it was sent, and hung, while the
    // network was still down) is older news than that answer: the backend stays reachable.
    if (ok || answers !== answersBefore) answered();
    else unanswered();
  }

  /** Something failed without an answer: check the backend now, unless a check is already planned. */
  const suspectBackend = () => {
    if (backend.reachable) void checkBackend();
  };

  let current: ObservableSocket | null = null;
  const transport = class extends Base {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      // Only the newest socket speaks: a torn-down one may still report its close later.
      current = this;
      if (socketState.status !== 'reconnecting') setSocketState({ status: 'connecting' });
      this.addEventListener('open', () => {
        if (current !== this) return;
        answered();
        setSocketState({ status: 'connected', since: now() });
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
    suspectBackend();
    return delay;
  };

  const observedFetch: typeof fetch = async (input, init) => {
    try {
      const response = await baseFetch(input, init);
      answered();
      return response;
    } catch (error) {
      if (!isAbort(error, init)) suspectBackend();
      throw error;
    }
  };

  const onNetworkChange = () => {
    publish();
    // The network is back: ask the backend now rather than at the next planned check.
    if (!backend.reachable && (!network || network.onLine())) void checkBackend();
  };
  network?.target.addEventListener('online', onNetworkChange);
  network?.target.addEventListener('offline', onNetworkChange);
  publish();
  return {
    state,
    realtimeOptions: {
      transport: transport as unknown as NonNullable<RealtimeClientOptions['transport']>,
      reconnectAfterMs,
      heartbeatIntervalMs: HEARTBEAT_INTERVAL_MS,
    },
    fetch: observedFetch,
    dispose() {
      disposed = true;
      if (nextCheck) clearTimeout(nextCheck);
      network?.target.removeEventListener('online', onNetworkChange);
      network?.target.removeEventListener('offline', onNetworkChange);
    },
  };
}
