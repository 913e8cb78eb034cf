import { describePasskeys } from '../../test/auth/auth-passkeys.suite.js';

describePasskeys('Passkeys through supabase-js (PGlite)');
