import { postgresTestUrl } from '../emulator/test/harness.js';
import { describeDeployTeams } from './deploy-teams.suite.js';

jest.setTimeout(120_000);

// The same suite on a real PostgreSQL server; postgresTestUrl() prints why when it is skipped.
if (postgresTestUrl()) {
  describeDeployTeams('publishing with verified teams (real PostgreSQL)', { postgres: true });
} else {
  describe.skip('publishing with verified teams (real PostgreSQL): TEST_DATABASE_URL is not set', () => {
    it('runs only with a PostgreSQL server', () => undefined);
  });
}
