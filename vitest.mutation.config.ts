import { defineConfig } from 'vitest/config';

// The tests Stryker runs against each mutant (`npm run test:mutation`): those of the pure modules
// it mutates, src/domain and src/shared. The same settings as the `domain` project of
// vitest.config.ts, on its own because the Stryker vitest runner cannot pick one project.
export default defineConfig({
  test: {
    env: { TZ: 'UTC' },
    include: ['src/domain/**/*.test.ts', 'src/shared/**/*.test.ts'],
    environment: 'node',
  },
});
