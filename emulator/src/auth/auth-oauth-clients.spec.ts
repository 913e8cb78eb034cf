import { describeOAuthClients } from './auth-oauth-clients.suite.js';

describeOAuthClients('OAuth server admin API (PGlite)');
