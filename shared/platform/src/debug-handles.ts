/**
 * What an app lets tests and the status page compare across the federation boundary: the
 * identities of its React, ReactDOM and Supabase client. If a remote had bundled its own copy,
 * its handle would hold different objects than the shell's.
 */
export interface DebugHandle {
  supabase: unknown;
  react: unknown;
  reactDom: unknown;
  platform: unknown;
}

type DebugGlobal = typeof globalThis & { __PORTAL_DEBUG__?: Record<string, DebugHandle> };

export function registerDebugHandle(app: string, handle: DebugHandle): void {
  const global = globalThis as DebugGlobal;
  global.__PORTAL_DEBUG__ ??= {};
  global.__PORTAL_DEBUG__[app] = handle;
}

export function debugHandles(): Readonly<Record<string, DebugHandle>> {
  return (globalThis as DebugGlobal).__PORTAL_DEBUG__ ?? {};
}
