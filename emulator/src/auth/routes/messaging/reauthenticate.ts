// GET /reauthenticate — GoTrue's Reauthenticate: a nonce for a password change, by mail or, for a
// user with only a phone, by SMS (into the mailbox).
import type { AuthContext } from '../../context.js';
import { fail } from '../../errors.js';
import { authenticate } from '../../request/guard.js';
import { json, type AuthRequest } from '../../request/http.js';

export async function reauthenticate(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  const { db, keys, settings } = ctx;
  const { user } = await authenticate(c, db, keys);
  if (!user.email && !user.phone) {
    fail(
      'validation_failed',
      'Reauthentication requires the user to have an email or a phone number',
    );
  }
  if (!user.email) {
    await db.transaction((tx) =>
      ctx.sms.send(tx, { kind: 'reauthentication', user, phone: user.phone! }),
    );
    return json(c, {});
  }
  await db.transaction((tx) =>
    ctx.mailer.send(tx, {
      kind: 'reauthentication',
      user,
      to: user.email!,
      redirectTo: settings.siteUrl,
    }),
  );
  return json(c, {});
}
