import { postgresTestUrl } from '../emulator/test/harness.js';
import { describeCrossUser } from './security-cross-user.suite.js';

jest.setTimeout(120_000);

// The same suite on a real PostgreSQL server (without the vector buckets, which need pgvector);
// postgresTestUrl() prints why when it is skipped.
if (postgresTestUrl()) {
  describeCrossUser('a second person against the first person’s data (real PostgreSQL)', {
    postgres: true,
  });
} else {
  describe.skip('a second person against the first person’s data (real PostgreSQL): TEST_DATABASE_URL is not set', () => {
    it('runs only with a PostgreSQL server', () => undefined);
  });
}
