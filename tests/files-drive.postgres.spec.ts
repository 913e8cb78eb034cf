// The files remote's share links and trash on a real PostgreSQL server.
import { postgresTestUrl } from '../emulator/test/harness.js';
import { describeFilesDrive } from './files-drive.suite.js';

jest.setTimeout(120_000);

// postgresTestUrl() prints why when it is skipped.
if (postgresTestUrl()) {
  describeFilesDrive('files like a drive (real PostgreSQL)', { postgres: true });
} else {
  describe.skip('files like a drive (real PostgreSQL): TEST_DATABASE_URL is not set', () => {
    it('runs only with a PostgreSQL server', () => undefined);
  });
}
