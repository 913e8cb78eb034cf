import { postgresTestUrl } from '../../../test/harness.js';
import { describeSso } from '../../../test/auth/auth-sso.suite.js';

// The same suite on a real PostgreSQL server; postgresTestUrl() prints why when it is skipped.
if (postgresTestUrl()) {
  describeSso('SAML single sign-on through supabase-js and the test IdP (real PostgreSQL)', {
    postgres: true,
  });
} else {
  describe.skip('SAML single sign-on (real PostgreSQL): TEST_DATABASE_URL is not set', () => {
    it('runs only with a PostgreSQL server', () => undefined);
  });
}
