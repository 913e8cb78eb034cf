-- SAML single sign-on with GoTrue's table and column names (sso_providers, saml_providers,
-- sso_domains, saml_relay_states), plus two private tables of the emulator: the SAML keys it
-- made and the assertions already used, so a replayed one is refused.
create table if not exists auth.sso_providers (
  id uuid primary key,
  resource_id text check (resource_id is null or char_length(resource_id) > 0),
  disabled boolean,
  created_at timestamptz,
  updated_at timestamptz
);
create unique index if not exists sso_providers_resource_id_idx on auth.sso_providers (lower(resource_id));

create table if not exists auth.saml_providers (
  id uuid primary key,
  sso_provider_id uuid not null references auth.sso_providers (id) on delete cascade,
  entity_id text not null unique check (char_length(entity_id) > 0),
  metadata_xml text not null check (char_length(metadata_xml) > 0),
  metadata_url text check (metadata_url is null or char_length(metadata_url) > 0),
  attribute_mapping jsonb,
  name_id_format text,
  created_at timestamptz,
  updated_at timestamptz
);
create index if not exists saml_providers_sso_provider_id_idx on auth.saml_providers (sso_provider_id);

create table if not exists auth.sso_domains (
  id uuid primary key,
  sso_provider_id uuid not null references auth.sso_providers (id) on delete cascade,
  domain text not null check (char_length(domain) > 0),
  created_at timestamptz,
  updated_at timestamptz
);
create index if not exists sso_domains_sso_provider_id_idx on auth.sso_domains (sso_provider_id);
create unique index if not exists sso_domains_domain_idx on auth.sso_domains (lower(domain));

create table if not exists auth.saml_relay_states (
  id uuid primary key,
  sso_provider_id uuid not null references auth.sso_providers (id) on delete cascade,
  request_id text not null check (char_length(request_id) > 0),
  for_email text,
  redirect_to text,
  created_at timestamptz,
  updated_at timestamptz,
  flow_state_id uuid references auth.flow_state (id) on delete cascade
);
create index if not exists saml_relay_states_sso_provider_id_idx on auth.saml_relay_states (sso_provider_id);

create table if not exists portal_emulator.saml_keys (
  role text primary key,
  private_key text not null,
  certificate text not null
);

create table if not exists portal_emulator.saml_spent_assertions (
  assertion_id text primary key,
  usable_until timestamptz not null
);
