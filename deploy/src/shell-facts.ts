// What a shell provides, stated where a team can read it (docs/architecture.md#what-a-shell-provides):
// the platform contract and the version of each package it shares as a singleton, and the Module
// Federation runtime remote entries bind to. The shell's build writes them beside its page as
// `portal-shell.json` (served by every portal: `<portal>/portal-shell.json`); an environment
// records them (environment.json `shell`) when its shell is published or `init` is given them. A
// remote's build and `publish` compare the remote with them and say what to change.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import satisfies from 'semver/functions/satisfies.js';
import validRange from 'semver/ranges/valid.js';
import { z } from 'zod';
import { DeployError, DeployErrorCode } from './errors.js';

export const SHELL_FACTS_FILE = 'portal-shell.json';

export const shellFactsSchema = z.object({
  /** The @portal/platform contract it provides (CONTRACT_VERSION). */
  contract: z.string(),
  /** Each package it shares as a singleton (react, react-dom, @supabase/supabase-js, @portal/platform, @portal/ui), at its version. */
  packages: z.record(z.string(), z.string()),
  /** The Module Federation runtime a remote entry binds to (@portal/deploy pins the same). */
  federation: z.string().optional(),
});
export type ShellFacts = z.infer<typeof shellFactsSchema>;

/** The shell's facts from a `portal-shell.json` (a file, or a portal's URL where it is served). */
export async function readShellFacts(where: string): Promise<ShellFacts> {
  let text: string;
  if (/^https?:\/\//.test(where)) {
    const url = where.endsWith('.json') ? where : new URL(SHELL_FACTS_FILE, where.endsWith('/') ? where : `${where}/`).href;
    let response: Response;
    try {
      response = await fetch(url, { headers: { accept: 'application/json' } });
    } catch (error) {
      throw new DeployError(DeployErrorCode.TargetFailed, `Could not ask ${url} what the portal's shell provides: ${(error as Error).message}.`);
    }
    if (!response.ok) throw new DeployError(DeployErrorCode.TargetFailed, `${url} answered ${response.status}: that portal's shell does not say what it provides (a shell built before it did).`);
    text = await response.text();
  } else {
    const file = where.endsWith('.json') ? where : path.join(where, SHELL_FACTS_FILE);
    text = readFileSync(file, 'utf8');
  }
  const parsed = shellFactsSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new DeployError(DeployErrorCode.InvalidOption, `${where} is not a shell's ${SHELL_FACTS_FILE}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}.`);
  return parsed.data;
}

/** What a remote's build consumes: its contract range and, per shared module, the range it was built for. */
export interface RemoteNeeds {
  name: string;
  contract: string;
  /** Shared module request (`react`, `@portal/ui/core`…) → the range the build declares (`^19.3.0`). */
  shared: Record<string, string>;
  /** The Module Federation runtime the build targets, when known. */
  federation?: string;
}

/** The package a shared module request belongs to (`react/jsx-runtime` → `react`, `@portal/ui/core` → `@portal/ui`). */
export function packageOf(request: string): string {
  const parts = request.split('/');
  return request.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/**
 * Each way the remote does not fit the shell, in words that say what to change: the contract
 * range, each shared package whose version the range it was built for excludes (install the
 * shell's, or wait for a shell with the newer one), the Module Federation runtime.
 */
export function compatibilityProblems(needs: RemoteNeeds, shell: ShellFacts, where: string): string[] {
  const problems: string[] = [];
  if (validRange(needs.contract) === null || !satisfies(shell.contract, needs.contract)) {
    problems.push(
      `${needs.name} declares the platform contract ${needs.contract}, but the shell of ${where} provides ${shell.contract}: wait for a shell with a contract in that range, or lower "contract" in remote.json to one that admits ${shell.contract} (and use only what it provides).`,
    );
  }
  const seen = new Set<string>();
  for (const [request, range] of Object.entries(needs.shared)) {
    const pkg = packageOf(request);
    if (seen.has(pkg)) continue;
    const provided = shell.packages[pkg];
    if (provided === undefined) {
      seen.add(pkg);
      problems.push(`${needs.name} consumes ${request}, which the shell of ${where} does not provide: remove it, or wait for a shell that shares it.`);
      continue;
    }
    if (validRange(range) !== null && !satisfies(provided, range)) {
      seen.add(pkg);
      problems.push(
        `${needs.name} was built against ${pkg} ${range}, but the shell of ${where} provides ${pkg} ${provided}, which your remote runs with: install it (npm install ${pkg}@${provided}) and build again, or wait for a shell with ${pkg} ${range}.`,
      );
    }
  }
  if (needs.federation && shell.federation && needs.federation !== shell.federation) {
    problems.push(
      `${needs.name} is built for Module Federation ${needs.federation}, but the shell of ${where} runs ${shell.federation}: a remote entry runs only with the shell's own runtime; install the @portal/deploy made for it.`,
    );
  }
  return problems;
}

const manifestSharedSchema = z.object({ shared: z.array(z.object({ name: z.string(), requiredVersion: z.string().optional() })).default([]) });

/** What a built remote in `distDir` needs, from its remote.json contract and its manifest's shared ranges. */
export function builtRemoteNeeds(distDir: string, meta: { name: string; contract: string }): RemoteNeeds {
  const manifest = manifestSharedSchema.parse(JSON.parse(readFileSync(path.join(distDir, 'mf-manifest.json'), 'utf8')));
  return {
    name: meta.name,
    contract: meta.contract,
    shared: Object.fromEntries(manifest.shared.filter((s) => s.requiredVersion).map((s) => [s.name, s.requiredVersion!])),
  };
}

/** Throws DEPLOY-020 with every problem when the built remote does not fit the shell. */
export function checkFitsShell(needs: RemoteNeeds, shell: ShellFacts, where: string): void {
  const problems = compatibilityProblems(needs, shell, where);
  if (problems.length === 0) return;
  throw new DeployError(DeployErrorCode.ShellMismatch, problems.length === 1 ? problems[0]! : `${needs.name} does not fit the shell of ${where}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
}
