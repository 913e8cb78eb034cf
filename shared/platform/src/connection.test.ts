import { createConnectionMonitor, HEALTH_PATH, HEARTBEAT_INTERVAL_MS, type ObservableSocket } from './connection.js';

class FakeSocket implements ObservableSocket {
  static last: FakeSocket | null = null;
  private readonly listeners: Record<string, (() => void)[]> = {};
  constructor(readonly url: string | URL) {
    FakeSocket.last = this;
  }
  addEventListener(type: 'open' | 'close', listener: () => void): void {
    (this.listeners[type] ??= []).push(listener);
  }
  fire(type: 'open' | 'close'): void {
    for (const listener of this.listeners[type] ?? []) listener();
  }
}

function setup(onLine = true) {
  let clock = 1_000;
  const network = { online: onLine, target: new EventTarget() };
  const monitor = createConnectionMonitor({
    socketClass: FakeSocket,
    now: () => clock,
    network: { onLine: () => network.online, target: network.target },
  });
  const Transport = monitor.realtimeOptions.transport as unknown as new (url: string) => FakeSocket;
  return {
    monitor,
    open: () => {
      new Transport('ws://x');
      return FakeSocket.last!;
    },
    tick: (ms: number) => (clock += ms),
    network,
  };
}

describe('connection monitor (the page’s one realtime socket)', () => {
  it('follows connecting → connected → reconnecting with the next attempt time → connected', () => {
    const { monitor, open, tick } = setup();
    expect(monitor.state.get()).toEqual({ status: 'idle' });
    const first = open();
    expect(monitor.state.get()).toEqual({ status: 'connecting' });
    first.fire('open');
    expect(monitor.state.get()).toEqual({ status: 'connected', since: 1_000 });

    first.fire('close');
    // realtime-js asks its backoff in its own close handler, right after ours.
    expect(monitor.realtimeOptions.reconnectAfterMs(1)).toBe(1000);
    expect(monitor.state.get()).toEqual({ status: 'reconnecting', attempt: 1, scheduledAt: 1_000, nextAttemptAt: 2_000 });

    tick(1000);
    const second = open(); // the attempt itself stays "reconnecting"
    expect(monitor.state.get().status).toBe('reconnecting');
    second.fire('close');
    monitor.realtimeOptions.reconnectAfterMs(2);
    expect(monitor.state.get()).toEqual({ status: 'reconnecting', attempt: 2, scheduledAt: 2_000, nextAttemptAt: 4_000 });

    tick(2000);
    const third = open();
    third.fire('open');
    expect(monitor.state.get()).toEqual({ status: 'connected', since: 4_000 });
  });

  it('reads a close nobody follows up (no channels left) as idle, and ignores a torn-down socket', () => {
    const { monitor, open } = setup();
    const old = open();
    old.fire('open');
    const fresh = open();
    fresh.fire('open');
    old.fire('close'); // the previous socket closing late changes nothing
    expect(monitor.state.get().status).toBe('connected');
    fresh.fire('close');
    expect(monitor.state.get()).toEqual({ status: 'idle' });
  });

  it('says offline while the browser has no network, whatever the socket says', () => {
    const { monitor, open, network } = setup();
    open().fire('open');
    network.online = false;
    network.target.dispatchEvent(new Event('offline'));
    expect(monitor.state.get()).toEqual({ status: 'offline', reason: 'network' });
    network.online = true;
    network.target.dispatchEvent(new Event('online'));
    expect(monitor.state.get().status).toBe('connected');
  });

  it('beats every 5 s on the socket, so a dropped network is noticed within seconds', () => {
    const { monitor } = setup();
    expect(monitor.realtimeOptions.heartbeatIntervalMs).toBe(HEARTBEAT_INTERVAL_MS);
    expect(HEARTBEAT_INTERVAL_MS).toBe(5000);
  });
});

describe('connection monitor (the backend’s HTTP API)', () => {
  const API = 'http://api.test';
  /** Lets the monitor's promise chains run (the fetches below settle at once). */
  const settle = () => new Promise<void>((resolve) => jest.requireActual<typeof import('timers')>('timers').setImmediate(resolve));

  function withBackend() {
    let clock = 1_000;
    const health: { answers: boolean; held: ((answer: 'fail' | 'answer') => void) | null; hold: boolean } = { answers: false, held: null, hold: false };
    const calls: { url: string; apikey: string | null }[] = [];
    const fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push({ url, apikey: new Headers(init?.headers).get('apikey') });
      if (url.endsWith(HEALTH_PATH) && health.hold) {
        // Held (a dropped network hangs) until the test lets it fail or answer.
        return new Promise<Response>((resolve, reject) => {
          health.held = (answer) => (answer === 'answer' ? resolve(new Response('{}', { status: 200 })) : reject(new TypeError('Failed to fetch')));
        });
      }
      if (url.endsWith(HEALTH_PATH) && health.answers) return new Response('{}', { status: 200 });
      if (url.endsWith('/rest/v1/slow')) {
        return new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
      }
      if (url.endsWith('/rest/v1/ok')) return new Response('[]', { status: 200 });
      throw new TypeError('Failed to fetch');
    });
    const monitor = createConnectionMonitor({
      socketClass: FakeSocket,
      now: () => clock,
      network: null,
      backend: { url: `${API}/`, apiKey: 'anon-key' },
      fetch: fetch as unknown as typeof globalThis.fetch,
    });
    const Transport = monitor.realtimeOptions.transport as unknown as new (url: string) => FakeSocket;
    return {
      monitor,
      health,
      healthChecks: () => calls.filter((call) => call.url === `${API}${HEALTH_PATH}`),
      tick: (ms: number) => {
        clock += ms;
        jest.advanceTimersByTime(ms);
      },
      open: () => {
        new Transport('ws://x');
        return FakeSocket.last!;
      },
    };
  }

  beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate'] }));
  afterEach(() => jest.useRealTimers());

  it('goes offline when a request gets no answer and the health endpoint none either, and is back by itself', async () => {
    const { monitor, health, healthChecks, tick } = withBackend();
    await expect(monitor.fetch(`${API}/rest/v1/tasks`)).rejects.toThrow('Failed to fetch');
    await settle();
    expect(healthChecks()).toEqual([{ url: `${API}${HEALTH_PATH}`, apikey: 'anon-key' }]);
    expect(monitor.state.get()).toEqual({ status: 'offline', reason: 'backend', attempt: 1, scheduledAt: 1_000, nextAttemptAt: 2_000 });

    // Asked again on the backoff (1, 2, 5, 10 s), never before.
    tick(999);
    await settle();
    expect(healthChecks()).toHaveLength(1);
    tick(1);
    await settle();
    expect(healthChecks()).toHaveLength(2);
    expect(monitor.state.get()).toEqual({ status: 'offline', reason: 'backend', attempt: 2, scheduledAt: 2_000, nextAttemptAt: 4_000 });

    health.answers = true;
    tick(2000);
    await settle();
    expect(monitor.state.get()).toEqual({ status: 'idle' });
    monitor.dispose();
  });

  it('is back at once when any request gets an answer, and checks nothing while requests succeed', async () => {
    const { monitor, healthChecks } = withBackend();
    await expect(monitor.fetch(`${API}/rest/v1/ok`)).resolves.toBeInstanceOf(Response);
    expect(healthChecks()).toEqual([]);
    await expect(monitor.fetch(`${API}/rest/v1/tasks`)).rejects.toThrow();
    await settle();
    expect(monitor.state.get()).toMatchObject({ status: 'offline', reason: 'backend' });
    await monitor.fetch(`${API}/rest/v1/ok`);
    expect(monitor.state.get()).toEqual({ status: 'idle' });
    monitor.dispose();
  });

  it('stays online when a health check sent before the backend came back fails after a request got an answer', async () => {
    const { monitor, health, healthChecks, tick } = withBackend();
    await expect(monitor.fetch(`${API}/rest/v1/tasks`)).rejects.toThrow();
    await settle();
    expect(monitor.state.get()).toMatchObject({ status: 'offline', reason: 'backend', attempt: 1 });

    // The next check hangs (the network is still down when it is sent)…
    health.hold = true;
    tick(1000);
    await settle();
    expect(healthChecks()).toHaveLength(2);
    // …then the backend answers a request: online at once.
    await monitor.fetch(`${API}/rest/v1/ok`);
    expect(monitor.state.get()).toEqual({ status: 'idle' });
    // The check sent before that answer fails late: it says nothing newer than the answer.
    health.held!('fail');
    await settle();
    expect(monitor.state.get()).toEqual({ status: 'idle' });
    tick(10_000);
    await settle();
    expect(healthChecks()).toHaveLength(2);
    monitor.dispose();
  });

  it('reads an aborted request as the caller’s choice, not as the backend gone', async () => {
    const { monitor, healthChecks } = withBackend();
    const controller = new AbortController();
    const request = monitor.fetch(`${API}/rest/v1/slow`, { signal: controller.signal });
    controller.abort();
    await expect(request).rejects.toThrow('aborted');
    await settle();
    expect(healthChecks()).toEqual([]);
    expect(monitor.state.get()).toEqual({ status: 'idle' });
    monitor.dispose();
  });

  it('checks the backend when the socket drops: reconnecting if it answers, offline if not; a socket that opens is proof enough', async () => {
    const { monitor, health, healthChecks, open } = withBackend();
    const first = open();
    first.fire('open');
    health.answers = true;
    first.fire('close');
    monitor.realtimeOptions.reconnectAfterMs(1);
    await settle();
    expect(healthChecks()).toHaveLength(1);
    expect(monitor.state.get()).toMatchObject({ status: 'reconnecting', attempt: 1 });

    health.answers = false;
    const second = open();
    second.fire('close');
    monitor.realtimeOptions.reconnectAfterMs(2);
    await settle();
    expect(monitor.state.get()).toMatchObject({ status: 'offline', reason: 'backend', attempt: 1 });

    const third = open();
    third.fire('open');
    expect(monitor.state.get()).toMatchObject({ status: 'connected' });
    monitor.dispose();
  });
});
