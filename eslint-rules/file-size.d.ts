// The types of file-size.js, for tests/lint-boundaries.test.ts (the rule itself stays plain JS,
// as ESLint's configuration loads it).
export declare const MAX_LINES: number;
export declare const PRODUCTION_FILES: string[];
export declare const NOT_PRODUCTION: string[];
export declare const OVERSIZED: Record<string, string>;
