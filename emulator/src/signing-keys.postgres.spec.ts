import { postgresTestUrl } from '../test/harness.js';
import { describeSigningKeys } from '../test/signing-keys.suite.js';

// The same suite on a real PostgreSQL server; postgresTestUrl() prints why when it is skipped.
if (postgresTestUrl()) {
  describeSigningKeys('asymmetric JWT signing keys (real PostgreSQL)', { postgres: true });
} else {
  describe.skip('asymmetric JWT signing keys (real PostgreSQL): TEST_DATABASE_URL is not set', () => {
    it('runs only with a PostgreSQL server', () => undefined);
  });
}
