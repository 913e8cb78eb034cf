import { protocol } from '@electric-sql/pglite';
import { decodeExchange, FrontendMessages } from './pg-wire.js';

/** A backend message: type, length, body. */
function message(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

const cstring = (text: string) => Buffer.concat([Buffer.from(text), Buffer.from([0])]);
const int16 = (value: number) => {
  const b = Buffer.alloc(2);
  b.writeInt16BE(value);
  return b;
};
const int32 = (value: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(value);
  return b;
};

function rowDescription(fields: [string, number][]): Buffer {
  return message(
    'T',
    int16(fields.length),
    ...fields.flatMap(([name, oid]) => [cstring(name), int32(0), int16(0), int32(oid), int16(-1), int32(-1), int16(0)]),
  );
}

function dataRow(values: (string | null)[]): Buffer {
  return message(
    'D',
    int16(values.length),
    ...values.flatMap((v) => (v === null ? [int32(-1)] : [int32(Buffer.byteLength(v)), Buffer.from(v)])),
  );
}

describe('FrontendMessages', () => {
  it('writes the extended-protocol messages of one exchange as Postgres reads them', () => {
    const bytes = Buffer.from(
      new FrontendMessages()
        .closeStatement('old')
        .parse('s1', 'select $1')
        .bind('s1', ['é', null])
        .describePortal()
        .execute()
        .sync()
        .bytes(),
    );
    const expected = Buffer.concat([
      message('C', Buffer.from('S'), cstring('old')),
      message('P', cstring('s1'), cstring('select $1'), int16(0)),
      // portal '', statement, no parameter formats (text), 2 values (é is 2 bytes, null is -1), no result formats (text)
      message('B', cstring(''), cstring('s1'), int16(0), int16(2), int32(2), Buffer.from('é'), int32(-1), int16(0)),
      message('D', Buffer.from('P'), cstring('')),
      message('E', cstring(''), int32(0)),
      message('S'),
    ]);
    expect(bytes.equals(expected)).toBe(true);
  });

  it('grows its buffer for long statements and values', () => {
    const long = 'x'.repeat(5000);
    const bytes = Buffer.from(new FrontendMessages().bind('s', [long, long]).bytes());
    expect(bytes.readInt32BE(1)).toBe(bytes.length - 1);
    expect(bytes.includes(Buffer.from(long))).toBe(true);
  });
});

describe('decodeExchange', () => {
  it('reads each statement’s columns, text values and NULLs, and counts parsed statements', () => {
    const decoded = decodeExchange(
      Buffer.concat([
        message('1'),
        message('2'),
        message('n'),
        message('C', cstring('SELECT 1')),
        message('1'),
        message('2'),
        rowDescription([
          ['id', 20],
          ['body', 25],
        ]),
        dataRow(['42', 'héllo ✓']),
        dataRow(['43', null]),
        message('C', cstring('INSERT 0 2')),
        message('Z', Buffer.from('I')),
      ]),
    );
    expect(decoded.parsed).toBe(2);
    expect(decoded.error).toBeNull();
    expect(decoded.results).toEqual([
      { fields: [], rows: [], affectedRows: 0 },
      {
        fields: [
          { name: 'id', dataTypeID: 20 },
          { name: 'body', dataTypeID: 25 },
        ],
        rows: [
          ['42', 'héllo ✓'],
          ['43', null],
        ],
        affectedRows: 2,
      },
    ]);
  });

  it('hands notifications over and answers an error as PGlite’s DatabaseError', () => {
    const decoded = decodeExchange(
      Buffer.concat([
        message('A', int32(7), cstring('pgrst'), cstring('reload schema')),
        message(
          'E',
          Buffer.from('S'),
          cstring('ERROR'),
          Buffer.from('C'),
          cstring('23505'),
          Buffer.from('M'),
          cstring('duplicate key value violates unique constraint "t_pkey"'),
          Buffer.from('D'),
          cstring('Key (id)=(1) already exists.'),
          Buffer.from('n'),
          cstring('t_pkey'),
          Buffer.from([0]),
        ),
        message('Z', Buffer.from('E')),
      ]),
    );
    expect(decoded.notifications).toEqual([{ channel: 'pgrst', payload: 'reload schema' }]);
    expect(decoded.error).toBeInstanceOf(protocol.messages.DatabaseError);
    expect(decoded.error).toMatchObject({
      code: '23505',
      detail: 'Key (id)=(1) already exists.',
      constraint: 't_pkey',
      message: 'duplicate key value violates unique constraint "t_pkey"',
    });
  });
});
