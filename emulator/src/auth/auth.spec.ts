import { describeAuthFlows } from '../../test/auth/auth-flows.suite.js';

describeAuthFlows('auth service (PGlite)');
