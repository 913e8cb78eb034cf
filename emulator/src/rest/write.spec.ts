import { describeRestWrites } from './write.suite.js';

describeRestWrites('REST writes and rpc (PGlite)');
