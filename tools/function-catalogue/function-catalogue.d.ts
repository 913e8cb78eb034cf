// Types of function-catalogue.js: how a Supabase CLI project's functions folder is read.

/** The Supabase CLI's function slug rule; other folders hold shared code. */
export declare const FUNCTION_NAME: RegExp;

/** The files a function's folder may start from, in the order they are looked for. */
export declare const ENTRYPOINTS: readonly string[];

/** The entrypoint of the function in `dir`: the first of ENTRYPOINTS that exists there, or null. */
export declare function findEntrypoint(dir: string): string | null;

/** The leading comment of a source file, first paragraph, as one line; null without one. */
export declare function leadingDescription(source: string): string | null;
