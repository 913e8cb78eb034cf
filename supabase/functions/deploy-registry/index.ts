/**
 * The list of each area's live version that the portal reads as it opens, for one environment.
 * Open to anyone: it holds nothing private.
 *
 * deploy-registry: the registry browsers read, derived from an environment's newest registry
 * revision (docs/deploy-teams.md). Public (`verify_jwt = false`), as a registry always was: what
 * it holds was checked by the database when each revision was committed, and nobody writes it.
 *
 *   GET /deploy-registry/<environment>
 *     → 200 the registry; manifest URLs made absolute against the environment's public bucket
 *       (or PORTAL_DEPLOY_RELEASES_URL, e.g. a CDN in front of it); ETag names the revision;
 *       Cache-Control: no-cache
 *     → 304 without a body when If-None-Match names the newest revision (the shell checks so)
 *     → 404 { code: "unknown_environment" }, 502 { code: "database_failed" }
 */
import { createClient } from '@supabase/supabase-js';
import { json, methodNotAllowed, problem } from '../_shared/http.ts';

const supabaseUrl = Deno.env.get('SUPABASE_URL')!;
const api = createClient(supabaseUrl, Deno.env.get('SUPABASE_ANON_KEY')!, {
  auth: { persistSession: false, autoRefreshToken: false },
  db: { schema: 'portal_deploy_api' },
});

// The shell asks across origins with its own If-None-Match, and reads the ETag it gets back.
const cors: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'if-none-match, authorization, x-client-info, apikey',
  'Access-Control-Allow-Methods': 'GET, OPTIONS',
  'Access-Control-Expose-Headers': 'ETag',
};

interface RegistryDocument {
  revision: number;
  at: string | null;
  registry: { remotes: Record<string, { manifest: string; canary?: { manifest: string } }> } & Record<string, unknown>;
}

const ENVIRONMENT = /^[a-z0-9][a-z0-9_-]{0,62}$/;

/** Where an environment's release files are served: its public bucket, unless a CDN is named. */
function releasesBase(environment: string): string {
  const configured = Deno.env.get('PORTAL_DEPLOY_RELEASES_URL');
  if (configured) return `${configured.replace(/\/$/, '')}/${environment}/`;
  return `${supabaseUrl.replace(/\/$/, '')}/storage/v1/object/public/${environment}/`;
}

/** The registry with every manifest URL absolute (the revision keeps them relative to the bucket). */
function withAbsoluteManifests(document: RegistryDocument, environment: string): RegistryDocument['registry'] {
  const base = releasesBase(environment);
  const remotes: RegistryDocument['registry']['remotes'] = {};
  for (const [name, entry] of Object.entries(document.registry.remotes)) {
    remotes[name] = {
      ...entry,
      manifest: new URL(entry.manifest, base).href,
      ...(entry.canary ? { canary: { ...entry.canary, manifest: new URL(entry.canary.manifest, base).href } } : {}),
    };
  }
  return { ...document.registry, remotes };
}

Deno.serve(async (request) => {
  if (request.method === 'OPTIONS') return new Response('ok', { headers: cors });
  if (request.method !== 'GET' && request.method !== 'HEAD') return methodNotAllowed(request.method, ['GET']);
  const environment = new URL(request.url).pathname.split('/').filter(Boolean).at(-1) ?? '';
  if (!ENVIRONMENT.test(environment)) {
    return problem(404, 'unknown_environment', 'Name the environment: /deploy-registry/<environment>.', cors);
  }
  const { data, error } = await api.rpc('registry_document', { p_environment: environment });
  if (error) {
    if (error.code === 'P0002') return problem(404, 'unknown_environment', error.message, cors);
    return problem(502, 'database_failed', `The registry could not be read: ${error.message}`, cors);
  }
  const document = data as RegistryDocument;
  // A revision is never rewritten, so its number and time name its content.
  const etag = `"${environment}.${document.revision}.${document.at ? Date.parse(document.at) : 0}"`;
  const headers = { ...cors, ETag: etag, 'Cache-Control': 'no-cache' };
  const asked = request.headers.get('if-none-match');
  if (asked && asked.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return new Response(null, { status: 304, headers });
  }
  return json(withAbsoluteManifests(document, environment), 200, headers);
});
