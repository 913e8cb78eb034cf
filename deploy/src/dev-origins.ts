// The dev servers of `npm run dev -w remotes/<name>` (dev-remote.ts): each serves its remote's
// latest build on this machine, at http://127.0.0.1:<the port in its remote.json + 100>. A local
// portal lists them in config.json as `devOrigins`, the only origins a developer's override may
// load a remote from (shell/src/registry/dev-overrides.ts) and the only ones the page's policy adds for it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** How far a remote's dev server is from its own port (data: 3002, its dev server 3102). */
export const DEV_SERVER_PORT_OFFSET = 100;

/** The dev server of a remote whose remote.json names `remotePort`. */
export function devServerOrigin(remotePort: number): string {
  return `http://127.0.0.1:${remotePort + DEV_SERVER_PORT_OFFSET}`;
}

/** The port a remote's source folder names in its remote.json, or null. */
export function remotePortOf(remoteDir: string): number | null {
  const file = path.join(remoteDir, 'remote.json');
  if (!existsSync(file)) return null;
  const { port } = JSON.parse(readFileSync(file, 'utf8')) as { port?: unknown };
  return typeof port === 'number' && Number.isInteger(port) && port > 0 ? port : null;
}

/** The dev servers of every remote under `remotesDir` (remotes/), sorted. */
export function devServerOrigins(remotesDir: string): string[] {
  if (!existsSync(remotesDir)) return [];
  return readdirSync(remotesDir)
    .map((name) => remotePortOf(path.join(remotesDir, name)))
    .filter((port): port is number => port !== null)
    .map(devServerOrigin)
    .sort();
}
