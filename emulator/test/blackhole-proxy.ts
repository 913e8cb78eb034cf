// A TCP proxy in front of the emulator whose "network" a test can drop: bytes stop flowing both
// ways and nothing is closed — no FIN, no RST — as when a laptop leaves the Wi-Fi. Neither end
// learns anything until its own timeouts say so, which is what heartbeats are for. (Closing a
// browser context or Playwright's setOffline does not do this: an open websocket stays open.)
import net from 'node:net';

export interface BlackholeProxy {
  /** `http://127.0.0.1:<port>`: use it where the emulator's API URL would go. */
  readonly url: string;
  /** The network drops: open connections go silent, new ones are accepted and hang. */
  drop(): void;
  /** The network is back: connections cut by the drop are reset (their bytes were lost), new ones pass. */
  restore(): void;
  /** Connections open through the proxy, cut or not. */
  readonly openConnections: number;
  close(): Promise<void>;
}

interface Connection {
  client: net.Socket;
  upstream: net.Socket | null;
  cut: boolean;
}

/** Starts a proxy on a free loopback port forwarding to `targetUrl`'s host and port. */
export async function startBlackholeProxy(targetUrl: string): Promise<BlackholeProxy> {
  const target = new URL(targetUrl);
  const targetPort = Number(target.port || (target.protocol === 'https:' ? 443 : 80));
  const connections = new Set<Connection>();
  let dropped = false;

  const forget = (connection: Connection) => {
    connections.delete(connection);
    connection.client.destroy();
    connection.upstream?.destroy();
  };
  // While cut, one side going away tells the other nothing: each end must notice by itself.
  const sideGone = (connection: Connection) => {
    if (!connection.cut) forget(connection);
  };

  const server = net.createServer((client) => {
    const connection: Connection = { client, upstream: null, cut: dropped };
    connections.add(connection);
    client.on('error', () => sideGone(connection));
    client.on('close', () => sideGone(connection));
    if (connection.cut) {
      client.on('data', () => undefined); // swallowed, as by a dead link
      return;
    }
    const upstream = net.connect(targetPort, target.hostname);
    connection.upstream = upstream;
    upstream.on('error', () => sideGone(connection));
    upstream.on('close', () => sideGone(connection));
    client.on('data', (chunk) => {
      if (!connection.cut) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!connection.cut) client.write(chunk);
    });
    // A clean end passes through, unless the link is cut (then nothing passes at all).
    client.on('end', () => {
      if (!connection.cut) upstream.end();
    });
    upstream.on('end', () => {
      if (!connection.cut) client.end();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    drop() {
      dropped = true;
      for (const connection of connections) connection.cut = true;
    },
    restore() {
      dropped = false;
      for (const connection of [...connections]) {
        if (!connection.cut) continue;
        connections.delete(connection);
        for (const socket of [connection.client, connection.upstream]) {
          if (socket && !socket.destroyed) socket.resetAndDestroy();
        }
      }
    },
    get openConnections() {
      return connections.size;
    },
    async close() {
      for (const connection of [...connections]) forget(connection);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
