import { RingBuffer } from './ring-buffer.js';

describe('RingBuffer', () => {
  it('keeps items oldest first until it is full', () => {
    const buffer = new RingBuffer<number>(3);
    expect(buffer.push(1)).toBeUndefined();
    expect(buffer.push(2)).toBeUndefined();
    expect(buffer.toArray()).toEqual([1, 2]);
    expect(buffer.size).toBe(2);
  });

  it('drops the oldest item once full, and says which', () => {
    const buffer = new RingBuffer<number>(3);
    for (const n of [1, 2, 3]) buffer.push(n);
    expect(buffer.push(4)).toBe(1);
    expect(buffer.push(5)).toBe(2);
    expect(buffer.toArray()).toEqual([3, 4, 5]);
    expect(buffer.size).toBe(3);
  });

  it('stays bounded after many pushes', () => {
    const buffer = new RingBuffer<number>(100);
    for (let n = 0; n < 10_000; n++) buffer.push(n);
    const items = buffer.toArray();
    expect(items).toHaveLength(100);
    expect(items[0]).toBe(9_900);
    expect(items[99]).toBe(9_999);
  });

  it('finds the newest match first, and nothing that was pushed out', () => {
    const buffer = new RingBuffer<{ id: number; kind: string }>(3);
    for (let id = 1; id <= 5; id++) buffer.push({ id, kind: id % 2 ? 'odd' : 'even' });
    expect(buffer.find((item) => item.kind === 'odd')?.id).toBe(5);
    expect(buffer.find((item) => item.id === 1)).toBeUndefined();
    expect(buffer.find((item) => item.id === 3)?.id).toBe(3);
  });

  it('refuses a capacity under one', () => {
    expect(() => new RingBuffer(0)).toThrow(/at least 1/);
  });
});
