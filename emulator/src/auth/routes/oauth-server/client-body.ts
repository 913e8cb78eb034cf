// The body of an OAuth client registration or update, read the way GoTrue reads it for both the
// admin API (`/admin/oauth/clients`) and dynamic registration (`/oauth/clients/register`).
import { z } from 'zod';
import { AuthError, fail } from '../../errors.js';
import { readJsonObject, type AuthRequest } from '../../request/http.js';

const text = z.string().nullish();
const list = z.array(z.string()).nullish();
export const UpdateClientBody = z
  .object({
    redirect_uris: list,
    grant_types: list,
    client_name: text,
    client_uri: text,
    logo_uri: text,
  })
  .loose();
export const RegisterClientBody = UpdateClientBody.extend({
  client_type: text,
  token_endpoint_auth_method: text,
}).loose();

/** GoTrue decodes these bodies with json.Decoder: any decoding failure is "Invalid JSON body". */
export async function readClientBody<Schema extends z.ZodType>(
  c: AuthRequest,
  schema: Schema,
): Promise<z.output<Schema>> {
  let raw: unknown;
  try {
    raw = await readJsonObject(c);
  } catch (error) {
    if (error instanceof AuthError && error.code === 'bad_json')
      fail('bad_json', 'Invalid JSON body');
    throw error;
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) fail('bad_json', 'Invalid JSON body');
  return parsed.data;
}
