// Which files of the portal's supabase/ folder make its deploy backend (the migration, the
// deploy-registry and deploy-credentials functions, their config): what an emulator needs to host
// shared deploy environments, without the demo schema. No test framework here: bench/ uses it too.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

function filesBelow(supabaseDir: string, dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(path.join(supabaseDir, dir), { withFileTypes: true })) {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) Object.assign(files, filesBelow(supabaseDir, relative));
    else files[relative] = readFileSync(path.join(supabaseDir, relative), 'utf8');
  }
  return files;
}

/** config.toml's contents and the other files (path below supabase/ → contents). */
export function deployBackendFiles(supabaseDir: string): { configToml: string; files: Record<string, string> } {
  const migration = readdirSync(path.join(supabaseDir, 'migrations')).find((name) => name.endsWith('_portal_deploy.sql'))!;
  return {
    configToml: [
      '[api]',
      'schemas = ["public", "portal_deploy_api"]',
      '[functions.deploy-registry]',
      'verify_jwt = false',
      '[functions.deploy-credentials]',
      'verify_jwt = false',
      '',
    ].join('\n'),
    files: {
      [`migrations/${migration}`]: readFileSync(path.join(supabaseDir, 'migrations', migration), 'utf8'),
      ...filesBelow(supabaseDir, 'functions/deploy-registry'),
      ...filesBelow(supabaseDir, 'functions/deploy-credentials'),
      'functions/_shared/http.ts': readFileSync(path.join(supabaseDir, 'functions', '_shared', 'http.ts'), 'utf8'),
    },
  };
}
