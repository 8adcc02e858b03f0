// GET /api/boards ÷ a bare Fastify "hello" with wrk (issue 21's goal: ≥ 0.30×, as products).
// The boards answer is ~18 KB of brotli: autocannon (JavaScript) spends more time parsing it than
// the server spends sending it, so this benchmark uses wrk (C), the load generator for large
// bodies. Servers on CPU 0, wrk on CPU 1 (taskset); rounds interleaved (hello, boards, hello …).
// PGlite, demo data. Run `npm run build` first and install wrk (`apt-get install wrk`).
// Prints figures and exits 0: a measurement, never a CI gate. Everything listens on 127.0.0.1.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startHelloAndApp } from './bench-utils.mjs';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const SECONDS = Number(process.env.SECONDS_PER_RUN ?? 5);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 100);

if (spawnSync('wrk', ['-v']).error !== undefined) {
  console.error('wrk not found: apt-get install wrk');
  process.exit(1);
}

const start = (args, env) =>
  spawn('taskset', ['-c', '0', process.execPath, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });

function wrk(url, headers = {}) {
  const args = ['-c', '1', 'wrk', '-t1', `-c${CONNECTIONS}`, `-d${SECONDS}s`, '--latency'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  const result = spawnSync('taskset', [...args, url], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`wrk failed: ${result.stderr}`);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(result.stdout)?.[1]);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(result.stdout)?.[1] ?? 0);
  const transfer = /Transfer\/sec:\s+(\S+)/.exec(result.stdout)?.[1] ?? '?';
  return { rps, non2xx, transfer };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const work = mkdtempSync(path.join(os.tmpdir(), 'mingo-bench-wrk-'));
const children = [];
try {
  const urls = await startHelloAndApp({ work, start, children });
  const boardsUrl = `${urls.app}/api/boards`;
  const first = await fetch(boardsUrl, { headers: { 'accept-encoding': 'br' } });
  const etag = first.headers.get('etag');
  const size = (await first.arrayBuffer()).byteLength;
  const targets = {
    hello: [`${urls.hello}/hello`, {}],
    'boards (br)': [boardsUrl, { 'Accept-Encoding': 'br' }],
    'boards (gzip)': [boardsUrl, { 'Accept-Encoding': 'gzip' }],
    'boards 304': [boardsUrl, { 'Accept-Encoding': 'br', 'If-None-Match': etag ?? '' }],
    products: [`${urls.app}/api/products`, { 'Accept-Encoding': 'br' }],
  };
  const results = Object.fromEntries(Object.keys(targets).map((name) => [name, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, [url, headers]] of Object.entries(targets)) results[name].push(wrk(url, headers));
  }
  const loads = os.loadavg().map((value) => value.toFixed(2));
  console.log(`wrk -t1 -c${CONNECTIONS}, ${ROUNDS} interleaved rounds of ${SECONDS} s, medians; load average ${loads.join(' ')}`);
  console.log(`/api/boards answer: ${size} bytes of JSON, sent as ${first.headers.get('content-encoding') ?? 'identity'}`);
  const helloRps = median(results.hello.map((r) => r.rps));
  for (const [name, runs] of Object.entries(results)) {
    const rps = median(runs.map((r) => r.rps));
    const bad = runs.reduce((sum, r) => sum + r.non2xx, 0);
    const ratio = name === 'hello' ? '' : `  ${(rps / helloRps).toFixed(2)}× hello`;
    const goal = name === 'boards (br)' ? ` (goal ≥ 0.30×: ${rps / helloRps >= 0.3 ? 'ok' : 'MISSED'})` : '';
    console.log(
      `${name.padEnd(14)} ${rps.toFixed(0).padStart(7)} rps  ${runs.at(-1).transfer}/s${ratio}${goal}${bad > 0 ? `  non-2xx/3xx ${bad}` : ''}`,
    );
  }
} finally {
  for (const child of children) child.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
}
