import { postgresTestUrl } from '../../test/harness.js';
import { describeSmsAfterCommit } from '../../test/auth/sms-after-commit.suite.js';

// The same suite on a real PostgreSQL server; postgresTestUrl() prints why when it is skipped.
if (postgresTestUrl()) {
  describeSmsAfterCommit('auth SMS after commit (real PostgreSQL)', { postgres: true });
} else {
  describe.skip('auth SMS after commit (real PostgreSQL): TEST_DATABASE_URL is not set', () => {
    it('runs only with a PostgreSQL server', () => undefined);
  });
}
