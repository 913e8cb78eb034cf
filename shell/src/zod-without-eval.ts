// zod (v4) compiles object parsers with `new Function` unless told not to, probing whether eval is
// allowed when the first object schema is made. The shell's Content-Security-Policy forbids eval:
// zod caught the refusal, but Chromium still reported a violation on every page. Jitless parsing
// never probes. The setting lives on globalThis, so it holds for every copy of zod in the page;
// the shell loads zod only with the registry's full schema (registry-validation.ts), which imports
// this module first, before any schema is made.
import { z } from 'zod/mini';

z.config({ jitless: true });
