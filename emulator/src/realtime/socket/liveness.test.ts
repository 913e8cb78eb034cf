import { livenessPeriodMs, livenessVerdict } from './liveness.js';

describe('livenessVerdict', () => {
  const timeout = 10_000;

  it('leaves a socket alone while it has been silent for less than half the window', () => {
    expect(livenessVerdict({ lastSeen: 0, pinged: false }, 4_999, timeout, 0)).toBe('alive');
  });

  it('pings a socket silent for half the window, once', () => {
    expect(livenessVerdict({ lastSeen: 0, pinged: false }, 5_001, timeout, 0)).toBe('ping');
    expect(livenessVerdict({ lastSeen: 0, pinged: true }, 9_000, timeout, 0)).toBe('alive');
  });

  it('closes a pinged socket silent for the whole window', () => {
    expect(livenessVerdict({ lastSeen: 0, pinged: true }, 10_001, timeout, 0)).toBe('close');
  });

  it('pings before closing a socket it never pinged, however long the silence', () => {
    expect(livenessVerdict({ lastSeen: 0, pinged: false }, 60_000, timeout, 0)).toBe('ping');
  });

  it('closes nothing on a check that ran late: answers may be waiting unread', () => {
    expect(livenessVerdict({ lastSeen: 0, pinged: true }, 20_000, timeout, 3_000)).toBe('alive');
    expect(livenessVerdict({ lastSeen: 0, pinged: true }, 20_000, timeout, 2_000)).toBe('close');
  });

  it('checks ten times per window, between every 100 ms and every second', () => {
    expect(livenessPeriodMs(10_000)).toBe(1_000);
    expect(livenessPeriodMs(3_000)).toBe(300);
    expect(livenessPeriodMs(500)).toBe(100);
    expect(livenessPeriodMs(60_000)).toBe(1_000);
  });
});
