// Which database roles a request may run as. Supabase's API servers connect as `authenticator`
// and switch to the JWT's `role` claim, which Postgres allows only for roles granted to
// `authenticator` (anon, authenticated, service_role, and any the project grants). The
// emulator connects as a superuser that could become any role, so it asks Postgres the same
// question itself; answers are cached for a few seconds, as a grant made by a migration or an
// rpc is rare and may take that long to count.
import type { Database } from './database.js';
import type { RoleGate, RoleVerdict } from '../keys.js';

const CACHE_MS = 5_000;
/** Distinct role names remembered at most (only correctly signed tokens get this far). */
const CACHE_SIZE = 1_000;

export class RequestRoles implements RoleGate {
  private readonly verdicts = new Map<string, { verdict: RoleVerdict; until: number }>();

  constructor(private readonly db: Database) {}

  async check(role: string): Promise<RoleVerdict> {
    const now = Date.now();
    const cached = this.verdicts.get(role);
    if (cached && cached.until > now) return cached.verdict;
    const { rows } = await this.db.query<{ granted: boolean }>(
      `select pg_has_role('authenticator', oid, 'member') as granted from pg_roles where rolname = $1`,
      [role],
    );
    const verdict: RoleVerdict = rows[0]
      ? rows[0].granted
        ? 'granted'
        : 'not_granted'
      : 'unknown';
    if (this.verdicts.size >= CACHE_SIZE) this.verdicts.clear();
    this.verdicts.set(role, { verdict, until: now + CACHE_MS });
    return verdict;
  }
}
