// The function's recent console lines, where the API offers them: the emulator's
// `GET /functions/v1/_logs/<name>` (an emulator extra). It is read with the person's own session
// through the shell's client and answers only the lines of that person's own calls, so no
// service key is ever in the browser. Hosted Supabase shows logs in its dashboard instead.
import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';

const logLine = z.object({
  seq: z.number(),
  at: z.string(),
  level: z.string(),
  text: z.string(),
  invocation: z.string().nullable(),
});
export type LogLine = z.infer<typeof logLine>;

export async function readFunctionLogs(supabase: SupabaseClient, name: string): Promise<LogLine[]> {
  const { data, error } = await supabase.functions.invoke(`_logs/${name}?limit=100`, {
    method: 'GET',
  });
  if (error) throw new Error(`The log could not be read: ${(error as Error).message}`);
  return z.object({ lines: z.array(logLine) }).parse(data).lines;
}
