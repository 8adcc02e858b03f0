// Hostile JSON bodies (issue 22, item 1; decision 170): the event loop's worst delay in the server
// while 20 parallel 1 MB bodies of `[`×500000 `]`×500000 hit POST /api/auth/sign-out, measured in
// the server process itself with perf_hooks.monitorEventLoopDelay (a preloaded probe reports over
// IPC), next to the same window with no attack (the reference). Two variants: with Content-Length
// (refused from the header) and chunked (refused by the streaming scan). /healthz is timed
// alongside, as the probe did, and the server's CPU time per round is printed: unlike
// the delay, it does not grow when other processes share the cores. Goal: worst delay ≤ 100 ms. Starts the production build
// (`npm run build` first) on 127.0.0.1 only; server on CPU 0, client on CPU 1 when taskset exists.
// A measurement that prints figures and exits 0, never a CI gate.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitFor } from './bench-utils.mjs';

const distDir = process.env.DIST_DIR ?? 'dist';
const PARALLEL = Number(process.env.PARALLEL ?? 20);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const DEPTH = 500_000;
const BODY = Buffer.from(`${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`);
const hasTaskset = spawnSync('taskset', ['-V']).status === 0 && os.cpus().length > 1;
if (hasTaskset) spawnSync('taskset', ['-cp', '1', String(process.pid)], { stdio: 'ignore' });

const PROBE = `import { monitorEventLoopDelay } from 'node:perf_hooks';
const histogram = monitorEventLoopDelay({ resolution: 5 });
histogram.enable();
let cpu = process.cpuUsage();
process.on('message', (message) => {
  if (message === 'reset') {
    histogram.reset();
    cpu = process.cpuUsage();
  }
  if (message === 'report') {
    const used = process.cpuUsage(cpu);
    process.send({ maxMs: histogram.max / 1e6, p99Ms: histogram.percentile(99) / 1e6, cpuMs: (used.user + used.system) / 1e3 });
  }
});
`;

function ask(child, message) {
  return new Promise((resolve) => {
    child.once('message', resolve);
    child.send(message);
  });
}

/** One hostile POST; resolves to the status, or to the socket error when the server cut the upload short. */
function hostile(port, chunked) {
  return new Promise((resolve) => {
    const headers = { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}` };
    if (!chunked) headers['content-length'] = String(BODY.length);
    const request = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/api/auth/sign-out', headers, agent: false });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(String(response.statusCode)));
    });
    request.on('error', (error) => resolve(error.code ?? 'error'));
    // 64 KiB pieces, as a socket would carry them.
    for (let offset = 0; offset < BODY.length; offset += 65_536) request.write(BODY.subarray(offset, offset + 65_536));
    request.end();
  });
}

async function healthz(port) {
  const started = performance.now();
  await fetch(`http://127.0.0.1:${port}/healthz`);
  return performance.now() - started;
}

async function measureWindow(server, port, attack) {
  server.send('reset');
  const health = [];
  let attacking = attack !== undefined;
  const probe = (async () => {
    do health.push(await healthz(port));
    while (attacking);
  })();
  const statuses = {};
  if (attack !== undefined) {
    for (const status of await Promise.all(Array.from({ length: PARALLEL }, () => hostile(port, attack === 'chunked')))) {
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  }
  attacking = false;
  await probe;
  const loop = await ask(server, 'report');
  return { loop, healthMaxMs: Math.max(...health), statuses };
}

const work = mkdtempSync(path.join(os.tmpdir(), 'mingo-bench-hostile-'));
const probeFile = path.join(work, 'probe.mjs');
writeFileSync(probeFile, PROBE);
const port = await freePort();
const args = ['--import', probeFile, path.join(distDir, 'server', 'server.js')];
const [command, argv] = hasTaskset ? ['taskset', ['-c', '0', process.execPath, ...args]] : [process.execPath, args];
const server = spawn(command, argv, {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: path.join(work, 'data'),
    DATABASE_URL: '',
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: 'bench@example.com',
    ADMIN_PASSWORD: 'bench-admin-password-1',
  },
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
});
try {
  await waitFor(`http://127.0.0.1:${port}/readyz`, { child: server });
  // One unmeasured round first: the first requests of a fresh process compile the code they run.
  await measureWindow(server, port, 'length');
  await measureWindow(server, port, 'chunked');
  const rows = { 'no attack (reference)': [], 'Content-Length': [], chunked: [] };
  for (let round = 0; round < ROUNDS; round += 1) {
    rows['no attack (reference)'].push(await measureWindow(server, port, undefined));
    rows['Content-Length'].push(await measureWindow(server, port, 'length'));
    rows.chunked.push(await measureWindow(server, port, 'chunked'));
  }
  console.log(`\n${PARALLEL} parallel ${BODY.length}-byte nested bodies → POST /api/auth/sign-out, ${ROUNDS} interleaved rounds`);
  console.log(
    `load average ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}; taskset: ${hasTaskset ? 'yes' : 'no'}`,
  );
  for (const [name, results] of Object.entries(rows)) {
    const worst = Math.max(...results.map((result) => result.loop.maxMs));
    const health = Math.max(...results.map((result) => result.healthMaxMs));
    const cpu = results.map((result) => result.loop.cpuMs).sort((a, b) => a - b)[Math.floor(results.length / 2)];
    const statuses = {};
    for (const result of results)
      for (const [status, count] of Object.entries(result.statuses)) statuses[status] = (statuses[status] ?? 0) + count;
    console.log(
      `${name.padEnd(24)} event-loop worst delay ${worst.toFixed(1)} ms (per round: ${results.map((result) => result.loop.maxMs.toFixed(1)).join(', ')}); ` +
        `server CPU per round (median) ${cpu.toFixed(0)} ms; slowest /healthz ${health.toFixed(1)} ms; answers ${JSON.stringify(statuses)}`,
    );
  }
} finally {
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
  rmSync(work, { recursive: true, force: true });
}
