import { postgresTestUrl } from '../emulator/test/harness.js';
import { describeLiveRooms } from './live-rooms.suite.js';

jest.setTimeout(120_000);

// The same suite on a real PostgreSQL server; postgresTestUrl() prints why when it is skipped.
if (postgresTestUrl()) {
  describeLiveRooms('live rooms (real PostgreSQL)', { postgres: true });
} else {
  describe.skip('live rooms (real PostgreSQL): TEST_DATABASE_URL is not set', () => {
    it('runs only with a PostgreSQL server', () => undefined);
  });
}
