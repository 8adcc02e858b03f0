import { defineConfig } from 'vitest/config';

// `npm run test:cluster`: process-level tests of several app processes on one PostgreSQL database
// (first start, crash safety, production install, the nginx cluster). Not part of `vitest run`.
export default defineConfig({
  test: {
    name: 'cluster',
    include: ['tests/cluster/**/*.test.ts'],
    environment: 'node',
    env: { TZ: 'UTC' },
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
