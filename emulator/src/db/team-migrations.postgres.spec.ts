import { postgresTestUrl } from '../../test/harness.js';
import { describeTeamMigrations } from '../../test/db/team-migrations.suite.js';

// The same suite on a real PostgreSQL server; postgresTestUrl() prints why when it is skipped.
if (postgresTestUrl()) {
  describeTeamMigrations("a team's own migrations on the portal's project (real PostgreSQL)", { postgres: true });
} else {
  describe.skip("a team's own migrations (real PostgreSQL): TEST_DATABASE_URL is not set", () => {
    it('runs only with a PostgreSQL server', () => undefined);
  });
}
