// What the admin user endpoints share: the body GoTrue's adminUserCreate/adminUserUpdate read,
// its checks (password or bcrypt hash, ban duration) and the user named by the path.
import { z } from 'zod';
import type { Queryable } from '../../../db/database.js';
import type { AuthContext } from '../../context.js';
import { fail } from '../../errors.js';
import type { AuthRequest } from '../../request/http.js';
import {
  checkPasswordLength,
  optionalBoolean,
  optionalObject,
  optionalString,
} from '../../request/validation.js';
import { parseDurationMs } from '../../settings.js';
import { checkPasswordStrength, hashPassword, weakPasswordError } from '../../users/passwords.js';
import { findUserById, isUuid, type UserRow } from '../../users/users.js';

export const UserBody = z
  .object({
    email: optionalString,
    phone: optionalString,
    password: optionalString,
    password_hash: optionalString,
    email_confirm: optionalBoolean,
    phone_confirm: optionalBoolean,
    user_metadata: optionalObject,
    data: optionalObject,
    app_metadata: optionalObject,
    role: optionalString,
    ban_duration: optionalString,
    id: optionalString,
  })
  .loose();

export type UserFields = z.output<typeof UserBody>;

/** `ban_duration`: undefined leaves the ban as it is, 'none' lifts it, a Go duration sets it. */
export function banUntil(duration: string | null | undefined): Date | null | undefined {
  if (duration === undefined || duration === null || duration === '') return undefined;
  if (duration === 'none') return null;
  const ms = parseDurationMs(duration);
  if (ms === null) fail('validation_failed', `invalid format for ban duration: ${duration}`);
  if (ms > 1000 * 365 * 24 * 3_600_000)
    fail('validation_failed', `ban duration is too long: ${duration}`);
  return new Date(Date.now() + ms);
}

function checkPasswordHash(hash: string): void {
  if (!/^\$2[abxy]?\$\d\d\$[./A-Za-z0-9]{53}$/.test(hash)) {
    fail(
      'validation_failed',
      'Invalid password hash format: only bcrypt hashes ($2a$, $2b$, $2y$) are supported',
    );
  }
}

/** The hash to store: a given bcrypt `password_hash` as is, else the checked `password` hashed. */
export async function passwordHashOf(body: UserFields, ctx: AuthContext): Promise<string | null> {
  if (body.password_hash) {
    checkPasswordHash(body.password_hash);
    return body.password_hash;
  }
  if (!body.password) return null;
  checkPasswordLength(body.password);
  const weak = checkPasswordStrength(body.password, ctx.settings);
  if (weak) throw weakPasswordError(weak);
  return hashPassword(body.password, ctx.hasher);
}

/** The user of `/admin/users/:id`: an id that is not a UUID is GoTrue's 404 validation_failed. */
export async function userFromPath(c: AuthRequest, tx: Queryable): Promise<UserRow> {
  const id = c.req.param('id') ?? '';
  if (!isUuid(id)) fail('validation_failed', 'user_id must be an UUID', 404);
  const user = await findUserById(tx, id);
  if (!user) fail('user_not_found');
  return user;
}
