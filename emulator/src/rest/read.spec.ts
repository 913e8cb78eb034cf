import { describeRestReads } from './read.suite.js';

describeRestReads('REST reads (PGlite)');
