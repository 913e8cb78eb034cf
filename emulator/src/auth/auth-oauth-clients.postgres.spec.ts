import { postgresTestUrl } from '../../test/harness.js';
import { describeOAuthClients } from '../../test/auth/auth-oauth-clients.suite.js';

// The same suite on a real PostgreSQL server; postgresTestUrl() prints why when it is skipped.
if (postgresTestUrl()) {
  describeOAuthClients('OAuth server admin API (real PostgreSQL)', { postgres: true });
} else {
  describe.skip('OAuth server admin API (real PostgreSQL): TEST_DATABASE_URL is not set', () => {
    it('runs only with a PostgreSQL server', () => undefined);
  });
}
