import { postgresTestUrl } from '../../test/harness.js';
import { describePhoneAuth } from '../../test/auth/auth-phone.suite.js';

// The same suite on a real PostgreSQL server; postgresTestUrl() prints why when it is skipped.
if (postgresTestUrl()) {
  describePhoneAuth('phone auth, SMS into the mailbox (real PostgreSQL)', { postgres: true });
} else {
  describe.skip('phone auth (real PostgreSQL): TEST_DATABASE_URL is not set', () => {
    it('runs only with a PostgreSQL server', () => undefined);
  });
}
