import { chooseRenderer, formatBytes, parseEventStream } from './renderer.js';

describe('chooseRenderer', () => {
  it.each([
    ['application/json', 10, 'json'],
    ['application/problem+json; charset=utf-8', 10, 'json'],
    ['Application/JSON', 10, 'json'],
    ['text/event-stream', 0, 'event-stream'],
    ['text/plain; charset=utf-8', 10, 'text'],
    ['text/html', 10, 'html-source'],
    ['image/png', 10, 'image'],
    ['image/svg+xml', 10, 'image'],
    ['application/octet-stream', 10, 'binary'],
    ['application/pdf', 10, 'binary'],
    [null, 10, 'text'],
    ['application/json', 0, 'empty'],
  ] as const)('%s (%i bytes) → %s', (type, size, kind) => {
    expect(chooseRenderer(type, size)).toBe(kind);
  });
});

describe('parseEventStream', () => {
  it('returns complete events only, with their names, data lines and ids', () => {
    const text =
      'event: tick\ndata: {"n":1}\n\n: comment\nid: 7\ndata: a\ndata: b\n\nevent: done\ndata: {"co';
    expect(parseEventStream(text)).toEqual([
      { event: 'tick', data: '{"n":1}', id: null },
      { event: 'message', data: 'a\nb', id: '7' },
    ]);
    expect(parseEventStream('data: x\r\n\r\n')).toEqual([
      { event: 'message', data: 'x', id: null },
    ]);
  });
});

it('formats sizes', () => {
  expect([formatBytes(12), formatBytes(2048), formatBytes(3 * 1024 * 1024)]).toEqual([
    '12 B',
    '2.0 KB',
    '3.0 MB',
  ]);
});
