import net from 'node:net';
import { postgresTestUrl } from '../../test/harness.js';
import { PostgresDatabase } from './postgres.js';

/**
 * A TCP proxy in front of the server that counts round trips: each time a client connection
 * speaks again after the server has answered it.
 */
async function roundTripCounter(target: URL) {
  let roundTrips = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    let serverAnswered = true;
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    }
    client.on('data', (chunk) => {
      if (serverAnswered) roundTrips += 1;
      serverAnswered = false;
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      serverAnswered = true;
      client.write(chunk);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    count: async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
      const before = roundTrips;
      const value = await fn();
      return [value, roundTrips - before];
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const serverUrl = postgresTestUrl();
const describeWithServer = serverUrl ? describe : describe.skip;

describeWithServer('a statement as the caller on real PostgreSQL', () => {
  let proxy: Awaited<ReturnType<typeof roundTripCounter>>;
  let db: PostgresDatabase;
  let role: string;

  beforeAll(async () => {
    proxy = await roundTripCounter(new URL(serverUrl!));
    db = await PostgresDatabase.open(proxy.url);
    role = (await db.query<{ role: string }>('select current_user as role')).rows[0]!.role;
  });

  afterAll(async () => {
    await db?.close();
    await proxy?.close();
  });

  const readSettings = `select current_setting('request.jwt.claims')::json ->> 'sub' as sub,
    current_setting('request.method') as method, current_user as role`;

  it('sends the settings and the statement in one round trip', async () => {
    const context = { claims: { role, sub: 'someone' }, method: 'GET' };
    await db.queryAsCaller(context, readSettings); // the pool's connection and its statements
    const [result, roundTrips] = await proxy.count(() => db.queryAsCaller(context, readSettings));
    expect(result.rows).toEqual([{ sub: 'someone', method: 'GET', role }]);
    expect(roundTrips).toBe(1);
  });

  it('keeps the settings inside that transaction, and a failed statement leaves the connection usable', async () => {
    const context = { claims: { role, sub: 'someone' } };
    await expect(db.queryAsCaller(context, 'select 1 / 0')).rejects.toMatchObject({ code: '22012' });
    const after = await db.query<{ sub: string | null }>(
      `select nullif(current_setting('request.jwt.claims', true), '')::json ->> 'sub' as sub`,
    );
    expect(after.rows).toEqual([{ sub: null }]);
    const again = await db.queryAsCaller(context, readSettings);
    expect(again.rows[0]).toMatchObject({ sub: 'someone' });
  });
});
