// zod (v4) compiles object parsers with `new Function` unless told not to, probing whether eval is
// allowed when the first object schema is made. The shell's Content-Security-Policy forbids eval:
// zod caught the refusal, but Chromium still reported a violation on every page that made a
// schema. Jitless parsing never probes. zod keeps its settings in one object on globalThis
// (`__zod_globalConfig`), which every copy of zod in the page reads — the remotes bundle their
// own — so the shell sets it before any remote runs, without loading zod itself (the home page
// ships no schema library). zod-without-eval.test.ts holds zod to reading it.
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = Object.assign(scope.__zod_globalConfig ?? {}, { jitless: true });
