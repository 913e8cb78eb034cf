import { describeOAuthClients } from '../../test/auth/auth-oauth-clients.suite.js';

describeOAuthClients('OAuth server admin API (PGlite)');
