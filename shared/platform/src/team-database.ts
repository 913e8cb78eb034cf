// A team's own tables in the types of the shell's one client (docs/team-tables.md#types). The
// platform's `Database` (database.types.ts) is generated from the portal's project; a team that
// adds tables generates the type of its own (`portal-emulator gen types typescript --team <name>`)
// and adds it here, in its remote only, by declaration merging:
//
//   import type { Database as NotesDatabase } from './database.types.js';
//   declare module '@portal/platform' {
//     interface TeamDatabase extends NotesDatabase {}
//   }
//
// `useSupabase()` and `getPortal().supabase` are then typed with both: `.from('notes')` and
// `.from('profiles')` check against their columns. A remote that adds nothing sees the platform's
// `Database` alone. The types only describe the shell's client; it is the same one client.
import type { Database } from './database.types.js';

/**
 * A team's generated Database, merged into `PortalDatabase`. Empty in the platform: a remote's own
 * declaration (above) fills it, for that remote's compilation only.
 */
export interface TeamDatabase {}

/** `A`'s members and `B`'s, `B`'s where both have one. */
type Merged<A, B> = { [K in keyof A | keyof B]: K extends keyof B ? B[K] : K extends keyof A ? A[K] : never };

/** One schema: its Tables, Views, Functions, Enums and CompositeTypes, each merged by name. */
type MergedSchema<A, B> = {
  [K in keyof A | keyof B]: K extends keyof A ? (K extends keyof B ? Merged<A[K], B[K]> : A[K]) : K extends keyof B ? B[K] : never;
};

/**
 * The platform's Database with a team's: each schema both have is merged category by category
 * (the team's table wins a name both define, which the team's role cannot create anyway), a schema
 * only the team's has is added, and the platform's PostgREST version stays.
 */
export type MergeDatabases<Platform, Team> = {
  [S in keyof Platform | Exclude<keyof Team, '__InternalSupabase'>]: S extends '__InternalSupabase'
    ? S extends keyof Platform
      ? Platform[S]
      : never
    : S extends keyof Platform
      ? S extends keyof Team
        ? MergedSchema<Platform[S], Team[S]>
        : Platform[S]
      : S extends keyof Team
        ? Team[S]
        : never;
};

/** What the shell's one client is typed with: the platform's tables and this remote's team's. */
export type PortalDatabase = MergeDatabases<Database, TeamDatabase>;
