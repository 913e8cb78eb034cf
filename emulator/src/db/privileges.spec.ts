import { describePrivileges } from './privileges.suite.js';

describePrivileges('grants and default privileges across restarts (PGlite)');
