import { describeSso, describeSsoDisabled } from '../../../test/auth/auth-sso.suite.js';

describeSso('SAML single sign-on through supabase-js and the test IdP (PGlite)');
describeSsoDisabled('SAML single sign-on while [auth.saml] is off');
