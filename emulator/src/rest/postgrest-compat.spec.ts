import { describePostgrestCompat } from '../../test/rest/postgrest-compat.suite.js';

describePostgrestCompat('PostgREST 13–14 features (PGlite)');
