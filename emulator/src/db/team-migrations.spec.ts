import { describeTeamMigrations } from '../../test/db/team-migrations.suite.js';

describeTeamMigrations("a team's own migrations on the portal's project (PGlite)");
