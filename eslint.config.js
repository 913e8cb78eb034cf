// ESLint for TypeScript and React. TypeScript 7 has no JavaScript API, so typescript-eslint
// cannot run; Babel parses the syntax here and `tsc` (TypeScript 7) checks the types.
import js from '@eslint/js';
import babelParser from '@babel/eslint-parser';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importBoundaries from './eslint-rules/import-boundaries.js';
import { declaredDependencies } from './eslint-rules/declared-dependencies.js';
import { emulatorFloors } from './eslint-rules/emulator-floors.js';
import { MAX_LINES, NOT_PRODUCTION, OVERSIZED, PRODUCTION_FILES } from './eslint-rules/file-size.js';

const portal = { rules: { ...importBoundaries.rules, 'declared-dependencies': declaredDependencies, 'emulator-floors': emulatorFloors } };

// The shell provides `@portal/ui/forms` only for releases built before platform contract 1.4;
// an app importing it would load the form controls and the table together again.
const legacyUiGroup = { name: '@portal/ui/forms', message: "import from '@portal/ui' (form controls and the table are groups of their own since platform contract 1.4)." };
// What runs in the portal's pages validates with zod's tree-shakable build: the full one is about
// 24 KB gzipped of the page that imports it, and each remote bundles its own copy.
const fullZod = ['zod', 'zod/v4', 'zod/v4/classic'].map((name) => ({ name, message: "import * as z from 'zod/mini' (the full zod is about 24 KB gzipped of every page that uses it)." }));

export default [
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.supabase-local/**',
      '**/.tmp/**',
      'coverage/**',
      '.deploy/**',
      // Deliberate boundary violations; tests/lint-boundaries.test.ts lints them as if they lived in the apps.
      'tests/fixtures/boundaries/**',
    ],
  },
  js.configs.recommended,
  {
    files: ['**/*.{js,mjs,cjs,ts,tsx}'],
    languageOptions: {
      parser: babelParser,
      parserOptions: {
        requireConfigFile: false,
        babelOptions: {
          babelrc: false,
          configFile: false,
          presets: [
            ['@babel/preset-typescript', { isTSX: true, allExtensions: true }],
            ['@babel/preset-react', { runtime: 'automatic' }],
          ],
        },
      },
      globals: { ...globals.node, ...globals.browser, ...globals.jest, Deno: 'readonly' },
    },
    plugins: { 'react-hooks': reactHooks, portal },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Type-only references look unused to a syntax-only linter; tsc's noUnused* checks them.
      'no-unused-vars': 'off',
      'no-undef': 'off',
      'no-redeclare': 'off',
      'no-dupe-class-members': 'off',
      'no-control-regex': 'off',
      eqeqeq: ['error', 'smart'],
      'no-console': 'off',
      'prefer-const': 'error',
      // What may import what (docs/boundaries.md): relative paths and workspace package names alike.
      'portal/import-boundaries': 'error',
      // A workspace declares the workspace packages (@portal/*) it imports (docs/boundaries.md).
      'portal/declared-dependencies': 'error',
      // Inside the emulator, imports run down its floors (emulator/README.md#layout).
      'portal/emulator-floors': 'error',
    },
  },
  {
    // A production file stays under MAX_LINES lines; the named exceptions are in eslint-rules/file-size.js.
    files: PRODUCTION_FILES,
    ignores: [...NOT_PRODUCTION, ...Object.keys(OVERSIZED)],
    rules: { 'max-lines': ['error', { max: MAX_LINES, skipBlankLines: false, skipComments: false }] },
  },
  {
    files: ['remotes/**/*.{ts,tsx}', 'shell/src/**/*.{ts,tsx}', 'emulator/console-app/**/*.{ts,tsx}'],
    ignores: ['shell/src/federation/design-system-groups.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [legacyUiGroup] }] },
  },
  {
    // The portal's browser code (a later block's rule replaces the one above for these files, so
    // it names both). The emulator's own console and the build scripts are not the portal's pages.
    files: ['remotes/*/src/**/*.{ts,tsx}', 'shell/src/**/*.{ts,tsx}', 'shared/*/src/**/*.{ts,tsx}'],
    ignores: ['shell/src/federation/design-system-groups.ts', '**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [legacyUiGroup, ...fullZod] }] },
  },
];
