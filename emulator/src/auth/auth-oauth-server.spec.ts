import { describeOAuthServer } from '../../test/auth/auth-oauth-server.suite.js';

describeOAuthServer('OAuth 2.1 server: authorize, consent, token, grants (PGlite)');
