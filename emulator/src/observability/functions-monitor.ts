// What the emulator shows of the project's functions in the console: each function's settings and
// the import map that applies, as the functions service describes them (functions/monitoring.ts)
// when the console asks. The console finds their invocations in the request log and reads their
// log lines through the functions service's own API; it never reads the functions' files itself.

export interface FunctionDescription {
  name: string;
  /** `supabase/functions/<name>/index.ts`, relative to the project. */
  entrypoint: string;
  verifyJwt: boolean;
  /** The first paragraph of the entrypoint's leading comment, if it has one. */
  description: string | null;
  /** The import map file that applies (relative to the project), its entries, or why it is unreadable. */
  importMap: { file: string; imports: Record<string, string>; error: string | null } | null;
}

export interface FunctionsSource {
  /** Every function of the project, in name order. */
  list(): FunctionDescription[];
  /** Whether the project has a function of that name. */
  has(name: string): boolean;
}

export class FunctionsMonitor {
  private source: FunctionsSource = { list: () => [], has: () => false };

  /** The functions service hands over how to describe the project's functions. */
  attach(source: FunctionsSource): void {
    this.source = source;
  }

  list(): FunctionDescription[] {
    return this.source.list();
  }

  has(name: string): boolean {
    return this.source.has(name);
  }
}
