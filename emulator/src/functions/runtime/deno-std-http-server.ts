// Stands in for `https://deno.land/std@…/http/server.ts`, which older Edge Functions import
// for `serve(handler)`: the emulator fetches nothing, and `serve` is `Deno.serve` anyway.
import type { DenoGlobal, ServeHandler, ServeOptions } from './deno-global.js';

declare const Deno: DenoGlobal;

export function serve(handler: ServeHandler, options: ServeOptions = {}): Promise<void> {
  return Deno.serve(options, handler).finished;
}

export const serveTls = serve;
