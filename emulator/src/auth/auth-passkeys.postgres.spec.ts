import { postgresTestUrl } from '../../test/harness.js';
import { describePasskeys } from '../../test/auth/auth-passkeys.suite.js';

// The same suite on a real PostgreSQL server; postgresTestUrl() prints why when it is skipped.
if (postgresTestUrl()) {
  describePasskeys('Passkeys through supabase-js (real PostgreSQL)', { postgres: true });
} else {
  describe.skip('Passkeys (real PostgreSQL): TEST_DATABASE_URL is not set', () => {
    it('runs only with a PostgreSQL server', () => undefined);
  });
}
