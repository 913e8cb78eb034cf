import { describePhoneAuth } from '../../test/auth/auth-phone.suite.js';

describePhoneAuth('phone auth, SMS into the mailbox (PGlite)');
