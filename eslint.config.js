// ESLint for TypeScript and React. TypeScript 7 has no JavaScript API, so typescript-eslint
// cannot run; Babel parses the syntax here and `tsc` (TypeScript 7) checks the types.
import js from '@eslint/js';
import babelParser from '@babel/eslint-parser';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importBoundaries from './eslint-rules/import-boundaries.js';

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
    plugins: { 'react-hooks': reactHooks, portal: importBoundaries },
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
    },
  },
  {
    // The shell provides `@portal/ui/forms` only for releases built before platform contract 1.4;
    // an app importing it would load the form controls and the table together again.
    files: ['remotes/**/*.{ts,tsx}', 'shell/src/**/*.{ts,tsx}', 'emulator/console/**/*.{ts,tsx}'],
    ignores: ['shell/src/design-system-groups.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@portal/ui/forms', message: "import from '@portal/ui' (form controls and the table are groups of their own since platform contract 1.4)." }] },
      ],
    },
  },
];
