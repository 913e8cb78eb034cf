// A bucket's facts as storage gives them: public or not, and the limits an upload must meet.
import type { SupabaseClient } from '@supabase/supabase-js';
import { filesFailure } from '../failures.js';
import type { BucketLimits } from '../upload/checks.js';

export interface BucketFacts extends BucketLimits {
  public: boolean;
}

export async function readBucket(supabase: SupabaseClient, bucket: string): Promise<BucketFacts> {
  const { data, error } = await supabase.storage.getBucket(bucket);
  if (error) throw filesFailure(error);
  return {
    public: data.public,
    fileSizeLimit: data.file_size_limit ?? null,
    allowedMimeTypes: data.allowed_mime_types ?? null,
  };
}
