// SSO providers as GoTrue stores them (auth.sso_providers with its saml_providers row and
// sso_domains) and answers them (models.SSOProvider's JSON: id, disabled, saml {entity_id,
// metadata_xml, metadata_url, attribute_mapping, name_id_format}, domains [{domain}], times).
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Queryable } from '../../db/database.js';
import { fetchMetadata, parseIdpMetadata, type IdpMetadata } from './idp-metadata.js';

/** One key of an attribute mapping: GoTrue's SAMLAttribute. */
export const SamlAttribute = z
  .object({
    name: z.string().nullish(),
    names: z.array(z.string()).nullish(),
    default: z.unknown().optional(),
    array: z.boolean().nullish(),
  })
  .loose();

/** GoTrue's SAMLAttributeMapping: `{keys: {claim: {name | names, default, array}}}`. */
export const AttributeMapping = z
  .object({ keys: z.record(z.string(), SamlAttribute).nullish() })
  .loose();

export type AttributeMapping = z.infer<typeof AttributeMapping>;

export interface SsoProvider {
  id: string;
  resourceId: string | null;
  disabled: boolean | null;
  entityId: string;
  metadataXml: string;
  metadataUrl: string | null;
  attributeMapping: AttributeMapping;
  nameIdFormat: string | null;
  domains: string[];
  createdAt: Date;
  updatedAt: Date;
  /** The saml_providers row's last change: metadata fetched from a URL is refreshed after 24 hours. */
  samlUpdatedAt: Date;
}

interface ProviderRow {
  id: string;
  resource_id: string | null;
  disabled: boolean | null;
  created_at: Date;
  updated_at: Date;
  entity_id: string;
  metadata_xml: string;
  metadata_url: string | null;
  attribute_mapping: AttributeMapping | null;
  name_id_format: string | null;
  saml_updated_at: Date;
  domains: string[] | null;
}

const SELECT = `select p.id, p.resource_id, p.disabled, p.created_at, p.updated_at,
    s.entity_id, s.metadata_xml, s.metadata_url, s.attribute_mapping, s.name_id_format, s.updated_at as saml_updated_at,
    (select array_agg(d.domain order by d.created_at, d.domain) from auth.sso_domains d where d.sso_provider_id = p.id) as domains
  from auth.sso_providers p join auth.saml_providers s on s.sso_provider_id = p.id`;

function fromRow(row: ProviderRow): SsoProvider {
  return {
    id: row.id,
    resourceId: row.resource_id,
    disabled: row.disabled,
    entityId: row.entity_id,
    metadataXml: row.metadata_xml,
    metadataUrl: row.metadata_url,
    attributeMapping: row.attribute_mapping ?? {},
    nameIdFormat: row.name_id_format,
    domains: row.domains ?? [],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    samlUpdatedAt: row.saml_updated_at,
  };
}

/** The provider's IdP metadata, parsed from what was stored. */
export function metadataOf(provider: SsoProvider): IdpMetadata {
  return parseIdpMetadata(provider.metadataXml);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The metadata a response is checked against. For a provider registered by URL, GoTrue fetches
 * it again once stale (past its validUntil, or a day old without one) and keeps the stored copy
 * when the fetch fails; the emulator does the same (an IdP's cacheDuration is not read).
 */
export async function currentMetadata(
  tx: Queryable,
  provider: SsoProvider,
  log: (line: string) => void,
): Promise<IdpMetadata> {
  const stored = metadataOf(provider);
  const stale = stored.validUntil
    ? stored.validUntil.getTime() < Date.now()
    : Date.now() - provider.samlUpdatedAt.getTime() > DAY_MS;
  if (!provider.metadataUrl || !stale) return stored;
  try {
    const xml = await fetchMetadata(provider.metadataUrl);
    const fresh = parseIdpMetadata(xml);
    if (fresh.entityId !== provider.entityId) throw new Error('its EntityID changed');
    await tx.query(
      'update auth.saml_providers set metadata_xml = $2, updated_at = now() where sso_provider_id = $1',
      [provider.id, xml],
    );
    return fresh;
  } catch (error) {
    log(
      `auth: SAML metadata of SSO provider ${provider.id} could not be refreshed from ${provider.metadataUrl}, continuing with the stored one: ${(error as Error).message}`,
    );
    return stored;
  }
}

export function isProviderEnabled(provider: SsoProvider): boolean {
  return provider.disabled !== true;
}

/** The provider's name in identities and app_metadata (GoTrue's ProviderType). */
export function providerType(provider: SsoProvider): string {
  return `sso:${provider.id}`;
}

/** GoTrue's answer for a provider; the list leaves metadata_xml out. */
export function toProviderJson(
  provider: SsoProvider,
  options: { withMetadataXml?: boolean } = {},
): Record<string, unknown> {
  const keys = provider.attributeMapping.keys;
  const saml: Record<string, unknown> = {
    entity_id: provider.entityId,
    ...(options.withMetadataXml === false ? {} : { metadata_xml: provider.metadataXml }),
    ...(provider.metadataUrl ? { metadata_url: provider.metadataUrl } : {}),
    attribute_mapping: keys && Object.keys(keys).length > 0 ? { keys } : {},
    ...(provider.nameIdFormat ? { name_id_format: provider.nameIdFormat } : {}),
  };
  return {
    id: provider.id,
    ...(provider.resourceId ? { resource_id: provider.resourceId } : {}),
    disabled: provider.disabled,
    saml,
    domains: provider.domains.map((domain) => ({ domain })),
    created_at: provider.createdAt.toISOString(),
    updated_at: provider.updatedAt.toISOString(),
  };
}

export async function listProviders(tx: Queryable): Promise<SsoProvider[]> {
  const { rows } = await tx.query<ProviderRow>(`${SELECT} order by p.created_at, p.id`);
  return rows.map(fromRow);
}

export async function findProviderById(tx: Queryable, id: string): Promise<SsoProvider | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const { rows } = await tx.query<ProviderRow>(`${SELECT} where p.id = $1`, [id]);
  return rows[0] ? fromRow(rows[0]) : null;
}

export async function findProviderByDomain(
  tx: Queryable,
  domain: string,
): Promise<SsoProvider | null> {
  const { rows } = await tx.query<ProviderRow>(
    `${SELECT} where p.id = (select sso_provider_id from auth.sso_domains where lower(domain) = lower($1))`,
    [domain],
  );
  return rows[0] ? fromRow(rows[0]) : null;
}

export async function findProviderByEntityId(
  tx: Queryable,
  entityId: string,
): Promise<SsoProvider | null> {
  const { rows } = await tx.query<ProviderRow>(`${SELECT} where s.entity_id = $1`, [entityId]);
  return rows[0] ? fromRow(rows[0]) : null;
}

export interface NewProvider {
  entityId: string;
  metadataXml: string;
  metadataUrl: string | null;
  attributeMapping: AttributeMapping;
  nameIdFormat: string | null;
  domains: string[];
}

export async function insertProvider(tx: Queryable, provider: NewProvider): Promise<SsoProvider> {
  const id = randomUUID();
  await tx.query(
    `insert into auth.sso_providers (id, created_at, updated_at) values ($1, now(), now())`,
    [id],
  );
  await tx.query(
    `insert into auth.saml_providers (id, sso_provider_id, entity_id, metadata_xml, metadata_url,
       attribute_mapping, name_id_format, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, now(), now())`,
    [
      randomUUID(),
      id,
      provider.entityId,
      provider.metadataXml,
      provider.metadataUrl,
      JSON.stringify(provider.attributeMapping),
      provider.nameIdFormat,
    ],
  );
  await addDomains(tx, id, provider.domains);
  return (await findProviderById(tx, id))!;
}

export async function addDomains(tx: Queryable, providerId: string, domains: string[]) {
  for (const domain of domains) {
    await tx.query(
      `insert into auth.sso_domains (id, sso_provider_id, domain, created_at, updated_at)
       values ($1, $2, $3, now(), now())`,
      [randomUUID(), providerId, domain],
    );
  }
}

export async function removeDomains(tx: Queryable, providerId: string, domains: string[]) {
  if (domains.length === 0) return;
  await tx.query(
    'delete from auth.sso_domains where sso_provider_id = $1 and domain = any($2::text[])',
    [providerId, domains],
  );
}

export async function updateSamlProvider(
  tx: Queryable,
  providerId: string,
  changes: {
    metadataXml: string;
    metadataUrl: string | null;
    attributeMapping: AttributeMapping;
    nameIdFormat: string | null;
  },
): Promise<void> {
  await tx.query(
    `update auth.saml_providers set metadata_xml = $2, metadata_url = $3, attribute_mapping = $4,
       name_id_format = $5, updated_at = now()
     where sso_provider_id = $1`,
    [
      providerId,
      changes.metadataXml,
      changes.metadataUrl,
      JSON.stringify(changes.attributeMapping),
      changes.nameIdFormat,
    ],
  );
  await tx.query('update auth.sso_providers set updated_at = now() where id = $1', [providerId]);
}

export async function deleteProvider(tx: Queryable, providerId: string): Promise<void> {
  await tx.query('delete from auth.sso_providers where id = $1', [providerId]);
}
