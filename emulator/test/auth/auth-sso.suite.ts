// SAML single sign-on through supabase-js and the emulator's built-in test identity provider,
// over real HTTP as a browser would go: signInWithSSO → the IdP's page (reads the signed
// AuthnRequest) → its form → the signed response posted to the ACS → redirect_to with a
// session (implicit) or a code (PKCE). Shared by the PGlite and real PostgreSQL specs.
import type { SupabaseClient } from '@supabase/supabase-js';
import { ANON_KEY, SERVICE_ROLE_KEY, startTestEmulator, type TestEmulator } from '../harness.js';

const REDIRECT_TO = 'http://127.0.0.1:3999/welcome';

/** The hidden inputs and action of the page's form (values are HTML-escaped as &#NN;). */
export function readForm(html: string): { action: string; fields: Record<string, string> } {
  const unescape = (value: string) =>
    value.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
  const action = /<form[^>]*action="([^"]*)"/.exec(html)?.[1];
  if (!action) throw new Error(`no form in the page:\n${html.slice(0, 500)}`);
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[match[1]!] = unescape(match[2]!);
  }
  return { action: unescape(action), fields };
}

export interface IdpChoice {
  email: string;
  name?: string;
  audience?: string;
  expired?: boolean;
}

/** What the test IdP's browser hand-off posts to the ACS, after the person signs in there. */
export async function signInAtIdp(
  idpUrl: string,
  who: IdpChoice,
): Promise<{ acs: string; fields: Record<string, string> }> {
  const signInPage = await fetch(idpUrl);
  expect(signInPage.status).toBe(200);
  const form = readForm(await signInPage.text());
  const answer = await fetch(form.action, {
    method: 'POST',
    body: new URLSearchParams({
      ...form.fields,
      email: who.email,
      name: who.name ?? '',
      audience: who.audience ?? '',
      ...(who.expired ? { expired: 'true' } : {}),
    }),
  });
  expect(answer.status).toBe(200);
  const handOff = readForm(await answer.text());
  return { acs: handOff.action, fields: handOff.fields };
}

/** Posts to the ACS as the browser's form would; answers where the ACS redirects. */
export async function postToAcs(acs: string, fields: Record<string, string>): Promise<URL> {
  const response = await fetch(acs, {
    method: 'POST',
    body: new URLSearchParams(fields),
    redirect: 'manual',
  });
  expect([302, 303]).toContain(response.status);
  return new URL(response.headers.get('location')!);
}

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

function claimsOf(accessToken: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString('utf8'));
}

export function describeSso(name: string, options: { postgres?: boolean } = {}): void {
  describe(name, () => {
    jest.setTimeout(60_000);

    let emulator: TestEmulator;
    let idpMetadataUrl: string;
    let providerId: string;

    const adminFetch = (path: string, init: RequestInit = {}) =>
      fetch(`${emulator.apiUrl}/auth/v1${path}`, {
        ...init,
        headers: {
          apikey: SERVICE_ROLE_KEY,
          authorization: `Bearer ${SERVICE_ROLE_KEY}`,
          'content-type': 'application/json',
          'x-supabase-api-version': '2024-01-01',
        },
      });

    const implicitClient = () =>
      emulator.client(ANON_KEY, { auth: { flowType: 'implicit' } });

    beforeAll(async () => {
      emulator = await startTestEmulator({
        configToml: '[auth.saml]\nenabled = true\n',
        // Lets the test make a provider's stored metadata a stale copy with a wrong certificate.
        files: {
          'migrations/20240101000000_stale_saml_metadata.sql': `
            create function public.make_saml_metadata_stale(provider uuid, certificate text) returns void
              language sql security definer set search_path = '' as $$
              update auth.saml_providers
                set metadata_xml = regexp_replace(metadata_xml, '<ds:X509Certificate>[^<]*</ds:X509Certificate>',
                      '<ds:X509Certificate>' || certificate || '</ds:X509Certificate>'),
                    updated_at = now() - interval '2 days'
                where sso_provider_id = provider
            $$;`,
        },
        postgres: options.postgres ?? false,
      });
      idpMetadataUrl = `${emulator.apiUrl}/auth/v1/test-saml-idp/metadata`;
    }, 120_000);

    afterAll(() => emulator?.stop(), 60_000);

    it('registers the test IdP from its metadata URL, then from its XML, with GoTrue’s answers', async () => {
      const byUrl = await adminFetch('/admin/sso/providers', {
        method: 'POST',
        body: JSON.stringify({
          type: 'saml',
          metadata_url: idpMetadataUrl,
          domains: ['acme.test'],
        }),
      });
      expect(byUrl.status).toBe(201);
      const fromUrl = (await byUrl.json()) as { id: string; saml: Record<string, unknown> };
      expect(fromUrl.saml).toMatchObject({
        entity_id: idpMetadataUrl,
        metadata_url: idpMetadataUrl,
        metadata_xml: expect.stringContaining('IDPSSODescriptor'),
      });

      const again = await adminFetch('/admin/sso/providers', {
        method: 'POST',
        body: JSON.stringify({ type: 'saml', metadata_url: idpMetadataUrl }),
      });
      expect(again.status).toBe(422);
      expect(await again.json()).toMatchObject({ code: 'saml_idp_already_exists' });

      const deleted = await adminFetch(`/admin/sso/providers/${fromUrl.id}`, { method: 'DELETE' });
      expect(deleted.status).toBe(200);
      expect(await deleted.json()).toMatchObject({ id: fromUrl.id });
      const gone = await adminFetch(`/admin/sso/providers/${fromUrl.id}`);
      expect(gone.status).toBe(404);
      expect(await gone.json()).toMatchObject({
        code: 'sso_provider_not_found',
        message: 'SSO Identity Provider not found',
      });

      const metadataXml = await (await fetch(idpMetadataUrl)).text();
      const byXml = await adminFetch('/admin/sso/providers', {
        method: 'POST',
        body: JSON.stringify({
          type: 'saml',
          metadata_xml: metadataXml,
          domains: ['acme.test'],
          attribute_mapping: { keys: { name: { name: 'name' } } },
        }),
      });
      expect(byXml.status).toBe(201);
      const created = (await byXml.json()) as Record<string, unknown> & { id: string };
      providerId = created.id;
      expect(created).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        disabled: null,
        saml: {
          entity_id: idpMetadataUrl,
          metadata_xml: metadataXml,
          attribute_mapping: { keys: { name: { name: 'name' } } },
        },
        domains: [{ domain: 'acme.test' }],
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });

      const listed = await adminFetch('/admin/sso/providers');
      expect(listed.status).toBe(200);
      const { items } = (await listed.json()) as { items: Record<string, unknown>[] };
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({ id: providerId, domains: [{ domain: 'acme.test' }] });
      expect(items[0]!.saml).not.toHaveProperty('metadata_xml');

      const updated = await adminFetch(`/admin/sso/providers/${providerId}`, {
        method: 'PUT',
        body: JSON.stringify({
          domains: ['acme.test', 'acme-labs.test'],
          attribute_mapping: { keys: { name: { name: 'name' } } },
        }),
      });
      expect(updated.status).toBe(200);
      expect(await updated.json()).toMatchObject({
        domains: [{ domain: 'acme.test' }, { domain: 'acme-labs.test' }],
      });
    });

    it('refuses bad registrations with GoTrue’s codes and messages', async () => {
      const post = async (body: unknown) => {
        const response = await adminFetch('/admin/sso/providers', {
          method: 'POST',
          body: JSON.stringify(body),
        });
        return { status: response.status, body: await response.json() };
      };
      expect(await post({ metadata_url: idpMetadataUrl })).toEqual({
        status: 400,
        body: { code: 'validation_failed', message: "Only 'saml' supported for SSO provider type" },
      });
      expect(await post({ type: 'saml' })).toEqual({
        status: 400,
        body: {
          code: 'validation_failed',
          message: 'Either metadata_xml or metadata_url must be set',
        },
      });
      expect(await post({ type: 'saml', metadata_url: 'http://idp.example.com/metadata' })).toEqual(
        {
          status: 400,
          body: { code: 'validation_failed', message: 'metadata_url is not a HTTPS URL' },
        },
      );
      const otherIdp = `<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://idp.other.test">
        <IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol"/></EntityDescriptor>`;
      const taken = await post({ type: 'saml', metadata_xml: otherIdp, domains: ['acme.test'] });
      expect(taken.status).toBe(400);
      expect(taken.body).toEqual({
        code: 'sso_domain_already_exists',
        message: `SSO Domain 'acme.test' is already assigned to an SSO identity provider (${providerId})`,
      });
      expect(await post({ type: 'saml', metadata_xml: '<EntityDescriptor' })).toMatchObject({
        status: 400,
        body: { code: 'validation_failed' },
      });

      const asUser = await fetch(`${emulator.apiUrl}/auth/v1/admin/sso/providers`, {
        headers: { apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY}` },
      });
      expect(asUser.status).toBe(403);
    });

    it('serves the service provider metadata, as a download on request, and says SAML is on in /settings', async () => {
      const metadata = await fetch(`${emulator.apiUrl}/auth/v1/sso/saml/metadata`);
      expect(metadata.status).toBe(200);
      expect(metadata.headers.get('content-type')).toContain('application/xml');
      const xml = await metadata.text();
      expect(xml).toContain(`entityID="${emulator.apiUrl}/auth/v1/sso/saml/metadata"`);
      expect(xml).toContain(`Location="${emulator.apiUrl}/auth/v1/sso/saml/acs"`);
      expect(xml).not.toContain('validUntil');
      const download = await fetch(`${emulator.apiUrl}/auth/v1/sso/saml/metadata?download=true`);
      expect(download.headers.get('content-disposition')).toBe(
        'attachment; filename="metadata.xml"',
      );
      expect(await download.text()).toContain('validUntil=');
      const settings = await fetch(`${emulator.apiUrl}/auth/v1/settings`, {
        headers: { apikey: ANON_KEY },
      });
      expect(await settings.json()).toMatchObject({ saml_enabled: true, external: { saml: true } });
    });

    it('signs in by domain (implicit flow): a session for an SSO user with the sso identity', async () => {
      const supabase = implicitClient();
      const { data, error } = await supabase.auth.signInWithSSO({
        domain: 'acme.test',
        options: { redirectTo: REDIRECT_TO },
      });
      expect(error).toBeNull();
      expect(data!.url).toMatch(
        new RegExp(`^${emulator.apiUrl}/auth/v1/test-saml-idp/sso\\?SAMLRequest=.+&RelayState=.+&SigAlg=.+&Signature=`),
      );

      const { acs, fields } = await signInAtIdp(data!.url, {
        email: 'Ada@Acme.test',
        name: 'Ada Lovelace',
      });
      expect(acs).toBe(`${emulator.apiUrl}/auth/v1/sso/saml/acs`);
      const landing = await postToAcs(acs, fields);
      expect(`${landing.origin}${landing.pathname}`).toBe(REDIRECT_TO);
      const session = new URLSearchParams(landing.hash.slice(1));
      expect(session.get('token_type')).toBe('bearer');
      const accessToken = session.get('access_token')!;
      expect(claimsOf(accessToken)).toMatchObject({
        amr: [{ method: 'sso/saml', timestamp: expect.any(Number) }],
        app_metadata: { provider: `sso:${providerId}`, providers: [`sso:${providerId}`] },
      });

      const { data: user, error: userError } = await supabase.auth.getUser(accessToken);
      expect(userError).toBeNull();
      expect(user.user).toMatchObject({
        email: 'ada@acme.test',
        email_confirmed_at: expect.any(String),
        user_metadata: {
          email: 'ada@acme.test',
          email_verified: true,
          iss: idpMetadataUrl,
          name: 'Ada Lovelace',
          sub: expect.stringMatching(/^[0-9a-f]{32}$/),
        },
      });
      expect(user.user!.identities).toEqual([
        expect.objectContaining({
          provider: `sso:${providerId}`,
          identity_data: expect.objectContaining({ name: 'Ada Lovelace' }),
        }),
      ]);
    });

    it('signs in by provider id with PKCE: ?code= exchanged for a session of the same user', async () => {
      const supabase = emulator.client(ANON_KEY, {
        auth: { flowType: 'pkce', storage: memoryStorage(), persistSession: true },
      });
      const { data, error } = await supabase.auth.signInWithSSO({
        providerId,
        options: { redirectTo: REDIRECT_TO },
      });
      expect(error).toBeNull();
      const { acs, fields } = await signInAtIdp(data!.url, { email: 'ada@acme.test' });
      const landing = await postToAcs(acs, fields);
      expect(landing.hash).toBe('');
      const code = landing.searchParams.get('code');
      expect(code).toMatch(/^[0-9a-f-]{36}$/);
      const exchanged = await supabase.auth.exchangeCodeForSession(code!);
      expect(exchanged.error).toBeNull();
      expect(exchanged.data.user).toMatchObject({
        email: 'ada@acme.test',
        app_metadata: { provider: `sso:${providerId}` },
      });
      expect(claimsOf(exchanged.data.session!.access_token).amr).toEqual([
        { method: 'sso/saml', timestamp: expect.any(Number) },
      ]);
      // The same person at the IdP is the same user; an email/password user of that address is another.
      const { data: users } = await emulator.admin().auth.admin.listUsers();
      expect(users.users.filter((u) => u.email === 'ada@acme.test')).toHaveLength(1);
    });

    async function ssoFailure(who: IdpChoice, tamper?: (xml: string) => string): Promise<URL> {
      const { data } = await implicitClient().auth.signInWithSSO({
        domain: 'acme.test',
        options: { redirectTo: REDIRECT_TO },
      });
      const { acs, fields } = await signInAtIdp(data!.url, who);
      if (tamper) {
        const xml = Buffer.from(fields.SAMLResponse!, 'base64').toString('utf8');
        const changed = tamper(xml);
        expect(changed).not.toBe(xml);
        fields.SAMLResponse = Buffer.from(changed, 'utf8').toString('base64');
      }
      return postToAcs(acs, fields);
    }

    it('refuses an assertion whose email was changed after signing', async () => {
      const landing = await ssoFailure({ email: 'eve@acme.test' }, (xml) =>
        xml.replace('>eve@acme.test<', '>ada@acme.test<'),
      );
      expect(landing.hash).toBe('');
      expect(landing.searchParams.get('error')).toBe('invalid_request');
      expect(landing.searchParams.get('error_code')).toBe('validation_failed');
      expect(landing.searchParams.get('error_description')).toMatch(
        /^SAML Assertion is not valid: .*signature/i,
      );
    });

    it('refuses an assertion for another audience and an expired one', async () => {
      const foreign = await ssoFailure({
        email: 'eve@acme.test',
        audience: 'https://another-project.supabase.co/auth/v1/sso/saml/metadata',
      });
      expect(foreign.searchParams.get('error_code')).toBe('validation_failed');
      expect(foreign.searchParams.get('error_description')).toMatch(/audience/i);

      const expired = await ssoFailure({ email: 'eve@acme.test', expired: true });
      expect(expired.searchParams.get('error_code')).toBe('validation_failed');
      expect(expired.searchParams.get('error_description')).toMatch(/^SAML Assertion is not valid/);

      const { data: users } = await emulator.admin().auth.admin.listUsers();
      expect(users.users.map((u) => u.email)).not.toContain('eve@acme.test');
    });

    it('refuses a replayed response: its relay state is used up, and so is an IdP-initiated one', async () => {
      const { data } = await implicitClient().auth.signInWithSSO({
        domain: 'acme.test',
        options: { redirectTo: REDIRECT_TO },
      });
      const { acs, fields } = await signInAtIdp(data!.url, { email: 'grace@acme.test' });
      const first = await postToAcs(acs, fields);
      expect(new URLSearchParams(first.hash.slice(1)).get('access_token')).toBeTruthy();
      const replay = await postToAcs(acs, fields);
      expect(replay.searchParams.get('error_code')).toBe('saml_relay_state_not_found');
      expect(replay.hash).toBe('');

      // Started at the IdP (no AuthnRequest): works once, and the same response never again.
      const idpInitiated = await signInAtIdp(
        `${emulator.apiUrl}/auth/v1/test-saml-idp/sso?RelayState=${encodeURIComponent(REDIRECT_TO)}`,
        { email: 'grace@acme.test' },
      );
      const once = await postToAcs(idpInitiated.acs, idpInitiated.fields);
      expect(`${once.origin}${once.pathname}`).toBe(REDIRECT_TO);
      expect(new URLSearchParams(once.hash.slice(1)).get('access_token')).toBeTruthy();
      const twice = await postToAcs(idpInitiated.acs, idpInitiated.fields);
      expect(twice.searchParams.get('error_code')).toBe('validation_failed');
      expect(twice.searchParams.get('error_description')).toMatch(/already used/);
    });

    it('fetches the metadata of a provider registered by URL again once a day old (the IdP’s certificate)', async () => {
      const byUrl = await adminFetch(`/admin/sso/providers/${providerId}`, {
        method: 'PUT',
        body: JSON.stringify({
          metadata_url: idpMetadataUrl,
          attribute_mapping: { keys: { name: { name: 'name' } } },
        }),
      });
      expect(byUrl.status).toBe(200);
      // A day-old copy naming another certificate (the SP's own): only a fresh fetch lets the sign-in through.
      const spMetadata = await (await fetch(`${emulator.apiUrl}/auth/v1/sso/saml/metadata`)).text();
      const otherCertificate = /<X509Certificate>([^<]+)<\/X509Certificate>/.exec(spMetadata)![1]!;
      const aged = await emulator
        .admin()
        .rpc('make_saml_metadata_stale', { provider: providerId, certificate: otherCertificate });
      expect(aged.error).toBeNull();
      const stored = (await (await adminFetch(`/admin/sso/providers/${providerId}`)).json()) as {
        saml: { metadata_xml: string };
      };
      expect(stored.saml.metadata_xml).toContain(otherCertificate);

      const { data } = await implicitClient().auth.signInWithSSO({
        providerId,
        options: { redirectTo: REDIRECT_TO },
      });
      const { acs, fields } = await signInAtIdp(data!.url, { email: 'ada@acme.test' });
      const landing = await postToAcs(acs, fields);
      expect(landing.searchParams.get('error_description')).toBeNull();
      expect(new URLSearchParams(landing.hash.slice(1)).get('access_token')).toBeTruthy();
      const refreshed = (await (await adminFetch(`/admin/sso/providers/${providerId}`)).json()) as {
        saml: { metadata_xml: string };
      };
      expect(refreshed.saml.metadata_xml).not.toContain(otherCertificate);
    });

    it('answers sso_provider_not_found for a domain or provider id nobody registered', async () => {
      const byDomain = await implicitClient().auth.signInWithSSO({ domain: 'nobody.test' });
      expect(byDomain.data).toBeNull();
      expect(byDomain.error).toMatchObject({
        status: 404,
        code: 'sso_provider_not_found',
        message: 'No SSO provider assigned for this domain',
      });
      const byId = await implicitClient().auth.signInWithSSO({
        providerId: '00000000-0000-4000-8000-000000000000',
      });
      expect(byId.error).toMatchObject({ status: 404, code: 'sso_provider_not_found' });
    });
  });
}

/** With SAML off (the default), every SSO endpoint answers GoTrue's saml_provider_disabled. */
export function describeSsoDisabled(name: string): void {
  describe(name, () => {
    jest.setTimeout(60_000);
    let emulator: TestEmulator;
    let supabase: SupabaseClient;

    beforeAll(async () => {
      emulator = await startTestEmulator();
      supabase = emulator.client();
    }, 120_000);

    afterAll(() => emulator?.stop(), 60_000);

    it('answers 404 saml_provider_disabled from /sso and the admin API', async () => {
      const { error } = await supabase.auth.signInWithSSO({ domain: 'acme.test' });
      expect(error).toMatchObject({
        status: 404,
        code: 'saml_provider_disabled',
        message: 'SAML 2.0 is disabled',
      });
      const admin = await fetch(`${emulator.apiUrl}/auth/v1/admin/sso/providers`, {
        headers: { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}` },
      });
      expect(admin.status).toBe(404);
      expect(await admin.json()).toMatchObject({ error_code: 'saml_provider_disabled' });
      const settings = await fetch(`${emulator.apiUrl}/auth/v1/settings`, {
        headers: { apikey: ANON_KEY },
      });
      expect(await settings.json()).toMatchObject({ saml_enabled: false, external: { saml: false } });
    });
  });
}
