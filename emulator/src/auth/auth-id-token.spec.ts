import { describeIdTokenAuth } from '../../test/auth/auth-id-token.suite.js';

describeIdTokenAuth('sign-in with ID tokens of the test provider (PGlite)');
