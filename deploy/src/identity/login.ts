// `portal-deploy login`: a person signs in to the project's auth — email and password, or a code
// emailed to them — and, when their account has a second factor, with its code too. The session
// is kept in the session file (0600) for later commands, refreshed as it nears its end.
import { DeployError, DeployErrorCode } from '../errors.js';
import { ask } from './ask.js';
import { sessionAuth, type ProjectAddress } from './project-connection.js';
import { forgetProject, sessionFilePath } from './session-file.js';

export interface LoginOptions {
  email: string;
  /** The password; absent, it is asked for (or the code of --otp). */
  password?: string;
  /** Sign in with a code emailed to the person instead of a password. */
  otp?: boolean;
  /** The emailed code, when it was sent by an earlier `login --otp` (no terminal to ask on). */
  code?: string;
  /** The second factor's current code (TOTP), when the account has one. */
  totpCode?: string;
}

export async function login(address: ProjectAddress, options: LoginOptions, env: NodeJS.ProcessEnv = process.env): Promise<{ email: string; aal: string }> {
  const auth = sessionAuth(address, env);
  const refused = (message: string) => new DeployError(DeployErrorCode.NotSignedIn, `${address.projectUrl} refused the sign-in of ${options.email}: ${message}.`);
  if (options.otp || options.code) {
    let code = options.code;
    if (!code) {
      const sent = await auth.signInWithOtp({ email: options.email, options: { shouldCreateUser: false } });
      if (sent.error) throw refused(sent.error.message);
      code = await ask(`The code emailed to ${options.email}: `, { otherwise: `pass it with: portal-deploy login --email ${options.email} --code <code>` });
    }
    const verified = await auth.verifyOtp({ email: options.email, token: code, type: 'email' });
    if (verified.error) throw refused(verified.error.message);
  } else {
    const password =
      options.password ??
      (await ask(`Password of ${options.email}: `, { secret: true, otherwise: 'pipe it in with --password-stdin, or use --otp for an emailed code' }));
    const signedIn = await auth.signInWithPassword({ email: options.email, password });
    if (signedIn.error) throw refused(signedIn.error.message);
  }
  const level = await auth.mfa.getAuthenticatorAssuranceLevel();
  if (level.data && level.data.nextLevel === 'aal2' && level.data.currentLevel !== 'aal2') {
    const factors = await auth.mfa.listFactors();
    const factor = factors.data?.totp[0];
    if (!factor) throw refused('the account needs a second factor this command cannot ask for (only an authenticator app code, TOTP)');
    const code = options.totpCode ?? (await ask('The code of your authenticator app: ', { otherwise: 'pass it with --totp-code <code>' }));
    const verified = await auth.mfa.challengeAndVerify({ factorId: factor.id, code });
    if (verified.error) throw refused(verified.error.message);
  }
  const { data } = await auth.getSession();
  const aal = (data.session ? JSON.parse(Buffer.from(data.session.access_token.split('.')[1]!, 'base64url').toString('utf8')).aal : null) as string | null;
  return { email: options.email, aal: aal ?? 'aal1' };
}

/** Ends the session on the server and forgets it here. */
export async function logout(address: ProjectAddress, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  await sessionAuth(address, env).signOut({ scope: 'local' });
  forgetProject(sessionFilePath(env), address.projectUrl);
}
