// A project that hosts shared deploy environments, for tests: an emulator with the portal's deploy
// backend only (its migration and the deploy-registry and deploy-credentials functions, not the
// demo schema), a first platform owner named with the service key, and people and team
// credentials to act as (docs/deploy-teams.md).
import path from 'node:path';
import { ANON_KEY, SERVICE_ROLE_KEY, type EmulatorOptions, type TestEmulator } from '../../emulator/test/harness.js';
import { authClient, connectToProject, connectWithServiceKey, projectClient, type ProjectConnection } from '../../deploy/src/identity/project-connection.js';
import { addPlatformOwner, createCredential } from '../../deploy/src/team-admin.js';
import { deployBackendFiles } from './deploy-backend-files.js';
import { newPerson, type Person } from './people.js';

const SUPABASE = path.resolve(__dirname, '..', '..', 'supabase');

/** The emulator's supabase/ folder for a deploy project: the deploy migration and functions, their config. */
export function deployBackendOptions(extra: Record<string, string> = {}): Pick<EmulatorOptions, 'configToml' | 'files'> {
  const { configToml, files } = deployBackendFiles(SUPABASE);
  return { configToml, files: { ...files, ...extra } };
}

/** A person of the project signed in, as `portal-deploy login` leaves them (without the session file). */
export async function signedInPerson(emulator: TestEmulator, person: Pick<Person, 'email' | 'password'>): Promise<ProjectConnection> {
  const address = { projectUrl: emulator.apiUrl, anonKey: ANON_KEY };
  const { data, error } = await authClient(address).signInWithPassword({ email: person.email, password: person.password });
  if (error || !data.session) throw new Error(`${person.email} could not sign in: ${error?.message}`);
  return { ...address, client: projectClient(address.projectUrl, ANON_KEY, data.session.access_token), accessToken: data.session.access_token, via: 'session' };
}

/** The environment variables a team's CI sets: the project, its public key and the team's token. */
export function ciEnv(emulator: TestEmulator, token: string): NodeJS.ProcessEnv {
  return { PORTAL_DEPLOY_PROJECT_URL: emulator.apiUrl, PORTAL_DEPLOY_ANON_KEY: ANON_KEY, PORTAL_DEPLOY_TOKEN: token };
}

/** Signs in with a team's token, as the CLI does in CI. */
export function credentialConnection(emulator: TestEmulator, token: string): Promise<ProjectConnection> {
  return connectToProject({}, ciEnv(emulator, token));
}

/** A person who has signed up, and their connection once signed in. */
export interface Participant extends Person {
  connection: ProjectConnection;
}

export async function participant(emulator: TestEmulator, label: string): Promise<Participant> {
  const person = await newPerson(emulator, label);
  return { ...person, connection: await signedInPerson(emulator, person) };
}

/** A signed-up person named the project's first platform owner, with the service key. */
export async function firstPlatformOwner(emulator: TestEmulator, label = 'owner'): Promise<Participant> {
  const owner = await participant(emulator, label);
  await addPlatformOwner(connectWithServiceKey({}, { PORTAL_DEPLOY_PROJECT_URL: emulator.apiUrl, PORTAL_DEPLOY_SERVICE_KEY: SERVICE_ROLE_KEY }), owner.email);
  return owner;
}

/** A new credential of `team`, made by `maker` (a member or a platform owner): its token. */
export async function teamToken(maker: ProjectConnection, team: string, name: string): Promise<string> {
  return (await createCredential(maker, team, name)).token;
}
