import { describeDemoPolicies } from './demo-policies.suite.js';

jest.setTimeout(120_000);

describeDemoPolicies('the demo schema’s row level security (PGlite)');
