// Main-thread long tasks on `/` (issue 21's goal: no task over 100 ms after the first paint, total
// blocking time ≤ 100 ms), unthrottled Chromium, desktop and phone viewports, a fresh profile each
// run (no service worker, empty cache). Long tasks come from the browser's own `longtask` entries;
// total blocking time is the sum of each task's time over 50 ms after first contentful paint, for
// 5 s after the load event.
//
//   node bench/home-long-tasks.mjs                 # starts node $DIST_DIR/server/server.js (default dist)
//   RUNS=5 node bench/home-long-tasks.mjs --url http://localhost:3000
//
// Run `npm run build` first. Prints medians and exits 0: a measurement, never a CI gate.
/* global window -- code passed to addInitScript/evaluate runs in the browser */
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, startServer } from './bench-utils.mjs';

const RUNS = Number(process.env.RUNS ?? 5);
const VIEWPORTS = [
  { name: 'desktop 1280×900', viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 },
  { name: 'mobile 390×844', viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const urlIndex = process.argv.indexOf('--url');
const givenUrl = urlIndex === -1 ? process.env.BENCH_URL : process.argv[urlIndex + 1];
const server = givenUrl === undefined ? await startServer() : { url: givenUrl.replace(/\/$/, ''), stop: async () => {} };
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  for (const device of VIEWPORTS) {
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) {
      const context = await browser.newContext({ ...device, serviceWorkers: 'block' });
      const page = await context.newPage();
      await page.addInitScript(() => {
        window.__longTasks = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
        }).observe({ type: 'longtask', buffered: true });
      });
      await page.goto(`${server.url}/`, { waitUntil: 'load' });
      await page.getByRole('tab').first().waitFor();
      await page.waitForTimeout(5000);
      runs.push(
        await page.evaluate(() => {
          const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
          const after = window.__longTasks.filter((task) => task.start + task.duration > fcp);
          const blocking = after.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
          return { fcp, longest: Math.max(0, ...after.map((task) => task.duration)), blocking, count: after.length };
        }),
      );
      await context.close();
    }
    const longest = median(runs.map((run) => run.longest));
    const blocking = median(runs.map((run) => run.blocking));
    console.log(
      `${device.name.padEnd(17)} median of ${RUNS}: FCP ${median(runs.map((run) => run.fcp)).toFixed(0)} ms, ` +
        `longest task after FCP ${longest.toFixed(0)} ms (goal ≤ 100: ${longest <= 100 ? 'ok' : 'MISSED'}), ` +
        `total blocking ${blocking.toFixed(0)} ms (goal ≤ 100: ${blocking <= 100 ? 'ok' : 'MISSED'}); ` +
        `every run's longest: ${runs.map((run) => run.longest.toFixed(0)).join(', ')} ms`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
