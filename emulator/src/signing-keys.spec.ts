import { describeSigningKeys } from '../test/signing-keys.suite.js';

describeSigningKeys('asymmetric JWT signing keys (PGlite)');
