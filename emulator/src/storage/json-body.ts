// JSON request bodies, validated with zod at the boundary; a bad body is a 400 that names
// the field and the reason (storage-api answers schema failures the same way).
import type { z } from 'zod';
import { StorageError } from './errors.js';

/** `request` is hono's `c.req`, which keeps the text it read (the console's request log shows it). */
export async function readJsonBody<Schema extends z.ZodType>(request: { text(): Promise<string> }, schema: Schema): Promise<z.infer<Schema>> {
  const text = await request.text();
  let value: unknown = {};
  if (text.trim() !== '') {
    try {
      value = JSON.parse(text);
    } catch {
      throw new StorageError('InvalidRequest', 400, 'The request body is not valid JSON', 'Bad Request');
    }
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const details = parsed.error.issues
      .map((issue) => (issue.path.length ? `body.${issue.path.join('.')}: ${issue.message}` : `body: ${issue.message}`))
      .join('; ');
    throw new StorageError('InvalidRequest', 400, details, 'Bad Request');
  }
  return parsed.data;
}
