// The resumable transport (upload/tus-transport.ts), downloaded with the first file large enough
// to need it: tus-js-client is about 14 KB gzipped, and the files page shows without it.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { UploadTransport } from './transport.js';

/** Files from this size up go through the resumable transport (Supabase's advice: above 6 MB). */
export const RESUMABLE_FROM = 6 * 1024 * 1024;

/**
 * A resumable transport whose code loads on its first use. A failed download fails that upload
 * (the queue shows why and offers a retry), and the next use asks again.
 */
export function resumableTransport(supabase: SupabaseClient, userId: string): UploadTransport {
  let loading: Promise<UploadTransport> | null = null;
  const transport = (): Promise<UploadTransport> =>
    (loading ??= import('./tus-transport.js').then(
      ({ tusTransport }) => tusTransport(supabase, userId),
      (error: unknown) => {
        loading = null;
        throw new Error(`The code for large uploads could not be downloaded (${(error as Error).message}); try again.`);
      },
    ));
  return {
    resumable: true,
    send: async (request, onProgress, signal, hooks) => (await transport()).send(request, onProgress, signal, hooks),
    discard: async (request) => (await transport()).discard?.(request),
  };
}
