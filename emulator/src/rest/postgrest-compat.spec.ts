import { describePostgrestCompat } from './postgrest-compat.suite.js';

describePostgrestCompat('PostgREST 13–14 features (PGlite)');
