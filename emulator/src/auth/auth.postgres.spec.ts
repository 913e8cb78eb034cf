import { postgresTestUrl } from '../../test/harness.js';
import { describeAuthFlows } from '../../test/auth/auth-flows.suite.js';

// The same suite on a real PostgreSQL server; postgresTestUrl() prints why when it is skipped.
if (postgresTestUrl()) {
  describeAuthFlows('auth service (real PostgreSQL)', { postgres: true });
} else {
  describe.skip('auth service (real PostgreSQL): TEST_DATABASE_URL is not set', () => {
    it('runs only with a PostgreSQL server', () => undefined);
  });
}
