import { describeDeployTeams } from './deploy-teams.suite.js';

jest.setTimeout(120_000);

describeDeployTeams('publishing with verified teams (PGlite)');
