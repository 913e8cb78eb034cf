// A bucket's facts (public or not, its size and type limits), read when the bucket changes and
// read again by itself once the server answers after a failure for want of an answer.
import { usePortal, useRetryWhenBack } from '@portal/platform';
import { useEffect, useState } from 'react';
import { filesFailure, type FilesFailure } from '../failures.js';
import { readBucket, type BucketFacts } from '../storage/bucket-facts.js';
import { sizeInWords } from '../upload/checks.js';

export function useBucketFacts(bucketId: string): {
  bucket: BucketFacts | null;
  bucketError: FilesFailure | null;
} {
  const { supabase } = usePortal();
  const [bucket, setBucket] = useState<BucketFacts | null>(null);
  const [bucketError, setBucketError] = useState<FilesFailure | null>(null);
  const [bucketReads, setBucketReads] = useState(0);
  useEffect(() => {
    let live = true;
    readBucket(supabase, bucketId).then(
      (facts) => {
        if (!live) return;
        setBucket(facts);
        setBucketError(null);
      },
      (error: unknown) => live && setBucketError(filesFailure(error)),
    );
    return () => {
      live = false;
    };
  }, [supabase, bucketId, bucketReads]);
  useRetryWhenBack(bucketError?.unreachable === true, () => setBucketReads((n) => n + 1));
  return { bucket, bucketError };
}

/** "Files up to 5 MB, of these types: image/png, image/jpeg." */
export function limitsInWords(bucket: BucketFacts): string {
  const size =
    bucket.fileSizeLimit !== null
      ? `Files up to ${sizeInWords(bucket.fileSizeLimit)}`
      : 'Files of any size';
  const types =
    bucket.allowedMimeTypes && bucket.allowedMimeTypes.length > 0
      ? `of these types: ${bucket.allowedMimeTypes.join(', ')}`
      : 'of any type';
  return `${size}, ${types}.`;
}
