// Pages that follow state the emulator keeps in memory (channels, change verdicts, function
// invocations) read it again every second while they are open.
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { call } from './api.js';

export const POLL_MS = 1000;

/** The latest answer of `path` (null until the first), read again every POLL_MS; the last error beside it. One path per mount. */
export function usePolled<T>(path: string, schema: z.ZodType<T>): { value: T | null; error: string | null } {
  const [value, setValue] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () => {
      call(path, schema).then(
        (next) => {
          if (!current) return;
          setValue(next);
          setError(null);
        },
        (failure: Error) => current && setError(failure.message),
      ).finally(() => {
        if (current) timer = setTimeout(read, POLL_MS);
      });
    };
    read();
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [path, schema]);
  return { value, error };
}
