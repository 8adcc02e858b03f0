// Lighthouse mobile performance of the main pages (issue 13 goals: score >= 95, TBT <= 150 ms,
// CLS 0 on each of /, /shop, /db and /about), with Lighthouse's default mobile emulation and
// simulated throttling, on Debian's Chromium.
//
//   node bench/lighthouse.mjs                          # starts node $DIST_DIR/server/server.js (default dist)
//   node bench/lighthouse.mjs --runs 5 --pages /,/shop # median of 5 runs (default) of the given pages
//   node bench/lighthouse.mjs --url http://localhost:3000
//
// Build first. Prints every run (score, FCP, LCP, TBT, CLS) and the medians per page, each goal
// marked ok or MISSED. The pages take turns run by run, so a busy spell on the machine spreads over
// all of them. A benchmark, never a gate: it always exits 0. The score depends on the machine's
// load: compare runs made on an idle machine.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH, freePort, startServer, waitFor } from './bench-utils.mjs';

const DEFAULT_PAGES = ['/', '/shop', '/db', '/about'];
const GOALS = { score: 95, tbtMs: 150, cls: 0 };

function argValue(name) {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

async function startChromium() {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium, or set CHROMIUM_PATH)`);
  const port = await freePort();
  const profile = mkdtempSync(path.join(os.tmpdir(), 'mingo-lh-chrome-'));
  const child = spawn(
    CHROMIUM_PATH,
    [
      ...CHROMIUM_ARGS,
      `--remote-debugging-port=${port}`,
      '--remote-debugging-address=127.0.0.1',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    {
      stdio: 'ignore',
    },
  );
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

/** The middle value; with an even count, the mean of the two middle ones. */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const millis = (ms) => `${Math.round(ms)} ms`;
const mark = (ok) => (ok ? 'ok' : 'MISSED');
/** CLS as Lighthouse shows it (three decimals): the goal "CLS 0" means 0.000 there. */
const shownCls = (cls) => Number(cls.toFixed(3));

/** One Lighthouse run of `url`: the score and the metrics in ms (CLS unitless), or the reason it failed. */
async function measure(url, port) {
  const { lhr } = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  if (lhr.runtimeError !== undefined) return { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` };
  const value = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    // Lighthouse's own measure of this machine's speed, taken in the same run: machines here
    // differ up to 2x, and TBT and the score with them.
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
  };
}

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

const describe = (result) =>
  `performance ${String(result.score).padStart(3)}  FCP ${seconds(result.fcp)}  LCP ${seconds(result.lcp)}  TBT ${millis(result.tbt).padStart(7)}  CLS ${result.cls.toFixed(3)}  benchmarkIndex ${Math.round(result.benchmarkIndex)}`;

async function main() {
  const runs = Math.max(1, Number(argValue('--runs') ?? 5));
  const pages = (argValue('--pages') ?? DEFAULT_PAGES.join(',')).split(',').filter((page) => page !== '');
  const given = argValue('--url');
  // Chromium first: when it cannot start, no server is left running.
  const chrome = await startChromium();
  const server =
    given === undefined
      ? await startServer().catch(async (error) => {
          await chrome.stop();
          throw error;
        })
      : { url: given.replace(/\/$/, ''), stop: async () => undefined };
  const results = new Map(pages.map((page) => [page, []]));
  try {
    console.log(`Lighthouse mobile performance of ${server.url}: ${pages.join(', ')}, ${runs} run(s) each\n`);
    for (let run = 1; run <= runs; run += 1) {
      for (const page of pages) {
        try {
          const result = await measure(`${server.url}${page}`, chrome.port);
          if (result.error !== undefined) {
            console.log(`run ${run} ${page.padEnd(7)} failed: ${result.error}`);
            continue;
          }
          results.get(page).push(result);
          console.log(`run ${run} ${page.padEnd(7)} ${describe(result)}  load ${load()}`);
        } catch (error) {
          console.log(`run ${run} ${page.padEnd(7)} failed: ${error instanceof Error ? error.message : error}`);
        }
      }
    }
    console.log(`\nMedians (goals: score >= ${GOALS.score}, TBT <= ${GOALS.tbtMs} ms, CLS ${GOALS.cls})`);
    for (const [page, list] of results) {
      if (list.length === 0) {
        console.log(`${page.padEnd(7)} no successful run`);
        continue;
      }
      const m = Object.fromEntries(
        ['score', 'fcp', 'lcp', 'tbt', 'cls', 'benchmarkIndex'].map((key) => [key, median(list.map((result) => result[key]))]),
      );
      console.log(
        `${page.padEnd(7)} ${describe(m)}  (${list.length} run(s))  score ${mark(m.score >= GOALS.score)}, TBT ${mark(m.tbt <= GOALS.tbtMs)}, CLS ${mark(shownCls(m.cls) <= GOALS.cls)}`,
      );
    }
  } finally {
    await chrome.stop();
    await server.stop();
  }
}

main().catch((error) => {
  console.error('lighthouse could not run:', error instanceof Error ? error.message : error);
  process.exitCode = 0;
});
