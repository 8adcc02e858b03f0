import os from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
    env: { TZ: 'UTC' },
    // Vitest's default is one worker per core less one: a single worker on a 2-core machine, idle
    // whenever a test waits for a socket, a child process or PostgreSQL. Three keep both cores busy
    // (decision 160).
    maxWorkers: Math.max(3, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'domain',
          include: ['src/domain/**/*.test.ts', 'src/shared/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          setupFiles: ['tests/support/real-timers.ts'],
          // A worker runs its test files one after the other in one module graph: Fastify,
          // better-auth, the AWS SDK and PGlite are loaded once per worker, not once per file
          // (a third of the suite's CPU time). Files share no state but what they open themselves.
          isolate: false,
          // Bounds, not expectations: a busy 2-core machine runs a test several times slower than
          // an idle one (sign-ins hash passwords, PGlite starts a database in WebAssembly).
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}', 'src/ui/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/web/test/setup.ts'],
          // jsdom renders are slow on a loaded 2-core machine: these bound waits for the app's own
          // signals (findBy*, waitFor), they are not timing assertions.
          testTimeout: 30_000,
        },
      },
    ],
  },
});
