// Which sockets still have a client at the other end. A client whose network dropped sends
// nothing and closes nothing, so without this check its presences would stay until the TCP
// connection timed out. Silence alone cannot tell a dead client from one that heartbeats slowly
// (realtime-js's default is every 25 s), so a socket silent for half the window gets a websocket
// ping, which every client answers at the protocol level (browsers without any page code): a
// socket that then stays silent for the whole window is closed and its presences leave.

export type LivenessVerdict = 'alive' | 'ping' | 'close';

export interface LivenessWatch {
  /** When the socket last received anything: a frame or a pong (epoch ms). */
  lastSeen: number;
  /** A ping was sent and nothing has arrived since. */
  pinged: boolean;
}

/**
 * What to do with one socket at `now`. A check that ran late (`lateByMs` past its period: the
 * process was busy) closes nothing: replies may be waiting unread behind it.
 */
export function livenessVerdict(watch: LivenessWatch, now: number, timeoutMs: number, lateByMs: number): LivenessVerdict {
  const silentFor = now - watch.lastSeen;
  if (silentFor > timeoutMs && watch.pinged && lateByMs < timeoutMs / 4) return 'close';
  if (silentFor > timeoutMs / 2 && !watch.pinged) return 'ping';
  return 'alive';
}

/** How often the sockets are checked, for a window of `timeoutMs`. */
export function livenessPeriodMs(timeoutMs: number): number {
  return Math.max(100, Math.min(1000, Math.floor(timeoutMs / 10)));
}
