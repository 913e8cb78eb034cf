import { encodeFrame, FrameReader, FrameTooLargeError } from './frames.js';

describe('function channel frames', () => {
  it('hands out whole messages however the bytes are split, byte arrays included', () => {
    const bytes = Buffer.concat([
      encodeFrame({ t: 'chunk', id: 1, chunk: new Uint8Array([1, 2, 3]) }),
      encodeFrame({ t: 'end', id: 1 }),
    ]);
    const reader = new FrameReader();
    const messages = [...bytes].flatMap((byte) => reader.push(Buffer.from([byte])));
    expect(messages).toEqual([
      { t: 'chunk', id: 1, chunk: new Uint8Array([1, 2, 3]) },
      { t: 'end', id: 1 },
    ]);
  });

  it('refuses a frame over the limit from its header, before buffering its body', () => {
    const reader = new FrameReader(1024);
    const header = Buffer.alloc(4);
    header.writeUInt32BE(2 ** 31);
    expect(() => reader.push(header)).toThrow(FrameTooLargeError);
  });
});
