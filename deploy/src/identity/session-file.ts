// Where `portal-deploy login` keeps a person's session, per project: a JSON file only its owner
// may read (0600), in $PORTAL_DEPLOY_SESSION_FILE or ~/.config/portal-deploy/sessions.json. It
// holds what auth-js would keep in a browser's storage (the access and refresh tokens) and the
// project's public API key, so later commands need only --bucket.
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const fileSchema = z.object({
  /** The project of the last login: used when neither --project-url nor PORTAL_DEPLOY_PROJECT_URL names one. */
  current: z.string().nullable().default(null),
  projects: z
    .record(
      z.string(),
      z.object({
        anonKey: z.string(),
        /** auth-js's storage: its session under its storage key. */
        storage: z.record(z.string(), z.string()).default({}),
      }),
    )
    .default({}),
});
type SessionFile = z.infer<typeof fileSchema>;

export function sessionFilePath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.PORTAL_DEPLOY_SESSION_FILE) return path.resolve(env.PORTAL_DEPLOY_SESSION_FILE);
  const config = env.XDG_CONFIG_HOME || path.join(homedir(), '.config');
  return path.join(config, 'portal-deploy', 'sessions.json');
}

const projectKey = (projectUrl: string) => projectUrl.replace(/\/+$/, '');

function readSessionFile(file: string): SessionFile {
  if (!existsSync(file)) return { current: null, projects: {} };
  const parsed = fileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  return parsed.success ? parsed.data : { current: null, projects: {} };
}

/** Written whole and renamed into place, readable by its owner only. */
function writeSessionFile(file: string, contents: SessionFile): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(contents, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temp, 0o600);
  renameSync(temp, file);
}

export interface SavedProject {
  projectUrl: string;
  anonKey: string;
}

/** The project the last login was for, when there was one. */
export function currentProject(file: string): SavedProject | null {
  const contents = readSessionFile(file);
  const saved = contents.current ? contents.projects[contents.current] : undefined;
  return contents.current && saved ? { projectUrl: contents.current, anonKey: saved.anonKey } : null;
}

export function savedAnonKey(file: string, projectUrl: string): string | null {
  return readSessionFile(file).projects[projectKey(projectUrl)]?.anonKey ?? null;
}

/** auth-js's storage for one project, kept in the file (read and written at each call: commands are short). */
export function sessionStorage(file: string, projectUrl: string, anonKey: string) {
  const key = projectKey(projectUrl);
  const update = (change: (storage: Record<string, string>) => void) => {
    const contents = readSessionFile(file);
    const project = contents.projects[key] ?? { anonKey, storage: {} };
    change(project.storage);
    contents.projects[key] = { ...project, anonKey };
    contents.current = key;
    writeSessionFile(file, contents);
  };
  return {
    getItem: (name: string): string | null => readSessionFile(file).projects[key]?.storage[name] ?? null,
    setItem: (name: string, value: string): void => update((storage) => (storage[name] = value)),
    removeItem: (name: string): void => update((storage) => delete storage[name]),
  };
}

/** Forgets the project's session (sign-out). */
export function forgetProject(file: string, projectUrl: string): void {
  const contents = readSessionFile(file);
  delete contents.projects[projectKey(projectUrl)];
  if (contents.current === projectKey(projectUrl)) contents.current = null;
  writeSessionFile(file, contents);
}
