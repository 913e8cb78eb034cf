import { createEventBus } from './event-bus.js';
import { createNotificationCenter } from './notifications.js';

interface Events {
  'files:uploaded': { path: string };
}

describe('event bus', () => {
  it('delivers typed payloads and stops after unsubscribe', () => {
    const bus = createEventBus<Events>();
    const heard: string[] = [];
    const stop = bus.on('files:uploaded', ({ path }) => heard.push(path));
    bus.emit('files:uploaded', { path: 'a.txt' });
    stop();
    bus.emit('files:uploaded', { path: 'b.txt' });
    expect(heard).toEqual(['a.txt']);
  });

  it('keeps delivering to others when one listener throws', async () => {
    const bus = createEventBus<Events>();
    const heard: string[] = [];
    const thrown = new Promise<unknown>((resolve) => {
      const original = queueMicrotask;
      globalThis.queueMicrotask = (task) => {
        globalThis.queueMicrotask = original;
        try {
          task();
        } catch (error) {
          resolve(error);
        }
      };
    });
    bus.on('files:uploaded', () => {
      throw new Error('broken listener');
    });
    bus.on('files:uploaded', ({ path }) => heard.push(path));
    bus.emit('files:uploaded', { path: 'c.txt' });
    expect(heard).toEqual(['c.txt']);
    await expect(thrown).resolves.toMatchObject({ message: 'broken listener' });
  });
});

describe('notifications', () => {
  it('adds, dismisses and expires notifications; errors stay until dismissed', () => {
    jest.useFakeTimers();
    try {
      const center = createNotificationCenter();
      const saved = center.notify({ tone: 'success', title: 'Saved' });
      const failed = center.notify({ tone: 'danger', title: 'Upload failed', message: 'Too large' });
      expect(center.list().map((n) => n.title)).toEqual(['Saved', 'Upload failed']);
      jest.advanceTimersByTime(5000);
      expect(center.list().map((n) => n.id)).toEqual([failed]);
      center.dismiss(failed);
      expect(center.list()).toEqual([]);
      expect(saved).not.toBe(failed);
    } finally {
      jest.useRealTimers();
    }
  });
});
