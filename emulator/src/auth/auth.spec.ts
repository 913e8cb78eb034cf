import { describeAuthFlows } from './auth-flows.suite.js';

describeAuthFlows('auth service (PGlite)');
