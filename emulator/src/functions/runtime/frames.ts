// The byte framing of the channel between the emulator and a function's process: each message
// is a 4-byte big-endian length followed by the message in V8's structured-clone format
// (so byte arrays travel as bytes). The emulator reads what a function's process writes with a
// size limit, because a function can reach the channel's file descriptor too: a frame that
// claims more than the limit is refused before any of it is buffered.
import { deserialize, serialize } from 'node:v8';

const HEADER_BYTES = 4;

export function encodeFrame(message: unknown): Buffer {
  const body = serialize(message);
  const header = Buffer.alloc(HEADER_BYTES);
  header.writeUInt32BE(body.length);
  return Buffer.concat([header, body]);
}

export class FrameTooLargeError extends Error {
  constructor(
    readonly size: number,
    readonly limit: number,
  ) {
    super(`a message of ${size} bytes is over the channel's ${limit}-byte limit`);
    this.name = 'FrameTooLargeError';
  }
}

/** Collects bytes as they arrive and hands out whole messages. */
export class FrameReader {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private expected: number | null = null;

  constructor(private readonly maxFrameBytes = Infinity) {}

  /** The messages completed by `chunk`; throws FrameTooLargeError on an oversized frame. */
  push(chunk: Buffer): unknown[] {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    const messages: unknown[] = [];
    for (;;) {
      if (this.expected === null) {
        if (this.buffered < HEADER_BYTES) break;
        const size = this.take(HEADER_BYTES).readUInt32BE(0);
        if (size > this.maxFrameBytes) throw new FrameTooLargeError(size, this.maxFrameBytes);
        this.expected = size;
      }
      if (this.buffered < this.expected) break;
      const body = this.take(this.expected);
      this.expected = null;
      messages.push(deserialize(body));
    }
    return messages;
  }

  private take(size: number): Buffer {
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    this.chunks = all.length > size ? [all.subarray(size)] : [];
    this.buffered -= size;
    return all.subarray(0, size);
  }
}
