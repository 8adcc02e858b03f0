// Lighthouse mobile performance of the Home route (issue 3 budget: score >= 90), with Lighthouse's
// default mobile emulation and simulated throttling, on Debian's Chromium.
//
//   node bench/lighthouse.mjs                       # starts node $DIST_DIR/server/server.js (default dist)
//   node bench/lighthouse.mjs --url http://localhost:3000 [--runs 3]
//
// Build first. Prints the median score of a few runs and the key metrics; never gates CI. The score
// depends on the machine's load: compare runs made on an idle machine.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, freePort, startServer, waitFor } from './bench-utils.mjs';

const SCORE_BUDGET = 90;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function argValue(name) {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

async function startChromium() {
  const port = await freePort();
  const profile = mkdtempSync(path.join(os.tmpdir(), 'mingo-lh-chrome-'));
  const child = spawn(CHROMIUM, [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, '--remote-debugging-address=127.0.0.1', `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: 'ignore',
  });
  await waitFor(`http://127.0.0.1:${port}/json/version`, { child, timeoutMs: 30_000 });
  return {
    port,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const runs = Number(argValue('--runs') ?? 3);
  const given = argValue('--url');
  const server = given === undefined ? await startServer() : { url: given, stop: async () => undefined };
  const chrome = await startChromium();
  try {
    const results = [];
    for (let run = 0; run < runs; run += 1) {
      const { lhr } = await lighthouse(`${server.url}/`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      const metric = (id) => lhr.audits[id]?.displayValue ?? 'n/a';
      const score = Math.round((lhr.categories.performance.score ?? 0) * 100);
      results.push(score);
      console.log(
        `run ${run + 1}: performance ${score}  FCP ${metric('first-contentful-paint')}  LCP ${metric('largest-contentful-paint')}  TBT ${metric('total-blocking-time')}  CLS ${metric('cumulative-layout-shift')}`,
      );
    }
    const score = median(results);
    console.log(`Lighthouse mobile performance (median of ${runs}): ${score} (budget >= ${SCORE_BUDGET}: ${score >= SCORE_BUDGET ? 'within' : 'OVER'} budget)`);
  } finally {
    await chrome.stop();
    await server.stop();
  }
}

await main();
