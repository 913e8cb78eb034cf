// A fixed-capacity buffer that keeps the newest items: the console's request log must not grow
// with the emulator's uptime.

export class RingBuffer<T> {
  private readonly items: (T | undefined)[];
  /** Index of the slot the next push writes. */
  private next = 0;
  private count = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`a ring buffer holds at least 1 item, not ${capacity}`);
    this.items = new Array<T | undefined>(capacity);
  }

  get size(): number {
    return this.count;
  }

  /** Adds an item; returns the oldest one it pushed out, if the buffer was full. */
  push(item: T): T | undefined {
    const evicted = this.count === this.capacity ? this.items[this.next] : undefined;
    this.items[this.next] = item;
    this.next = (this.next + 1) % this.capacity;
    this.count = Math.min(this.count + 1, this.capacity);
    return evicted;
  }

  /** Oldest first. */
  toArray(): T[] {
    const start = (this.next - this.count + this.capacity) % this.capacity;
    const out: T[] = [];
    for (let i = 0; i < this.count; i++) out.push(this.items[(start + i) % this.capacity] as T);
    return out;
  }

  find(predicate: (item: T) => boolean): T | undefined {
    for (let i = 0; i < this.count; i++) {
      const item = this.items[(this.next - 1 - i + this.capacity * 2) % this.capacity] as T;
      if (predicate(item)) return item;
    }
    return undefined;
  }
}
