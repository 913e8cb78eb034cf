import { postgresTestUrl } from '../../test/harness.js';
import { describeWeb3SignIn } from '../../test/auth/auth-web3.suite.js';

// The same suite on a real PostgreSQL server; postgresTestUrl() prints why when it is skipped.
if (postgresTestUrl()) {
  describeWeb3SignIn('Web3 sign-in (SIWE and SIWS) through supabase-js (real PostgreSQL)', {
    postgres: true,
  });
} else {
  describe.skip('Web3 sign-in (real PostgreSQL): TEST_DATABASE_URL is not set', () => {
    it('runs only with a PostgreSQL server', () => undefined);
  });
}
