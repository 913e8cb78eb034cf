import { describeCrossUser } from './security-cross-user.suite.js';

jest.setTimeout(120_000);

describeCrossUser('a second person against the first person’s data (PGlite)');
