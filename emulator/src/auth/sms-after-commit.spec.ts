import { describeSmsAfterCommit } from '../../test/auth/sms-after-commit.suite.js';

describeSmsAfterCommit('auth SMS after commit (PGlite)');
