// The Auth service (/auth/v1), GoTrue-compatible: builds the shared context and routes every
// endpoint to its named handler in routes/ (see README.md); every failure leaves in GoTrue's shape.
import { Hono } from 'hono';
import type { GatewayEnv } from '../http/gateway-env.js';
import type { ServiceFactory } from '../http/service.js';
import type { AuthContext, AuthHandler } from './context.js';
import { AuthError, fail } from './errors.js';
import { apiVersionOf, errorResponse, MAX_BODY_BYTES, route } from './request/http.js';
import { BcryptPool } from './users/bcrypt-pool.js';
import { runningEffectsAfterCommit } from './after-commit.js';
import { Mailer } from './messaging/mailer.js';
import { RateLimiter } from './request/rate-limit.js';
import { SmsSender } from './messaging/sms.js';
import { createUser } from './routes/admin/create-user.js';
import { deleteUser } from './routes/admin/delete-user.js';
import { deleteUserFactor } from './routes/admin/delete-user-factor.js';
import { generateLink } from './routes/admin/generate-link.js';
import { getUser } from './routes/admin/get-user.js';
import { inviteUser } from './routes/admin/invite-user.js';
import { listUserFactors } from './routes/admin/list-user-factors.js';
import { listUsers } from './routes/admin/list-users.js';
import {
  deleteOAuthClient,
  getOAuthClient,
  listOAuthClients,
  oauthServerDisabledOnly,
  regenerateOAuthClientSecret,
  registerOAuthClient,
  updateOAuthClient,
} from './routes/admin/oauth-clients.js';
import { updateUser } from './routes/admin/update-user.js';
import { oauthAuthorize } from './routes/oauth-server/authorize.js';
import {
  consentToOAuthAuthorization,
  getOAuthAuthorization,
} from './routes/oauth-server/authorizations.js';
import { listOAuthGrants, revokeOAuthGrant } from './routes/oauth-server/grants.js';
import {
  oauthAuthorizationServerMetadata,
  openIdConfiguration,
} from './routes/oauth-server/metadata.js';
import { registerOAuthClientDynamically } from './routes/oauth-server/register.js';
import { oauthToken } from './routes/oauth-server/token.js';
import { oauthUserInfo } from './routes/oauth-server/userinfo.js';
import {
  challengeFactor,
  enrollFactor,
  unenrollFactor,
  verifyFactor,
} from './routes/factors/factors.js';
import {
  deletePasskey,
  listPasskeys,
  passkeyAuthenticationOptions,
  passkeyAuthenticationVerify,
  passkeyRegistrationOptions,
  passkeyRegistrationVerify,
  updatePasskey,
} from './routes/factors/passkeys.js';
import { authorize, callback, linkIdentity, unlinkIdentity } from './routes/identities/oauth.js';
import {
  testProviderApprove,
  testProviderIdToken,
  testProviderPage,
} from './routes/identities/test-provider.js';
import { emailOtp, recover, resend } from './routes/messaging/otp.js';
import { reauthenticate } from './routes/messaging/reauthenticate.js';
import { verifyLink, verifyToken } from './routes/messaging/verify.js';
import { health, jwks, publicSettings } from './routes/meta.js';
import { logout } from './routes/tokens/logout.js';
import { token } from './routes/tokens/token.js';
import { signup } from './routes/users/signup.js';
import { getCurrentUser, updateCurrentUser } from './routes/users/user.js';
import { deleteUserPasskey, listUserPasskeys } from './routes/admin/user-passkeys.js';
import { authSettings } from './settings.js';
import {
  createSsoProvider,
  deleteSsoProvider,
  getSsoProvider,
  listSsoProviders,
  updateSsoProvider,
} from './sso/providers-admin.js';
import { ssoRoutes } from './sso/routes.js';

export const authService: ServiceFactory = (service) => {
  const settings = authSettings(service.config, service.apiUrl);
  const limiter = new RateLimiter();
  const hasher = new BcryptPool(service.config.bcryptCost ?? undefined);
  const ctx: AuthContext = {
    settings,
    db: runningEffectsAfterCommit(service.db),
    keys: service.keys,
    mailbox: service.mailbox,
    limiter,
    mailer: new Mailer(settings, service.mailbox, limiter),
    sms: new SmsSender(settings, service.mailbox, limiter),
    hasher,
    log: (line) => console.error(line),
  };
  const app = new Hono<GatewayEnv>();
  /** A named handler behind the wrapper that answers every failure in GoTrue's shape. */
  const on = (handler: AuthHandler) => route(ctx.log, (c) => handler(c, ctx));
  app.get('/health', on(health));
  app.get('/settings', on(publicSettings));
  app.get('/.well-known/jwks.json', on(jwks));

  // Sign-up, sign-in and sessions.
  app.post('/signup', on(signup));
  app.post('/token', on(token));
  app.post('/logout', on(logout));

  // One-time codes and links: sent by mail or SMS, then verified.
  app.post('/otp', on(emailOtp));
  app.post('/magiclink', on(emailOtp));
  app.post('/recover', on(recover));
  app.post('/resend', on(resend));
  app.get('/reauthenticate', on(reauthenticate));
  app.post('/verify', on(verifyToken));
  app.get('/verify', on(verifyLink));

  // The signed-in user.
  app.get('/user', on(getCurrentUser));
  app.put('/user', on(updateCurrentUser));

  // MFA factors.
  app.post('/factors', on(enrollFactor));
  app.post('/factors/:id/challenge', on(challengeFactor));
  app.post('/factors/:id/verify', on(verifyFactor));
  app.delete('/factors/:id', on(unenrollFactor));

  // Passkeys: discoverable keys that sign in on their own.
  app.post('/passkeys/registration/options', on(passkeyRegistrationOptions));
  app.post('/passkeys/registration/verify', on(passkeyRegistrationVerify));
  app.post('/passkeys/authentication/options', on(passkeyAuthenticationOptions));
  app.post('/passkeys/authentication/verify', on(passkeyAuthenticationVerify));
  app.get('/passkeys', on(listPasskeys));
  app.patch('/passkeys/:id', on(updatePasskey));
  app.delete('/passkeys/:id', on(deletePasskey));

  // External identities: the built-in test OAuth provider and the OAuth round trip.
  app.get('/test-provider/authorize', on(testProviderPage));
  app.get('/test-provider/approve', on(testProviderApprove));
  app.post('/test-provider/id-token', on(testProviderIdToken));
  app.get('/authorize', on(authorize));
  app.get('/user/identities/authorize', on(linkIdentity));
  app.get('/callback', on(callback));
  app.delete('/user/identities/:id', on(unlinkIdentity));
  ssoRoutes(app, ctx);

  // Admin API (service_role or supabase_admin).
  app.post('/admin/users', on(createUser));
  app.get('/admin/users', on(listUsers));
  app.get('/admin/users/:id', on(getUser));
  app.put('/admin/users/:id', on(updateUser));
  app.delete('/admin/users/:id', on(deleteUser));
  app.get('/admin/users/:id/factors', on(listUserFactors));
  app.delete('/admin/users/:id/factors/:factorId', on(deleteUserFactor));
  app.get('/admin/users/:id/passkeys', on(listUserPasskeys));
  app.delete('/admin/users/:id/passkeys/:passkeyId', on(deleteUserPasskey));
  app.post('/invite', on(inviteUser));
  app.post('/admin/generate_link', on(generateLink));
  app.post('/admin/oauth/clients', on(registerOAuthClient));
  app.get('/admin/oauth/clients', on(listOAuthClients));
  app.get('/admin/oauth/clients/:id', on(getOAuthClient));
  app.put('/admin/oauth/clients/:id', on(updateOAuthClient));
  app.delete('/admin/oauth/clients/:id', on(deleteOAuthClient));
  app.post('/admin/oauth/clients/:id/regenerate_secret', on(regenerateOAuthClientSecret));
  app.get('/admin/sso/providers', on(listSsoProviders));
  app.post('/admin/sso/providers', on(createSsoProvider));
  app.get('/admin/sso/providers/:id', on(getSsoProvider));
  app.put('/admin/sso/providers/:id', on(updateSsoProvider));
  app.delete('/admin/sso/providers/:id', on(deleteSsoProvider));
  // The OAuth 2.1 server: the project as a third-party app's identity provider.
  app.get('/.well-known/oauth-authorization-server', on(oauthAuthorizationServerMetadata));
  app.get('/.well-known/openid-configuration', on(openIdConfiguration));
  app.get('/oauth/authorize', on(oauthAuthorize));
  app.get('/oauth/authorizations/:id', on(getOAuthAuthorization));
  app.post('/oauth/authorizations/:id/consent', on(consentToOAuthAuthorization));
  app.post('/oauth/token', on(oauthToken));
  app.get('/oauth/userinfo', on(oauthUserInfo));
  app.post('/oauth/clients/register', on(registerOAuthClientDynamically));
  app.get('/user/oauth/grants', on(listOAuthGrants));
  app.delete('/user/oauth/grants', on(revokeOAuthGrant));
  app.all('/oauth/*', on(oauthServerDisabledOnly));

  app.all(
    '*',
    route(ctx.log, async (c) =>
      fail('not_found', `No auth endpoint ${c.req.method} ${new URL(c.req.url).pathname}`),
    ),
  );
  return {
    mount: '/auth/v1',
    app,
    // GoTrue reads at most 1 MiB of a body; counted while it streams, so a chunked body is bounded too.
    bodyLimit: {
      bytesFor: () => MAX_BODY_BYTES,
      tooLarge: (c, limit) =>
        errorResponse(
          new AuthError('request_too_large', `The request body is larger than ${limit} bytes.`),
          apiVersionOf(c),
          ctx.log,
        ),
    },
    close: () => hasher.close(),
  };
};
