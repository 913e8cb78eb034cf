import type { Plugin } from 'esbuild';

export interface CompiledEntryOptions {
  /** Source paths are hashed relative to it. */
  root: string;
  /** The TypeScript entry. */
  entry: string;
  /** Where builds go. */
  outDir: string;
  /** The compiled entry's name, without extension (`<name>.mjs`). */
  name: string;
  /** Part of every hash: change it when how the entry is compiled changes, so a new build is made. */
  buildFormat: string;
  /** Bare imports to bundle; every other one stays an import of node_modules. Default none. */
  bundles?: (specifier: string) => boolean;
  /** Further esbuild plugins, e.g. to load sources differently. */
  plugins?: Plugin[];
}

export interface CompiledEntry {
  /** The compiled entry, to import. */
  file: string;
  /** False when the build current.json names was still current. */
  built: boolean;
}

/** The entry compiled from the sources as they are now: the current build, or a new one. */
export function compiledEntry(options: CompiledEntryOptions): Promise<CompiledEntry>;
