import { postgresTestUrl } from '../../test/harness.js';
import { describeIdTokenAuth } from '../../test/auth/auth-id-token.suite.js';

// The same suite on a real PostgreSQL server; postgresTestUrl() prints why when it is skipped.
if (postgresTestUrl()) {
  describeIdTokenAuth('sign-in with ID tokens of the test provider (real PostgreSQL)', {
    postgres: true,
  });
} else {
  describe.skip('ID tokens (real PostgreSQL): TEST_DATABASE_URL is not set', () => {
    it('runs only with a PostgreSQL server', () => undefined);
  });
}
