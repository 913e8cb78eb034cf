import { postgresTestUrl } from '../emulator/test/harness.js';
import { describeDemoPolicies } from './demo-policies.suite.js';

jest.setTimeout(120_000);

// The same suite on a real PostgreSQL server; postgresTestUrl() prints why when it is skipped.
if (postgresTestUrl()) {
  describeDemoPolicies('the demo schema’s row level security (real PostgreSQL)', {
    postgres: true,
  });
} else {
  describe.skip('the demo schema’s row level security (real PostgreSQL): TEST_DATABASE_URL is not set', () => {
    it('runs only with a PostgreSQL server', () => undefined);
  });
}
