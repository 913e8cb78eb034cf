import { postgresTestUrl } from '../../test/harness.js';
import { describeOAuthServer } from '../../test/auth/auth-oauth-server.suite.js';

// The same suite on a real PostgreSQL server; postgresTestUrl() prints why when it is skipped.
if (postgresTestUrl()) {
  describeOAuthServer('OAuth 2.1 server: authorize, consent, token, grants (real PostgreSQL)', {
    postgres: true,
  });
} else {
  describe.skip('OAuth 2.1 server (real PostgreSQL): TEST_DATABASE_URL is not set', () => {
    it('runs only with a PostgreSQL server', () => undefined);
  });
}
