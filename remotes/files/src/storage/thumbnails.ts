// The grid's thumbnails: storage's image transformation through a public or a signed render URL.
import type { SupabaseClient } from '@supabase/supabase-js';

/** The grid's thumbnails: small renditions from storage's image transformation, not the originals. */
export const THUMBNAIL = { width: 240, height: 240, resize: 'cover' } as const;

/**
 * Thumbnail addresses of `keys` (object name → URL): the public render URL in a public bucket,
 * a signed render URL otherwise (one request per image: a batch of signed URLs takes no
 * transformation). An image the person may not read simply has no thumbnail.
 */
export async function thumbnailUrls(
  supabase: SupabaseClient,
  bucket: string,
  isPublic: boolean,
  keys: readonly string[],
  expiresIn = 600,
): Promise<Record<string, string>> {
  const files = supabase.storage.from(bucket);
  if (isPublic)
    return Object.fromEntries(
      keys.map((key) => [key, files.getPublicUrl(key, { transform: THUMBNAIL }).data.publicUrl]),
    );
  const signed = await Promise.all(
    keys.map(async (key) => {
      const { data } = await files.createSignedUrl(key, expiresIn, { transform: THUMBNAIL });
      return data ? ([[key, data.signedUrl]] as const) : [];
    }),
  );
  return Object.fromEntries(signed.flat());
}
