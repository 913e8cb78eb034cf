export interface CompileOptions {
  /** Source paths are hashed relative to it (the emulator package). */
  root: string;
  /** The TypeScript entry (emulator/src/cli.ts). */
  entry: string;
  /** Where builds go (emulator/dist/cli). */
  outDir: string;
}

export interface CompiledEmulator {
  /** The compiled entry, to import. */
  file: string;
  /** False when the build current.json names was still current. */
  built: boolean;
}

/** The compiled emulator for the sources as they are now: the current build, or a new one. */
export function compiledEmulator(options: CompileOptions): Promise<CompiledEmulator>;
