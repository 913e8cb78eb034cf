// POST /logout?scope=global|local|others — ends the caller's sessions (their refresh tokens stop
// working); access tokens stay valid until they expire, as with GoTrue.
import type { AuthContext } from '../../context.js';
import { fail } from '../../errors.js';
import { authenticate } from '../../request/guard.js';
import type { AuthRequest } from '../../request/http.js';
import { endSessions } from '../../sessions/sessions.js';

export async function logout(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  const { db, keys } = ctx;
  const { user, session } = await authenticate(c, db, keys);
  const scope = c.req.query('scope') ?? 'global';
  if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
    fail('validation_failed', `Unsupported logout scope "${scope}", use global, local or others`);
  }
  await db.transaction((tx) => endSessions(tx, user.id, session?.id ?? null, scope));
  return c.body(null, 204);
}
