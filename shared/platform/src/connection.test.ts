import { createConnectionMonitor, type ObservableSocket } from './connection.js';

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
    expect(monitor.state.get()).toEqual({ status: 'offline' });
    network.online = true;
    network.target.dispatchEvent(new Event('online'));
    expect(monitor.state.get().status).toBe('connected');
  });
});
