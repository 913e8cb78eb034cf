import { describeStorageCompat } from './storage-compat.suite.js';

describeStorageCompat('Supabase Storage answers (PGlite)');
