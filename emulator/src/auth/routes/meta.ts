// GET /health, /settings and /.well-known/jwks.json.
import type { Hono } from 'hono';
import type { GatewayEnv } from '../../http/gateway-env.js';
import type { AuthContext } from '../context.js';
import { json, route } from '../request/http.js';

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
        saml_enabled: settings.samlEnabled,
      });
    }),
  );
  // The public halves of `signing_keys_path` (auth-js's getClaims() verifies with them locally);
  // none with HS256 only, and the client then falls back to GET /user. GoTrue lets it be cached.
  app.get(
    '/.well-known/jwks.json',
    route(ctx.log, async (c) => {
      c.header('Cache-Control', 'public, max-age=600');
      return json(c, { keys: ctx.keys.publicJwks });
    }),
  );
}
