// POST /invite — GoTrue's invite: an unconfirmed user (or the existing unconfirmed one) gets the
// invite mail; a confirmed address is email_exists.
import { z } from 'zod';
import type { AuthContext } from '../../context.js';
import { fail } from '../../errors.js';
import { requireAdmin } from '../../request/guard.js';
import { json, parseBody, type AuthRequest } from '../../request/http.js';
import { resolveRedirect } from '../../request/redirects.js';
import { optionalObject, optionalString, validateEmail } from '../../request/validation.js';
import { createEmailUser } from '../../users/accounts.js';
import { findUserByEmail, isEmailConfirmed, reloadUser, userJson } from '../../users/users.js';

const InviteBody = z.object({ email: optionalString, data: optionalObject }).loose();

export async function inviteUser(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  await requireAdmin(c, ctx.keys);
  const body = await parseBody(c, InviteBody);
  const email = validateEmail(body.email);
  const redirectTo = resolveRedirect(c.req.query('redirect_to'), ctx.settings);
  const user = await ctx.db.transaction(async (tx) => {
    let user = await findUserByEmail(tx, email);
    if (user && isEmailConfirmed(user)) fail('email_exists');
    user ??= await createEmailUser(tx, {
      email,
      passwordHash: null,
      userMetadata: body.data ?? {},
      confirmed: false,
      invited: true,
    });
    await tx.query('update auth.users set invited_at = coalesce(invited_at, now()) where id = $1', [
      user.id,
    ]);
    await ctx.mailer.send(tx, {
      kind: 'invite',
      user,
      to: email,
      redirectTo,
      skipFrequencyCheck: true,
    });
    return userJson(tx, await reloadUser(tx, user.id));
  });
  return json(c, user);
}
