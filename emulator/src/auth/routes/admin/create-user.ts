// POST /admin/users — GoTrue's adminUserCreate: a user with an email (and its email identity) or
// only a phone (and its phone identity), confirmed or not, with a password or a bcrypt hash.
import type { AuthContext } from '../../context.js';
import { fail } from '../../errors.js';
import { requireAdmin } from '../../request/guard.js';
import { json, parseBody, type AuthRequest } from '../../request/http.js';
import { validateEmail } from '../../request/validation.js';
import { insertIdentity } from '../../identities/identities.js';
import { createEmailUser } from '../../users/accounts.js';
import { validatePhone } from '../../users/phone.js';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  isUuid,
  reloadUser,
  userJson,
  type UserRow,
} from '../../users/users.js';
import { banUntil, passwordHashOf, UserBody } from './user-fields.js';

export async function createUser(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  await requireAdmin(c, ctx.keys);
  const body = await parseBody(c, UserBody);
  // Numbers are stored as GoTrue stores them: digits without the leading '+'.
  if (body.phone) body.phone = validatePhone(body.phone);
  if (!body.email && !body.phone)
    fail('validation_failed', 'Cannot create a user without either an email or phone');
  const email = body.email ? validateEmail(body.email) : null;
  if (body.id && !isUuid(body.id)) fail('validation_failed', 'id must be a UUID');
  const passwordHash = await passwordHashOf(body, ctx);
  const bannedUntil = banUntil(body.ban_duration);
  const created = await ctx.db.transaction(async (tx) => {
    if (email && (await findUserByEmail(tx, email))) fail('email_exists');
    if (body.id && (await findUserById(tx, body.id))) {
      fail('validation_failed', `A user with id ${body.id} already exists`, 422);
    }
    if (body.phone) {
      const { rows } = await tx.query('select 1 from auth.users where phone = $1', [body.phone]);
      if (rows.length) fail('phone_exists');
    }
    const userMetadata = body.user_metadata ?? body.data ?? {};
    let user: UserRow;
    if (email) {
      user = await createEmailUser(tx, {
        ...(body.id ? { id: body.id } : {}),
        email,
        passwordHash,
        userMetadata,
        confirmed: body.email_confirm === true,
        appMetadata: body.app_metadata ?? {},
        role: body.role ?? 'authenticated',
        phone: body.phone ?? null,
        phoneConfirmed: body.phone_confirm === true,
        bannedUntil: bannedUntil ?? null,
      });
    } else {
      user = await insertUser(tx, {
        ...(body.id ? { id: body.id } : {}),
        email: null,
        phone: body.phone!,
        passwordHash,
        appMetadata: { provider: 'phone', providers: ['phone'], ...(body.app_metadata ?? {}) },
        userMetadata,
        role: body.role ?? 'authenticated',
        phoneConfirmed: body.phone_confirm === true,
        bannedUntil: bannedUntil ?? null,
      });
      await insertIdentity(tx, {
        userId: user.id,
        provider: 'phone',
        providerId: user.id,
        data: {
          sub: user.id,
          phone: body.phone,
          email_verified: false,
          phone_verified: body.phone_confirm === true,
        },
        signedIn: false,
      });
    }
    return userJson(tx, await reloadUser(tx, user.id));
  });
  return json(c, created);
}
