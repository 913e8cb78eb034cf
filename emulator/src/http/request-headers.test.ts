import { headerRecordOfRaw } from './request-headers.js';

/** The record a WHATWG `Headers` built from the same raw list gives. */
function throughHeaders(raw: string[]): Record<string, string> {
  const headers = new Headers();
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  const record: Record<string, string> = {};
  headers.forEach((value, name) => {
    record[name] = value;
  });
  return record;
}

describe('request header record', () => {
  const lists: [string, string[]][] = [
    [
      'a client request',
      ['Host', '127.0.0.1:54321', 'apikey', 'key', 'Authorization', 'Bearer t', 'Accept', '*/*'],
    ],
    ['repeated headers', ['Accept', 'a/b', 'X-Custom', 'one', 'accept', 'c/d', 'x-custom', 'two']],
    ['cookies', ['Cookie', 'a=1', 'cookie', 'b=2']],
    ['set-cookie', ['Set-Cookie', 'a=1', 'Set-Cookie', 'b=2']],
    ['surrounding whitespace', ['X-Padded', '  value\t', 'Prefer', ' return=representation ']],
    ['an empty value', ['X-Empty', '']],
    ['a value of whitespace only', ['X-Blank', ' \t ']],
  ];

  it.each(lists)(
    'lists %s as Headers does (lower-case names in order, joined values)',
    (_, raw) => {
      const record = headerRecordOfRaw(raw);
      expect(record).toEqual(throughHeaders(raw));
      expect(Object.keys(record)).toEqual(Object.keys(throughHeaders(raw)));
    },
  );

  it('skips HTTP/2 pseudo-headers', () => {
    expect(headerRecordOfRaw([':path', '/rest/v1/x', 'accept', '*/*'])).toEqual({ accept: '*/*' });
  });
});
