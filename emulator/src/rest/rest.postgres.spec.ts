import { postgresTestUrl } from '../../test/harness.js';
import { describePostgrestCompat } from '../../test/rest/postgrest-compat.suite.js';
import { describeRestReads } from '../../test/rest/read.suite.js';
import { describeRestWrites } from '../../test/rest/write.suite.js';

// The same suites on a real PostgreSQL server; postgresTestUrl() prints why when it is skipped.
if (postgresTestUrl()) {
  describeRestReads('REST reads (real PostgreSQL)', { postgres: true });
  describeRestWrites('REST writes and rpc (real PostgreSQL)', { postgres: true });
  describePostgrestCompat('PostgREST 13–14 features (real PostgreSQL)', { postgres: true });
} else {
  describe.skip('REST (real PostgreSQL): TEST_DATABASE_URL is not set', () => {
    it('runs only with a PostgreSQL server', () => undefined);
  });
}
