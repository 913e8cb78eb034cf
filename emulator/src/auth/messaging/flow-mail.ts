// A sign-in mail whose link the client may finish with PKCE: the flow state is recorded first
// (only when the client sent a code challenge), then the mail goes out in the same transaction.
import type { Queryable } from '../../db/database.js';
import { startPkceFlow, type PkceParams } from '../sessions/flow-state.js';
import type { UserRow } from '../users/users.js';
import type { Mailer } from './mailer.js';

/** GoTrue's flow-state provider type and authentication method for each kind of mail. */
const FLOWS = {
  confirmation: { providerType: 'email', authenticationMethod: 'email/signup' },
  magiclink: { providerType: 'email', authenticationMethod: 'magiclink' },
  recovery: { providerType: 'recovery', authenticationMethod: 'recovery' },
} as const;

export async function sendFlowMail(
  tx: Queryable,
  mailer: Mailer,
  pkce: PkceParams | null,
  mail: { kind: keyof typeof FLOWS; user: UserRow; to: string; redirectTo: string },
): Promise<void> {
  await startPkceFlow(tx, pkce, { ...FLOWS[mail.kind], userId: mail.user.id });
  await mailer.send(tx, { ...mail, pkce: Boolean(pkce) });
}
