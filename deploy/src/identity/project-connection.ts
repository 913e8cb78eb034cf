// Who calls a project, and a client that calls it as them (docs/deploy-teams.md#who-may-do-what):
//   a team credential   PORTAL_DEPLOY_TOKEN: signs in as the credential's own user, each command
//   a person            the session `portal-deploy login` kept (refreshed as it nears its end)
//   the service key     PORTAL_DEPLOY_SERVICE_KEY, only to name the first platform owner
// The project: --project-url / PORTAL_DEPLOY_PROJECT_URL and its public API key --anon-key /
// PORTAL_DEPLOY_ANON_KEY, else the project of the last login. Nothing here needs this repository.
import { GoTrueClient } from '@supabase/auth-js';
import { FunctionsClient } from '@supabase/functions-js';
import { PostgrestClient } from '@supabase/postgrest-js';
import { StorageClient } from '@supabase/storage-js';
import { DeployError, DeployErrorCode } from '../errors.js';
import { parseCredentialToken } from './credential-token.js';
import { currentProject, savedAnonKey, sessionFilePath, sessionStorage } from './session-file.js';

export interface ProjectOptions {
  projectUrl?: string;
  anonKey?: string;
}

/**
 * The project's APIs as one caller, from supabase-js's own parts (the whole client would also
 * start realtime, which a deploy never uses): the same calls as supabase-js.
 */
export interface ProjectClient {
  schema(name: string): ReturnType<PostgrestClient['schema']>;
  storage: StorageClient;
  functions: FunctionsClient;
}

export interface ProjectConnection {
  projectUrl: string;
  anonKey: string;
  client: ProjectClient;
  /** What the client calls with: the caller's access token (or the service key). */
  accessToken: string;
  /** How the caller proved who they are. */
  via: 'credential' | 'session' | 'service key';
}

export interface ProjectAddress {
  projectUrl: string;
  anonKey: string;
}

/** The project's APIs, calling with `token` (a session's access token, or a key). */
export function projectClient(projectUrl: string, apiKey: string, token: string): ProjectClient {
  const headers = { apikey: apiKey, Authorization: `Bearer ${token}` };
  const rest = new PostgrestClient(`${projectUrl}/rest/v1`, { headers });
  return {
    schema: (name) => rest.schema(name),
    storage: new StorageClient(`${projectUrl}/storage/v1`, headers),
    functions: new FunctionsClient(`${projectUrl}/functions/v1`, { headers }),
  };
}

/** The project's auth; with a storage, it keeps the session there (a person's, between commands). */
export function authClient({ projectUrl, anonKey }: ProjectAddress, storage?: ReturnType<typeof sessionStorage>): GoTrueClient {
  return new GoTrueClient({
    url: `${projectUrl}/auth/v1`,
    headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` },
    autoRefreshToken: false,
    detectSessionInUrl: false,
    ...(storage ? { persistSession: true, storage, storageKey: 'portal-deploy-session' } : { persistSession: false }),
  });
}

/** The project a command talks to, and its public API key. */
export function projectAddress(options: ProjectOptions, env: NodeJS.ProcessEnv = process.env): ProjectAddress {
  const file = sessionFilePath(env);
  // An empty variable counts as unset (a CI that clears one).
  const named = options.projectUrl || env.PORTAL_DEPLOY_PROJECT_URL;
  const projectUrl = (named || currentProject(file)?.projectUrl)?.replace(/\/+$/, '');
  if (!projectUrl) {
    throw new DeployError(
      DeployErrorCode.NotSignedIn,
      'Which project? Pass --project-url <url> (or PORTAL_DEPLOY_PROJECT_URL), or sign in first: portal-deploy login --project-url <url> --anon-key <key>.',
    );
  }
  const anonKey = options.anonKey || env.PORTAL_DEPLOY_ANON_KEY || savedAnonKey(file, projectUrl);
  if (!anonKey) {
    throw new DeployError(
      DeployErrorCode.NotSignedIn,
      `The project's public API key (anon or publishable) is needed too: --anon-key <key> or PORTAL_DEPLOY_ANON_KEY (${projectUrl}: Settings > API keys).`,
    );
  }
  return { projectUrl, anonKey };
}

/** A client of the project as the caller: the team credential in PORTAL_DEPLOY_TOKEN, else the person signed in. */
export async function connectToProject(options: ProjectOptions, env: NodeJS.ProcessEnv = process.env): Promise<ProjectConnection> {
  const { projectUrl, anonKey } = projectAddress(options, env);
  if (env.PORTAL_DEPLOY_TOKEN) {
    const { email, secret } = parseCredentialToken(env.PORTAL_DEPLOY_TOKEN);
    const { data, error } = await authClient({ projectUrl, anonKey }).signInWithPassword({ email, password: secret });
    if (error || !data.session) {
      throw new DeployError(
        DeployErrorCode.CredentialRevoked,
        `The project refused the team credential in PORTAL_DEPLOY_TOKEN (${error?.message ?? 'no session'}): it was revoked, or the token is not this project's. A member of the team or a platform owner makes a new one: portal-deploy credential create <team> <name>.`,
      );
    }
    return { projectUrl, anonKey, client: projectClient(projectUrl, anonKey, data.session.access_token), accessToken: data.session.access_token, via: 'credential' };
  }
  // getSession refreshes a session whose access token has (nearly) expired, and stores the new one.
  const { data, error } = await authClient({ projectUrl, anonKey }, sessionStorage(sessionFilePath(env), projectUrl, anonKey)).getSession();
  if (error || !data.session) {
    throw new DeployError(
      DeployErrorCode.NotSignedIn,
      `Nobody is signed in to ${projectUrl}${error ? ` (${error.message})` : ''}: portal-deploy login --project-url ${projectUrl} (a person), or set PORTAL_DEPLOY_TOKEN (a team's CI).`,
    );
  }
  return { projectUrl, anonKey, client: projectClient(projectUrl, anonKey, data.session.access_token), accessToken: data.session.access_token, via: 'session' };
}

/**
 * The service key, for one act only: naming the first platform owner of a project. Every other
 * command refuses it (the database does: no team may act with it).
 */
export function connectWithServiceKey(options: ProjectOptions, env: NodeJS.ProcessEnv = process.env): ProjectConnection {
  const projectUrl = (options.projectUrl || env.PORTAL_DEPLOY_PROJECT_URL)?.replace(/\/+$/, '');
  const serviceKey = env.PORTAL_DEPLOY_SERVICE_KEY;
  if (!projectUrl || !serviceKey) {
    throw new DeployError(
      DeployErrorCode.NotSignedIn,
      'Naming the first platform owner takes the project (--project-url or PORTAL_DEPLOY_PROJECT_URL) and its service key in PORTAL_DEPLOY_SERVICE_KEY; later owners are named by a platform owner signed in.',
    );
  }
  return { projectUrl, anonKey: serviceKey, client: projectClient(projectUrl, serviceKey, serviceKey), accessToken: serviceKey, via: 'service key' };
}

/** The project's auth keeping the person's session in the session file once they sign in (login). */
export function sessionAuth(address: ProjectAddress, env: NodeJS.ProcessEnv = process.env): GoTrueClient {
  return authClient(address, sessionStorage(sessionFilePath(env), address.projectUrl, address.anonKey));
}
