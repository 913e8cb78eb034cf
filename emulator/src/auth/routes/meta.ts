// GET /health, /settings and /.well-known/jwks.json.
import type { Hono } from 'hono';
import type { GatewayEnv } from '../../http/gateway-env.js';
import type { AuthContext } from '../context.js';
import { json, route } from '../http.js';

/** Providers GoTrue lists in /settings; those served locally read true. */
const KNOWN_PROVIDERS = [
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'spotify',
  'slack',
  'slack_oidc',
  'workos',
  'twitch',
  'twitter',
  'x',
  'zoom',
];

export function metaRoutes(app: Hono<GatewayEnv>, ctx: AuthContext): void {
  const { settings } = ctx;
  app.get(
    '/health',
    route(ctx.log, async (c) =>
      json(c, {
        version: 'portal-emulator',
        name: 'GoTrue',
        description: 'GoTrue is a user registration and authentication API',
      }),
    ),
  );
  app.get(
    '/settings',
    route(ctx.log, async (c) => {
      const external: Record<string, boolean> = {};
      for (const provider of KNOWN_PROVIDERS)
        external[provider] = settings.oauthProviders.has(provider);
      for (const provider of settings.oauthProviders) external[provider] = true;
      external.anonymous_users = settings.anonymousEnabled;
      external.email = settings.emailSignupEnabled;
      external.phone = settings.phoneEnabled;
      return json(c, {
        external,
        disable_signup: !settings.signupEnabled,
        mailer_autoconfirm: settings.autoconfirm,
        phone_autoconfirm: settings.smsAutoconfirm,
        sms_provider: '',
        saml_enabled: false,
      });
    }),
  );
  // HS256 tokens have no public key to publish; the client then falls back to GET /user.
  app.get(
    '/.well-known/jwks.json',
    route(ctx.log, async (c) => json(c, { keys: [] })),
  );
}
