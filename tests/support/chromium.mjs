// How the browser tests (playwright.config.ts, tests/cluster) and the benchmarks (bench/*.mjs) start
// Debian's Chromium: plain JavaScript, so that the benchmarks run it with node as it is.
import process from 'node:process';

/** The browser: Debian's Chromium, or CHROMIUM_PATH. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless, with nothing phoning home. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
