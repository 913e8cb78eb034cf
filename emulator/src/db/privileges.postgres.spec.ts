import { postgresTestUrl } from '../../test/harness.js';
import { describePrivileges } from '../../test/db/privileges.suite.js';

// The same suite on a real PostgreSQL server; postgresTestUrl() prints why when it is skipped.
if (postgresTestUrl()) {
  describePrivileges('grants and default privileges across restarts (real PostgreSQL)', {
    postgres: true,
  });
} else {
  describe.skip('grants and default privileges (real PostgreSQL): TEST_DATABASE_URL is not set', () => {
    it('runs only with a PostgreSQL server', () => undefined);
  });
}
