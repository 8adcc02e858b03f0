import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Every folder under src/web/features is a feature: a new one is fenced in without touching this file. */
const featureNames = readdirSync(new URL('src/web/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-*/**',
      'assets/**',
      'node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
      'public/**',
      // Stryker's sandboxes (a copy of the tree) while a mutation run is going on.
      '.stryker-*/**',
      'reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // The domain is pure: no I/O, no frameworks, no clock or randomness of its own.
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['../*', 'node:*', 'react', 'react-*', 'fastify', 'kysely', 'zod'] }],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Pass the time in.' },
        { object: 'Math', property: 'random', message: 'Pass a random source in.' },
      ],
      'no-restricted-globals': ['error', 'process', 'window', 'document', 'localStorage', 'fetch'],
    },
  },
  {
    // The display layer draws from props alone: no state, effects, router, queries or browser APIs,
    // so the server can render it with react-dom/server exactly as the app's first render (decision 200).
    files: ['src/ui/**/*.{ts,tsx}'],
    ignores: ['src/ui/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react-router', 'react-router/*', '@tanstack/*', 'react-dom', 'react-dom/*'],
              message: 'The display layer draws from props alone.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.name=/^use[A-Z]/]',
          message: 'The display layer keeps no state: take values and handlers as props (hooks live in src/web).',
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'fetch', 'navigator', 'process'],
    },
  },
  {
    // Zones on resolved file paths (so `../movies/x` is caught as surely as `../../features/movies/x`),
    // and no import cycles. Imports flow domain ← shared ← ui ← {server, web}; in the web app,
    // lib/components ← features ← app, and features never import each other.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })] },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: 'src/domain',
              from: ['src/shared', 'src/server', 'src/web', 'src/ui'],
              message: 'The domain is pure and imports nothing of the app.',
            },
            {
              target: 'src/shared',
              from: ['src/server', 'src/web', 'src/ui'],
              message: 'Shared code is the contract: never the server, the web app or the display layer.',
            },
            {
              target: 'src/ui',
              from: ['src/server', 'src/web'],
              message: 'The display layer is drawn by both the server and the web app: it imports neither.',
            },
            { target: 'src/server', from: 'src/web', message: 'The server never imports the web app.' },
            { target: 'src/web', from: 'src/server', message: 'The web app never imports the server.' },
            {
              target: ['src/web/lib', 'src/web/components'],
              from: ['src/web/features', 'src/web/app'],
              message: 'Shared web code sits below features and the app shell.',
            },
            {
              target: 'src/web/features',
              from: 'src/web/app',
              message: 'Features never import the app shell: move what they need to lib/ or components/.',
            },
            ...featureNames.map((name) => ({
              target: `src/web/features/${name}`,
              from: 'src/web/features',
              except: [`./${name}`],
              message: 'Features never import each other; compose them in web/app.',
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.{js,mjs,ts}', 'bench/**/*.{js,mjs}', '*.config.{js,ts}', 'public/**/*.js'],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-console': 'off' },
  },
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['tests/**/*.ts', '**/*.test.{ts,tsx}', 'bench/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
