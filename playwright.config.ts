import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/e2e/chromium-flags';
import { E2E_ADMIN } from './tests/e2e/e2e-admin';

// The production build, started as the README starts it (`npm run serve` after `npm run build`),
// on a fresh temporary data directory with the embedded defaults and demo content, and an admin
// from ADMIN_EMAIL / ADMIN_PASSWORD.
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'mingo-e2e-'));
// Test workers inherit it: the order e-mail tests read the server's outbox (DATA_DIR/outbox).
process.env.E2E_DATA_DIR = dataDir;
const baseURL = `http://localhost:${port}`;
const distDir = process.env.DIST_DIR ?? 'dist';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // Two cores: a third worker made the whole suite slower (7.8 min against 5.8) and no steadier.
  workers: 2,
  // One more run of a failed story, to record its trace (see `trace` below). A story that passes
  // only the second time still fails the run: a flaky story is a bug to fix, not a pass.
  retries: 1,
  failOnFlakyTests: true,
  forbidOnly: process.env.CI !== undefined,
  // Bounds, not expectations: a busy 2-core CI machine runs a story several times slower than an
  // idle one, and every wait is for a visible outcome.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: `test-results/${port}`,
  use: {
    baseURL,
    // Recording a trace of every story cost 18 % of the suite's CPU time (decision 187), so a
    // story is traced only when it runs again after a failure: the run still fails
    // (failOnFlakyTests above), with the failure's screenshot and the second run's trace.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // Two costs every story paid for nothing (decision 160, "Browser-test speed"): the service
    // worker precached the whole app (277 requests) in every new context, and the particle
    // background drew 60 frames a second in software. Stories that are about them opt back in:
    // `test.use({ serviceWorkers: 'allow' })` (offline, deployment, living boards offline) and
    // `test.use({ reducedMotion: 'no-preference' })` (particles, celebrations, random pick).
    serviceWorkers: 'block',
    reducedMotion: 'reduce',
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [
    { name: 'browser', testIgnore: /(update-prompt|clips-delete|boards|stock|mail-outbox)\.spec\.ts$/ },
    // Delete or change what other tests may be showing (a clip's screenshot; the boards, with a
    // published 2026 board; a product added to the shop for a while; the e-mail outbox, broken for
    // a while), so they run after them.
    { name: 'shared-state', testMatch: /(clips-delete|boards|stock|mail-outbox)\.spec\.ts$/, dependencies: ['browser'] },
    // Changes the served service worker on disk, so it runs alone, after every other browser test.
    { name: 'deployment', testMatch: /update-prompt\.spec\.ts$/, dependencies: ['shared-state'] },
  ],
  webServer: {
    // The server, whose temporary data directory goes once it has stopped.
    command: `node scripts/server-with-run-data.mjs ${distDir}/server/server.js`,
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      STATIC_DIR: `${distDir}/client`,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      // The mail worker (decision 172): quick rounds and retries, and a dead letter after two
      // failures, so mail-outbox.spec.ts sees one within seconds.
      MAIL_POLL_SECONDS: '1',
      MAIL_RETRY_SECONDS: '1',
      MAIL_MAX_ATTEMPTS: '2',
      // Every story's browser is the same client address (127.0.0.1), and stories run in parallel
      // and leave checkouts open: the per-address cap on held units (decision 192) is a server
      // test's subject, not a limit the whole suite should share.
      MAX_HELD_UNITS_PER_ADDRESS: '100000',
    },
  },
});
