// The Auth service (/auth/v1), GoTrue-compatible: builds the shared context and mounts the
// routes, one module per area of the API.
import { Hono } from 'hono';
import type { GatewayEnv, ServiceFactory } from '../http/gateway-env.js';
import type { AuthContext } from './context.js';
import { AuthError, fail } from './errors.js';
import { apiVersionOf, errorResponse, MAX_BODY_BYTES, route } from './request/http.js';
import { BcryptPool } from './users/bcrypt-pool.js';
import { Mailer } from './messaging/mailer.js';
import { RateLimiter } from './request/rate-limit.js';
import { SmsSender } from './messaging/sms.js';
import { adminRoutes } from './routes/admin/users.js';
import { factorRoutes } from './routes/factors/factors.js';
import { metaRoutes } from './routes/meta.js';
import { oauthRoutes } from './routes/identities/oauth.js';
import { oauthServerRoutes } from './routes/admin/oauth-clients.js';
import { otpRoutes } from './routes/messaging/otp.js';
import { signupRoutes } from './routes/users/signup.js';
import { tokenRoutes } from './routes/tokens/token.js';
import { userRoutes } from './routes/users/user.js';
import { verifyRoutes } from './routes/messaging/verify.js';
import { authSettings } from './settings.js';

export const authService: ServiceFactory = (service) => {
  const settings = authSettings(service.config, service.apiUrl);
  const limiter = new RateLimiter();
  const hasher = new BcryptPool();
  const ctx: AuthContext = {
    settings,
    db: service.db,
    keys: service.keys,
    mailbox: service.mailbox,
    limiter,
    mailer: new Mailer(settings, service.mailbox, limiter),
    sms: new SmsSender(settings, service.mailbox, limiter),
    hasher,
    log: (line) => console.error(line),
  };
  const app = new Hono<GatewayEnv>();
  metaRoutes(app, ctx);
  signupRoutes(app, ctx);
  tokenRoutes(app, ctx);
  otpRoutes(app, ctx);
  verifyRoutes(app, ctx);
  userRoutes(app, ctx);
  factorRoutes(app, ctx);
  oauthRoutes(app, ctx);
  adminRoutes(app, ctx);
  oauthServerRoutes(app, ctx);
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
