// GET /health, /settings and /.well-known/jwks.json.
import type { AuthContext } from '../context.js';
import { json, type AuthRequest } from '../request/http.js';

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

/** GET /health */
export async function health(c: AuthRequest): Promise<Response> {
  return json(c, {
    version: 'portal-emulator',
    name: 'GoTrue',
    description: 'GoTrue is a user registration and authentication API',
  });
}

/** GET /settings: which providers and features are on, as auth-js and the CLI read them. */
export async function publicSettings(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  const { settings } = ctx;
  const external: Record<string, boolean> = {};
  for (const provider of KNOWN_PROVIDERS)
    external[provider] = settings.oauthProviders.has(provider);
  for (const provider of settings.oauthProviders) external[provider] = true;
  external.anonymous_users = settings.anonymousEnabled;
  external.email = settings.emailSignupEnabled;
  external.phone = settings.phoneEnabled;
  external.saml = settings.samlEnabled;
  return json(c, {
    external,
    disable_signup: !settings.signupEnabled,
    mailer_autoconfirm: settings.autoconfirm,
    phone_autoconfirm: settings.smsAutoconfirm,
    sms_provider: '',
    saml_enabled: settings.samlEnabled,
  });
}

/**
 * GET /.well-known/jwks.json: the public halves of `signing_keys_path` (auth-js's getClaims()
 * verifies with them locally); none with HS256 only, and the client then falls back to GET /user.
 * GoTrue lets it be cached.
 */
export async function jwks(c: AuthRequest, ctx: AuthContext): Promise<Response> {
  c.header('Cache-Control', 'public, max-age=600');
  return json(c, { keys: ctx.keys.publicJwks });
}
