// The function's recent console lines, where the API offers them: the emulator's
// `GET /functions/v1/_logs/<name>` (an emulator extra). It is read with the person's own session
// through the shell's client and answers only the lines of that person's own calls, so no
// service key is ever in the browser. Hosted Supabase shows logs in its dashboard instead.
import { isUnanswered, READ_AGAIN_WHEN_ANSWERED, UNANSWERED } from '@portal/ui/words';
import type { SupabaseClient } from '@supabase/supabase-js';
import * as z from 'zod/mini';
import { IN_ENGLISH } from '../zod-messages.js';

const logLine = z.object({
  seq: z.number(),
  at: z.string(),
  level: z.string(),
  text: z.string(),
  invocation: z.nullable(z.string()),
});
export type LogLine = z.infer<typeof logLine>;

export async function readFunctionLogs(supabase: SupabaseClient, name: string): Promise<LogLine[]> {
  const { data, error } = await supabase.functions.invoke(`_logs/${name}?limit=100`, {
    method: 'GET',
  });
  if (error)
    throw new Error(
      `The log could not be read: ${isUnanswered(error) ? `${UNANSWERED} ${READ_AGAIN_WHEN_ANSWERED}` : (error as Error).message}`,
    );
  const read = z.object({ lines: z.array(logLine) }).safeParse(data, IN_ENGLISH);
  if (!read.success) throw new Error(`The log's answer was not understood: ${z.prettifyError(read.error)}`);
  return read.data.lines;
}
