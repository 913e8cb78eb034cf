import { describeStorageCompat } from '../../test/storage/storage-compat.suite.js';

describeStorageCompat('Supabase Storage answers (PGlite)');
