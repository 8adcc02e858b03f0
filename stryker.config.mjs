// @ts-check
/**
 * Mutation testing of the pure modules: `npm run test:mutation` (see docs/testing.md, "Mutation testing").
 * Every non-test .ts file of src/domain and src/shared is mutated, so modules added later are
 * included without touching this file. Incremental: a re-run tests only mutants whose code or
 * tests changed since the last run (the result file lives in reports/, which git ignores).
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
const config = {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  mutate: ['src/domain/**/*.ts', 'src/shared/**/*.ts', '!src/**/*.test.ts'],
  coverageAnalysis: 'perTest',
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  thresholds: { high: 95, low: 90, break: 90 },
  reporters: ['clear-text', 'progress', 'html', 'json'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  clearTextReporter: { allowEmojis: false, logTests: false, reportMutants: false },
  // Two shared cores: more workers only wait for each other.
  concurrency: 2,
  ignorePatterns: ['dist', 'dist-*', 'data', 'test-results', 'playwright-report', 'coverage', 'reports', 'bench', 'tests', 'docs'],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
export default config;
