export interface CompileOptions {
  /** Source paths are hashed relative to it (the repository). */
  root: string;
  /** The TypeScript entry (deploy/src/cli.ts). */
  entry: string;
  /** Where builds go (deploy/dist/cli). */
  outDir: string;
}

export interface CompiledCli {
  /** The compiled entry, to import. */
  file: string;
  /** False when the build current.json names was still current. */
  built: boolean;
}

/** The compiled CLI for the sources as they are now: the current build, or a new one. */
export function compiledCli(options: CompileOptions): Promise<CompiledCli>;
