import { describeSigningKeys } from './signing-keys.suite.js';

describeSigningKeys('asymmetric JWT signing keys (PGlite)');
