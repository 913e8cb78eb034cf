import { describeRestWrites } from '../../test/rest/write.suite.js';

describeRestWrites('REST writes and rpc (PGlite)');
