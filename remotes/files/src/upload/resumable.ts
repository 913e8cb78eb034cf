// The resumable transport (upload/tus-transport.ts), downloaded with the first file large enough
// to need it: tus-js-client is about 14 KB gzipped, and the files page shows without it.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { UploadTransport } from './transport.js';

/** Files from this size up go through the resumable transport (Supabase's advice: above 6 MB). */
export const RESUMABLE_FROM = 6 * 1024 * 1024;

/**
 * A resumable transport whose code loads on its first use (the remote's chunk loader asks for it
 * once, and again after a failed download). A failed download fails that upload, with a message;
 * the queue offers a retry.
 */
export function resumableTransport(supabase: SupabaseClient, userId: string): UploadTransport {
  const transport = (): Promise<UploadTransport> =>
    import('./tus-transport.js').then(
      ({ tusTransport }) => tusTransport(supabase, userId),
      (error: unknown) => {
        throw new Error(`The code for large uploads could not be downloaded (${(error as Error).message}); try again.`);
      },
    );
  return {
    resumable: true,
    send: async (request, onProgress, signal, hooks) => (await transport()).send(request, onProgress, signal, hooks),
    discard: async (request) => (await transport()).discard?.(request),
  };
}
