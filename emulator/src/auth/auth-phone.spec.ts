import { describePhoneAuth } from './auth-phone.suite.js';

describePhoneAuth('phone auth, SMS into the mailbox (PGlite)');
