// What the CLI needs of a Supabase project, loaded only by commands that use one (a folder
// environment's commands never load supabase-js): who calls, and the environment as a target.
import { connectToProject, connectWithServiceKey, projectAddress, type ProjectConnection, type ProjectOptions } from './identity/project-connection.js';
import { projectTarget, type ProjectTarget } from './targets/project-target.js';

export { connectToProject, connectWithServiceKey, projectAddress, type ProjectConnection, type ProjectOptions };
export { login, logout } from './identity/login.js';

/** The environment (its bucket's name) of the project, as the caller. */
export async function openProjectTarget(options: ProjectOptions, environment: string): Promise<ProjectTarget> {
  return projectTarget(await connectToProject(options), environment);
}
