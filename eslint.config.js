import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const featureNames = ['movies', 'clips', 'shop', 'auth'];

export default tseslint.config(
  { ignores: ['dist/**', 'dist-*/**', 'assets/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'coverage/**', 'public/**'] },
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
    // Shared code is the contract: it may use the domain, never the server or the web app.
    files: ['src/shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**', '**/web/**'] }] },
  },
  { files: ['src/server/**/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: ['**/web/**'] }] } },
  { files: ['src/web/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**'] }] } },
  // Features never import each other; the app shell composes them.
  ...featureNames.map((name) => ({
    files: [`src/web/features/${name}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            '**/server/**',
            ...featureNames.filter((other) => other !== name).map((other) => `**/features/${other}/**`),
          ],
        },
      ],
    },
  })),
  {
    files: ['scripts/**/*.{js,mjs}', 'bench/**/*.{js,mjs}', '*.config.{js,ts}', 'public/**/*.js'],
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
