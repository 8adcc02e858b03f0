// API throughput (issue 12): GET /api/products, /api/clips, /api/boards (issue 21, brotli as a
// browser asks) and 304 revalidations of /api/products and /api/boards against a bare Fastify "hello" on the same core, with autocannon at -c100 -p10
// (ratio ≥ 0.30× the goal) and at -c10 -p1 (p99 ≤ 25 ms the goal). The servers are pinned to CPU 0
// and the client to CPU 1 with taskset; rounds are interleaved (A B A B A B) so drifting load
// hits every target alike. PGlite always; PostgreSQL too when DATABASE_URL is set (demo data is
// seeded into it: use a scratch database). Run `npm run build` first. Prints figures and ratios
// and exits 0: a measurement, never a CI gate. Everything listens on 127.0.0.1 only.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startHelloAndApp } from './bench-utils.mjs';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const SECONDS = Number(process.env.SECONDS_PER_RUN ?? 4);
const hasTaskset = spawnSync('taskset', ['-V']).status === 0;
const pinned = (cpu, command, args) =>
  hasTaskset && os.cpus().length > 1 ? ['taskset', ['-c', String(cpu), command, ...args]] : [command, args];

function start(args, env) {
  const [command, argv] = pinned(0, process.execPath, args);
  return spawn(command, argv, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** One autocannon run from CPU 1; resolves to { rps, p99 } (2xx and 304 only count as answers). */
function autocannon(url, { connections, pipelining, headers = {} }) {
  const args = [
    'node_modules/autocannon/autocannon.js',
    '--json',
    '-c',
    String(connections),
    '-p',
    String(pipelining),
    '-d',
    String(SECONDS),
  ];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  args.push(url);
  const [command, argv] = pinned(1, process.execPath, args);
  const result = spawnSync(command, argv, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`autocannon failed: ${result.stderr}`);
  const report = JSON.parse(result.stdout);
  const good = report['2xx'] + (report['3xx'] ?? 0);
  return { rps: good / report.duration, p99: report.latency.p99, errors: report.errors + report.non2xx - (report['3xx'] ?? 0) };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measure(label, databaseUrl) {
  const work = mkdtempSync(path.join(os.tmpdir(), 'mingo-bench-api-'));
  const children = [];
  try {
    const urls = await startHelloAndApp({
      work,
      start,
      children,
      env: {
        DATABASE_URL: databaseUrl ?? '',
        ...(databaseUrl === undefined
          ? {}
          : {
              AUTH_SECRET: 'bench-secret-bench-secret-bench-secret',
              ADMIN_EMAIL: 'bench@example.com',
              ADMIN_PASSWORD: 'bench-admin-password-1',
            }),
      },
    });
    const productsUrl = `${urls.app}/api/products`;
    const etag = (await fetch(productsUrl)).headers.get('etag');
    const boardsUrl = `${urls.app}/api/boards`;
    const boardsEtag = (await fetch(boardsUrl)).headers.get('etag');

    const targets = {
      hello: { url: `${urls.hello}/hello` },
      products: { url: productsUrl },
      clips: { url: `${urls.app}/api/clips` },
      'products 304': { url: productsUrl, headers: etag === null ? {} : { 'If-None-Match': etag } },
      // Living boards (issue 21): every published board with its 25 movies, and its revalidation.
      boards: { url: boardsUrl, headers: { 'Accept-Encoding': 'br' } },
      'boards 304': { url: boardsUrl, headers: boardsEtag === null ? {} : { 'If-None-Match': boardsEtag } },
    };
    const loads = { '-c100 -p10': { connections: 100, pipelining: 10 }, '-c10 -p1': { connections: 10, pipelining: 1 } };
    const results = {};
    for (const [loadName, load] of Object.entries(loads)) {
      for (const name of Object.keys(targets)) results[`${loadName} ${name}`] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const [name, target] of Object.entries(targets)) {
          results[`${loadName} ${name}`].push(autocannon(target.url, { ...load, headers: target.headers }));
        }
      }
    }
    console.log(
      `\n${label} — load average ${os
        .loadavg()
        .map((v) => v.toFixed(2))
        .join(' ')}, ${ROUNDS} interleaved rounds of ${SECONDS} s, medians`,
    );
    for (const loadName of Object.keys(loads)) {
      const helloRps = median(results[`${loadName} hello`].map((r) => r.rps));
      for (const name of Object.keys(targets)) {
        const runs = results[`${loadName} ${name}`];
        const rps = median(runs.map((r) => r.rps));
        const p99 = median(runs.map((r) => r.p99));
        const errors = runs.reduce((sum, r) => sum + r.errors, 0);
        const ratio = name === 'hello' ? '' : `  ${(rps / helloRps).toFixed(2)}× hello`;
        const goal =
          (name === 'products' || name === 'boards') && loadName === '-c100 -p10'
            ? ` (goal ≥ 0.30×: ${rps / helloRps >= 0.3 ? 'ok' : 'MISSED'})`
            : name === 'products'
              ? ` (goal p99 ≤ 25 ms: ${p99 <= 25 ? 'ok' : 'MISSED'})`
              : '';
        console.log(
          `${loadName.padEnd(11)} ${name.padEnd(13)} ${rps.toFixed(0).padStart(7)} rps  p99 ${String(p99).padStart(5)} ms${ratio}${goal}${errors > 0 ? `  errors ${errors}` : ''}`,
        );
      }
    }
  } finally {
    for (const child of children) await stop(child);
    rmSync(work, { recursive: true, force: true });
  }
}

if (!hasTaskset) console.log('taskset not found: servers and client are not pinned');
await measure('PGlite', undefined);
if (process.env.DATABASE_URL) await measure('PostgreSQL', process.env.DATABASE_URL);
