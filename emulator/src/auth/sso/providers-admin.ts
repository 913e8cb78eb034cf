// The SSO admin API (/admin/sso/providers) as GoTrue serves it to the Supabase CLI's
// `supabase sso` commands: register a SAML identity provider from its metadata (XML or URL),
// list, read, update and delete — one named handler each. Admin only; with SAML off, 404
// saml_provider_disabled.
import { z } from 'zod';
import type { AuthContext, AuthHandler } from '../context.js';
import { fail } from '../errors.js';
import { requireAdmin } from '../request/guard.js';
import { json, parseBody, type AuthRequest } from '../request/http.js';
import { fetchMetadata, parseIdpMetadata, type IdpMetadata } from './idp-metadata.js';
import {
  addDomains,
  AttributeMapping,
  deleteProvider,
  findProviderByDomain,
  findProviderByEntityId,
  findProviderById,
  insertProvider,
  listProviders,
  removeDomains,
  toProviderJson,
  updateSamlProvider,
  type SsoProvider,
} from './providers.js';
import { NAME_ID_FORMAT } from './saml-xml.js';

const ProviderParams = z
  .object({
    type: z.string().nullish(),
    metadata_url: z.string().nullish(),
    metadata_xml: z.string().nullish(),
    domains: z.array(z.string()).nullish(),
    attribute_mapping: AttributeMapping.nullish(),
    name_id_format: z.string().nullish(),
  })
  .loose();
type ProviderParams = z.infer<typeof ProviderParams>;

const NAME_ID_FORMATS = [
  NAME_ID_FORMAT.persistent,
  NAME_ID_FORMAT.emailAddress,
  NAME_ID_FORMAT.transient,
  NAME_ID_FORMAT.unspecified,
];

/** Loopback hosts, where the emulator also fetches metadata over plain http (its own test IdP). */
function isLoopback(url: URL): boolean {
  return ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

/** GoTrue's CreateSSOProviderParams.validate. */
function validateParams(params: ProviderParams, forUpdate: boolean): void {
  if (!forUpdate && params.type !== 'saml')
    fail('validation_failed', "Only 'saml' supported for SSO provider type");
  if (params.metadata_url && params.metadata_xml)
    fail('validation_failed', 'Only one of metadata_xml or metadata_url needs to be set');
  if (!forUpdate && !params.metadata_url && !params.metadata_xml)
    fail('validation_failed', 'Either metadata_xml or metadata_url must be set');
  if (params.metadata_url) {
    let url: URL;
    try {
      url = new URL(params.metadata_url);
    } catch {
      fail('validation_failed', 'metadata_url is not a valid URL');
    }
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url)))
      fail('validation_failed', 'metadata_url is not a HTTPS URL');
  }
  if (params.name_id_format && !NAME_ID_FORMATS.includes(params.name_id_format as never)) {
    fail(
      'validation_failed',
      `name_id_format must be unspecified or one of ${NAME_ID_FORMATS.join(', ')}`,
    );
  }
}

async function metadataFrom(
  params: ProviderParams,
): Promise<{ xml: string; metadata: IdpMetadata }> {
  const xml = params.metadata_xml || (await fetchMetadata(params.metadata_url!));
  return { xml, metadata: parseIdpMetadata(xml) };
}

/** GoTrue's admin middleware, then requireSAMLEnabled. */
async function guard(c: AuthRequest, ctx: AuthContext): Promise<void> {
  await requireAdmin(c, ctx.keys);
  if (!ctx.settings.samlEnabled) fail('saml_provider_disabled');
}

/** GoTrue's loadSSOProvider: the {idp_id} of the path, a UUID of an existing provider. */
async function loadProvider(c: AuthRequest, ctx: AuthContext): Promise<SsoProvider> {
  const provider = await findProviderById(ctx.db, c.req.param('id') ?? '');
  if (!provider) fail('sso_provider_not_found', 'SSO Identity Provider not found');
  return provider;
}

/** GET /admin/sso/providers: every provider, without its metadata XML. */
export const listSsoProviders: AuthHandler = async (c, ctx) => {
  await guard(c, ctx);
  const providers = await listProviders(ctx.db);
  return json(c, {
    items: providers.map((provider) => toProviderJson(provider, { withMetadataXml: false })),
  });
};

/** POST /admin/sso/providers: registers a SAML identity provider (201). */
export const createSsoProvider: AuthHandler = async (c, ctx) => {
  await guard(c, ctx);
  const params = await parseBody(c, ProviderParams);
  validateParams(params, false);
  const { xml, metadata } = await metadataFrom(params);
  const created = await ctx.db.transaction(async (tx) => {
    if (await findProviderByEntityId(tx, metadata.entityId)) {
      fail(
        'saml_idp_already_exists',
        `SAML Identity Provider with this EntityID (${metadata.entityId}) already exists`,
      );
    }
    const domains = params.domains ?? [];
    for (const domain of domains) {
      const owner = await findProviderByDomain(tx, domain);
      if (owner) {
        fail(
          'sso_domain_already_exists',
          `SSO Domain '${domain}' is already assigned to an SSO identity provider (${owner.id})`,
        );
      }
    }
    return insertProvider(tx, {
      entityId: metadata.entityId,
      metadataXml: xml,
      metadataUrl: params.metadata_url || null,
      attributeMapping: params.attribute_mapping ?? {},
      nameIdFormat: params.name_id_format || null,
      domains: [...new Set(domains)],
    });
  });
  return json(c, toProviderJson(created), 201);
};

/** GET /admin/sso/providers/{id}. */
export const getSsoProvider: AuthHandler = async (c, ctx) => {
  await guard(c, ctx);
  return json(c, toProviderJson(await loadProvider(c, ctx)));
};

/** PUT /admin/sso/providers/{id}: new metadata (same EntityID), domains, mapping, NameID format. */
export const updateSsoProvider: AuthHandler = async (c, ctx) => {
  await guard(c, ctx);
  const params = await parseBody(c, ProviderParams);
  validateParams(params, true);
  const provider = await loadProvider(c, ctx);
  let metadataXml = provider.metadataXml;
  let metadataUrl = provider.metadataUrl;
  if (params.metadata_xml || params.metadata_url) {
    const { xml, metadata } = await metadataFrom(params);
    if (metadata.entityId !== provider.entityId) {
      fail(
        'saml_entity_id_mismatch',
        `SAML Metadata can be updated only if the EntityID matches for the provider; expected '${provider.entityId}' but got '${metadata.entityId}'`,
      );
    }
    metadataXml = xml;
    if (params.metadata_url) metadataUrl = params.metadata_url;
  }
  const updated = await ctx.db.transaction(async (tx) => {
    // Domains change only when the body names them (an empty list removes them all).
    if (params.domains != null) {
      const wanted = [...new Set(params.domains)];
      for (const domain of wanted) {
        const owner = await findProviderByDomain(tx, domain);
        if (owner && owner.id !== provider.id) {
          fail(
            'sso_domain_already_exists',
            `SSO domain '${domain}' already assigned to another provider (${owner.id})`,
          );
        }
      }
      const kept = new Set(wanted.map((domain) => domain.toLowerCase()));
      await removeDomains(
        tx,
        provider.id,
        provider.domains.filter((domain) => !kept.has(domain.toLowerCase())),
      );
      const current = new Set(provider.domains.map((domain) => domain.toLowerCase()));
      await addDomains(
        tx,
        provider.id,
        wanted.filter((domain) => !current.has(domain.toLowerCase())),
      );
    }
    // As GoTrue: attribute_mapping and name_id_format take the body's value, absent = cleared.
    await updateSamlProvider(tx, provider.id, {
      metadataXml,
      metadataUrl,
      attributeMapping: params.attribute_mapping ?? {},
      nameIdFormat: params.name_id_format || null,
    });
    return (await findProviderById(tx, provider.id))!;
  });
  return json(c, toProviderJson(updated));
};

/** DELETE /admin/sso/providers/{id}: answers the deleted provider. */
export const deleteSsoProvider: AuthHandler = async (c, ctx) => {
  await guard(c, ctx);
  const provider = await loadProvider(c, ctx);
  await deleteProvider(ctx.db, provider.id);
  return json(c, toProviderJson(provider));
};
