// The registry's full schema, loaded only for a registry the shape check at start refused
// (registry-loader.ts): it says what is wrong, field by field. zod is told not to compile parsers
// with eval before any schema is made (zod-without-eval.ts).
import '../start-up/zod-without-eval.js';

export { parseRegistry } from '@portal/platform/registry';
