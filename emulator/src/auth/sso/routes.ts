// SAML single sign-on as GoTrue serves it: POST /sso (the IdP's URL with a signed AuthnRequest,
// for a provider_id or an email domain, PKCE when the client sends a challenge), GET
// /sso/saml/metadata (the service provider's metadata), POST /sso/saml/acs (the IdP posts the
// signed response here: verified, the user found or created, a session or a PKCE code handed to
// redirect_to). All of /sso answers 404 saml_provider_disabled while SAML is off.
import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import { z } from 'zod';
import type { Queryable } from '../../db/database.js';
import type { GatewayEnv } from '../../http/gateway-env.js';
import { clientInfo, type AuthContext } from '../context.js';
import { AuthError, fail } from '../errors.js';
import { isUuid } from '../users/users.js';
import { json, parseBody, route, type AuthRequest } from '../request/http.js';
import { resolveRedirect } from '../request/redirects.js';
import { OAUTH_ERROR, withQuery, withSessionFragment } from '../request/redirect-urls.js';
import { optionalBoolean, optionalString } from '../request/validation.js';
import {
  createFlowState,
  findFlowState,
  issueAuthCode,
  pkceParams,
} from '../sessions/flow-state.js';
import { startSession } from '../sessions/sessions.js';
import { isBanned } from '../users/users.js';
import { emailOf, mappedClaims, readAssertion, userIdOf } from './assertion.js';
import {
  currentMetadata,
  findProviderByDomain,
  findProviderByEntityId,
  findProviderById,
  isProviderEnabled,
  metadataOf,
  providerType,
  type SsoProvider,
} from './providers.js';
import { SamlKeyStore } from './saml-keys.js';
import { NS, childAt, parseXml, textOf } from './saml-xml.js';
import {
  authnRequestUrl,
  newRequestId,
  serviceProviderMetadata,
  serviceProviderUrls,
  verifyResponse,
} from './service-provider.js';
import { identityData, userForSamlIdentity } from './sso-account.js';
import { testIdentityProviderRoutes } from './test-idp.js';

/** GoTrue's GOTRUE_SAML_RELAY_STATE_VALIDITY_PERIOD default. */
const RELAY_STATE_VALIDITY_MS = 2 * 60 * 1000;

const SingleSignOnParams = z
  .object({
    provider_id: optionalString,
    domain: optionalString,
    redirect_to: optionalString,
    skip_http_redirect: optionalBoolean,
    code_challenge: optionalString,
    code_challenge_method: optionalString,
  })
  .loose();

interface RelayStateRow {
  id: string;
  sso_provider_id: string;
  request_id: string;
  redirect_to: string | null;
  created_at: Date;
  flow_state_id: string | null;
}

const ACCESS_DENIED = new Set(['signup_disabled', 'user_banned']);

/**
 * GoTrue's SamlAcs failure: back to site_url with error, error_code, error_description in the
 * query (303); a status oauthErrorMap does not name is server_error.
 */
function acsErrorRedirect(siteUrl: string, error: AuthError): string {
  const url = new URL(siteUrl);
  url.searchParams.set(
    'error',
    ACCESS_DENIED.has(error.code) ? 'access_denied' : (OAUTH_ERROR[error.status] ?? 'server_error'),
  );
  url.searchParams.set('error_code', error.code);
  url.searchParams.set('error_description', error.message);
  return url.toString();
}

/** The assertion ID as used until it expires, so the same response never signs in twice. */
async function spendAssertion(tx: Queryable, id: string, until: Date | null): Promise<boolean> {
  await tx.query('delete from portal_emulator.saml_spent_assertions where usable_until < now()');
  const { rows } = await tx.query(
    `insert into portal_emulator.saml_spent_assertions (assertion_id, usable_until) values ($1, $2)
     on conflict (assertion_id) do nothing returning assertion_id`,
    [id, until ?? new Date(Date.now() + 24 * 60 * 60 * 1000)],
  );
  return rows.length === 1;
}

export function ssoRoutes(app: Hono<GatewayEnv>, ctx: AuthContext): void {
  const { db, settings } = ctx;
  const samlKeys = new SamlKeyStore(db);
  const urls = serviceProviderUrls(settings.apiUrl);
  testIdentityProviderRoutes(app, ctx, samlKeys, urls);

  function requireSamlEnabled(): void {
    if (!settings.samlEnabled) fail('saml_provider_disabled');
  }

  app.post(
    '/sso',
    route(ctx.log, async (c) => {
      requireSamlEnabled();
      const params = await parseBody(c, SingleSignOnParams);
      const providerId = params.provider_id ?? '';
      if (providerId && !isUuid(providerId)) {
        fail('bad_json', 'Could not parse request body as JSON: provider_id must be a UUID.');
      }
      const domain = params.domain ?? '';
      if (providerId && domain)
        fail('validation_failed', 'Only one of provider_id or domain supported');
      if (!providerId && !domain)
        fail('validation_failed', 'A provider_id or domain needs to be provided');
      const pkce = pkceParams(params.code_challenge, params.code_challenge_method);
      const provider = providerId
        ? await findProviderById(db, providerId)
        : await findProviderByDomain(db, domain);
      if (!provider) {
        fail(
          'sso_provider_not_found',
          providerId ? 'No such SSO provider' : 'No SSO provider assigned for this domain',
        );
      }
      if (!isProviderEnabled(provider)) fail('sso_provider_disabled');
      const metadata = metadataOf(provider);
      const requestId = newRequestId();
      const relayStateId = randomUUID();
      await db.transaction(async (tx) => {
        const flow = pkce
          ? await createFlowState(tx, {
              ...pkce,
              providerType: 'sso/saml',
              authenticationMethod: 'sso/saml',
              userId: null,
            })
          : null;
        await tx.query(
          `insert into auth.saml_relay_states (id, sso_provider_id, request_id, redirect_to, created_at, updated_at, flow_state_id)
           values ($1, $2, $3, $4, now(), now(), $5)`,
          [relayStateId, provider.id, requestId, params.redirect_to ?? '', flow?.id ?? null],
        );
      });
      const url = await authnRequestUrl(
        urls,
        metadata,
        await samlKeys.get('service_provider'),
        { id: requestId, relayState: relayStateId, nameIdFormat: provider.nameIdFormat },
      );
      if (params.skip_http_redirect) return json(c, { url });
      return c.redirect(url, 303);
    }),
  );

  app.get(
    '/sso/saml/metadata',
    route(ctx.log, async (c) => {
      requireSamlEnabled();
      const download = c.req.query('download') === 'true';
      // GoTrue marks a downloaded file valid for five years, as Google Workspace does.
      const validUntil = download ? new Date(Date.now() + 5 * 365 * 24 * 60 * 60 * 1000) : null;
      const xml = serviceProviderMetadata(urls, await samlKeys.get('service_provider'), validUntil);
      return c.body(xml, 200, {
        'content-type': 'application/xml',
        'cache-control': 'public, max-age=600',
        ...(download ? { 'content-disposition': 'attachment; filename="metadata.xml"' } : {}),
      });
    }),
  );

  /** The provider, request and destination a posted response belongs to (GoTrue's handleSamlAcs, first half). */
  async function responseContext(form: Record<string, string>): Promise<{
    provider: SsoProvider;
    requestId: string | null;
    redirectTo: string;
    flowStateId: string | null;
  }> {
    const relayStateValue = form.RelayState ?? '';
    if (isUuid(relayStateValue)) {
      const relayState = await db.transaction(async (tx) => {
        const { rows } = await tx.query<RelayStateRow>(
          `delete from auth.saml_relay_states where id = $1
           returning id, sso_provider_id, request_id, redirect_to, created_at, flow_state_id`,
          [relayStateValue],
        );
        return rows[0] ?? null;
      });
      if (!relayState) fail('saml_relay_state_not_found');
      if (Date.now() - new Date(relayState.created_at).getTime() >= RELAY_STATE_VALIDITY_MS)
        fail('saml_relay_state_expired');
      const provider = await findProviderById(db, relayState.sso_provider_id);
      if (!provider) fail('unexpected_failure', 'Unable to find SSO Provider from SAML RelayState');
      if (!isProviderEnabled(provider)) fail('sso_provider_disabled');
      return {
        provider,
        requestId: relayState.request_id,
        redirectTo: relayState.redirect_to ?? '',
        flowStateId: relayState.flow_state_id,
      };
    }
    let relayStateUrl: URL | null = null;
    try {
      relayStateUrl = relayStateValue ? new URL(relayStateValue) : null;
    } catch {
      relayStateUrl = null;
    }
    if (relayStateValue && !relayStateUrl)
      fail('validation_failed', 'SAML RelayState is not a valid UUID or URL');
    // Started at the identity provider: the response names its issuer.
    if (form.SAMLart)
      fail('validation_failed', 'SAML Artifact response can only be used with SP initiated flow');
    const samlResponse = form.SAMLResponse ?? '';
    if (!samlResponse) fail('validation_failed', 'SAMLResponse is missing');
    // Go's base64.StdEncoding: padded standard alphabet, line breaks ignored.
    const base64 = samlResponse.replace(/[\r\n]/g, '');
    if (base64.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(base64))
      fail('validation_failed', 'SAMLResponse is not a valid Base64 string');
    const decoded = Buffer.from(base64, 'base64');
    let issuer: string;
    try {
      issuer = textOf(childAt(parseXml(decoded.toString('utf8')), [NS.assertion, 'Issuer']));
    } catch {
      fail('validation_failed', 'SAMLResponse is not a valid XML SAML assertion');
    }
    const provider = await findProviderByEntityId(db, issuer);
    if (!provider) fail('saml_idp_not_found');
    if (!isProviderEnabled(provider)) fail('sso_provider_disabled');
    return { provider, requestId: null, redirectTo: relayStateValue, flowStateId: null };
  }

  async function consumeResponse(c: AuthRequest, form: Record<string, string>): Promise<string> {
    const { provider, requestId, redirectTo, flowStateId } = await responseContext(form);
    const metadata = await currentMetadata(db, provider, ctx.log);
    let assertionXml: string;
    try {
      const profile = await verifyResponse(urls, metadata, form.SAMLResponse ?? '', requestId);
      assertionXml = profile.getAssertionXml?.() ?? '';
    } catch (error) {
      fail('validation_failed', `SAML Assertion is not valid: ${(error as Error).message}`);
    }
    const assertion = readAssertion(assertionXml);
    // What crewjam/saml checks beside node-saml: the assertion is for this ACS, from this IdP.
    if (!assertion.recipients.includes(urls.acsUrl)) {
      fail(
        'validation_failed',
        `SAML Assertion is not valid: SubjectConfirmation Recipient is not ${urls.acsUrl}`,
      );
    }
    if (assertion.issuer !== provider.entityId) {
      fail(
        'validation_failed',
        `SAML Assertion is not valid: Issuer does not match the IdP metadata (expected ${provider.entityId})`,
      );
    }
    const subject = userIdOf(assertion);
    if (!subject) fail('saml_assertion_no_user_id');
    const claims = mappedClaims(assertion, provider.attributeMapping);
    const mappedEmail = typeof claims.email === 'string' ? claims.email : '';
    const email = mappedEmail || emailOf(assertion);
    if (!email) fail('saml_assertion_no_email');
    const target = resolveRedirect(redirectTo || null, settings);
    return db.transaction(async (tx) => {
      if (!(await spendAssertion(tx, assertion.id, assertion.notOnOrAfter))) {
        fail('validation_failed', 'SAML Assertion is not valid: it was already used');
      }
      const user = await userForSamlIdentity(
        tx,
        {
          provider: providerType(provider),
          subject,
          email,
          data: identityData(claims, subject, provider.entityId, email),
        },
        settings.signupEnabled,
      );
      if (isBanned(user)) fail('user_banned');
      if (flowStateId) {
        const flow = await findFlowState(tx, flowStateId);
        if (!flow) fail('flow_state_not_found');
        if (flow.user_id) fail('flow_state_already_used');
        return withQuery(target, { code: await issueAuthCode(tx, flow, user.id) });
      }
      const session = await startSession(tx, ctx, user, 'sso/saml', clientInfo(c));
      return withSessionFragment(target, session);
    });
  }

  app.post(
    '/sso/saml/acs',
    route(ctx.log, async (c) => {
      requireSamlEnabled();
      const body = await c.req.parseBody();
      const form = Object.fromEntries(
        Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      );
      let target: string;
      try {
        target = await consumeResponse(c, form);
      } catch (error) {
        if (!(error instanceof AuthError)) throw error;
        return c.redirect(acsErrorRedirect(settings.siteUrl, error), 303);
      }
      return c.redirect(target, 302);
    }),
  );
}
