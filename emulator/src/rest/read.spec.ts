import { describeRestReads } from '../../test/rest/read.suite.js';

describeRestReads('REST reads (PGlite)');
