// Soak: mixed traffic at a fixed rate against ONE instance of the production build on 127.0.0.1
// (embedded PGlite, local media, test payments), bounded in time and in requests in flight.
//
//   node bench/soak.mjs                      # 5 minutes at 200 requests/s
//   node bench/soak.mjs --seconds 30 --rate 100 --port 3420
//
// Run `npm run build` first. Prints errors (goal 0: a network error, a timeout or any status the
// route does not expect), p50/p99 latency per route, and the server's RSS at the start (after a
// 10 s warm-up of the same traffic), middle and end (goal: drift < 10 %). It stops by itself and
// exits 0: a measurement, never a gate. Results: docs/decisions/110-scale-out-and-soak.md.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { waitFor } from './bench-utils.mjs';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '300' },
    rate: { type: 'string', default: '200' },
    port: { type: 'string', default: '3420' },
    'max-in-flight': { type: 'string', default: '256' },
  },
});
const SECONDS = Number(args.seconds);
const RATE = Number(args.rate);
const PORT = Number(args.port);
const MAX_IN_FLIGHT = Number(args['max-in-flight']);
if (!(SECONDS > 0 && SECONDS <= 3600 && RATE > 0 && RATE <= 2000)) throw new Error('--seconds must be 1..3600 and --rate 1..2000');

const distDir = process.env.DIST_DIR ?? 'dist';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mingo-soak-'));
const base = `http://127.0.0.1:${PORT}`;
const ADMIN = { email: 'soak-admin@example.com', password: 'soak-admin-password-42' };

const child = spawn(process.execPath, [path.join(distDir, 'server', 'server.js')], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
    STATIC_DIR: path.join(distDir, 'client'),
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    PAYMENT_PROVIDER: 'test',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = async () => {
  if (child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  rmSync(dataDir, { recursive: true, force: true });
};
process.once('SIGINT', () => void stop().then(() => process.exit(130)));

function rssMiB() {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 'NaN');
  return kib / 1024;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** One request; resolves with { status, body } (rejects on network errors and timeouts). */
function send(method, url, { headers = {}, body, from } = {}) {
  return new Promise((resolve, reject) => {
    const target = new URL(url, base);
    const req = http.request(
      {
        host: '127.0.0.1',
        port: PORT,
        path: `${target.pathname}${target.search}`,
        method,
        headers,
        timeout: 10_000,
        ...(from === undefined ? { agent } : { agent: false, localAddress: from }),
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });
}

try {
  await waitFor(`${base}/readyz`, { child, timeoutMs: 90_000 });
  const json = (response) => JSON.parse(response.body.toString('utf8'));
  const products = json(await send('GET', '/api/products')).items;
  const clips = json(await send('GET', '/api/clips')).items;
  const simple =
    products.find((p) => p.shirtSizes.length === 0 && p.shirtColors.length === 0 && p.vinylColors.length === 0 && p.quantityInStock > 0) ??
    products[0];
  const signIn = await new Promise((resolve, reject) => {
    const req = http.request(
      `${base}/api/auth/sign-in/email`,
      { method: 'POST', headers: { 'content-type': 'application/json', origin: base } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.headers['set-cookie'] ?? []));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(ADMIN));
  });
  const cookie = signIn.map((line) => line.split(';')[0]).join('; ');
  if (!cookie.includes('session_token')) throw new Error('could not sign in the soak admin');
  const page = { accept: 'text/html', 'accept-encoding': 'gzip, br' };

  // Weighted mix: mostly public reads, some signed-in reads, few writes.
  let checkoutClient = 0;
  const routes = [
    { name: 'GET /', weight: 15, expect: [200], run: () => send('GET', '/', { headers: page }) },
    { name: 'GET /shop', weight: 5, expect: [200], run: () => send('GET', '/shop', { headers: page }) },
    { name: 'GET /api/products', weight: 20, expect: [200], run: () => send('GET', '/api/products') },
    {
      name: 'GET /api/products/:id',
      weight: 15,
      expect: [200],
      run: () => send('GET', `/api/products/${products[(checkoutClient += 1) % products.length].id}`),
    },
    { name: 'GET /api/clips', weight: 10, expect: [200], run: () => send('GET', '/api/clips') },
    {
      name: 'GET /api/clips/by-title/:t',
      weight: 10,
      expect: [200],
      run: () => send('GET', `/api/clips/by-title/${encodeURIComponent(clips[0]?.title ?? 'Sinners')}`),
    },
    {
      name: 'GET media (range)',
      weight: 10,
      expect: [206],
      run: () => send('GET', clips[0]?.url ?? '/media/missing', { headers: { range: 'bytes=0-65535' } }),
    },
    {
      name: 'GET /api/auth/get-session',
      weight: 8,
      expect: [200],
      run: () => send('GET', '/api/auth/get-session', { headers: { cookie } }),
    },
    { name: 'GET /api/products/manage', weight: 4, expect: [200], run: () => send('GET', '/api/products/manage', { headers: { cookie } }) },
    {
      name: 'POST /api/create-checkout-session',
      weight: 3,
      expect: [200],
      // Many clients (source addresses 127.0.2.x), each well under the per-client limit.
      run: () => {
        checkoutClient += 1;
        return send('POST', '/api/create-checkout-session', {
          headers: { 'content-type': 'application/json', origin: base },
          body: JSON.stringify([{ product: { id: simple.id }, quantity: 1 }]),
          from: `127.0.2.${(checkoutClient % 250) + 1}`,
        });
      },
    },
  ];
  const wheel = routes.flatMap((route) => Array.from({ length: route.weight }, () => route));
  const stats = new Map(routes.map((route) => [route.name, { latencies: [], statuses: new Map(), errors: 0 }]));
  const errorSamples = [];
  let inFlight = 0;
  let skipped = 0;
  let sent = 0;

  const WARM_UP_SECONDS = Math.min(10, SECONDS / 10);
  const rss = { launch: rssMiB(), start: NaN, middle: NaN, end: NaN };
  console.log(`soak: ${SECONDS} s at ${RATE} req/s against ${base} (pid ${child.pid}), RSS after start-up ${rss.launch.toFixed(1)} MiB`);
  const started = performance.now();
  const total = Math.round(SECONDS * RATE);
  const pending = new Set();
  let middleTaken = false;
  await new Promise((resolve) => {
    const tick = () => {
      const elapsed = (performance.now() - started) / 1000;
      if (Number.isNaN(rss.start) && elapsed >= WARM_UP_SECONDS) {
        rss.start = rssMiB();
        console.log(`  after ${WARM_UP_SECONDS} s of warm-up: RSS ${rss.start.toFixed(1)} MiB`);
      }
      if (!middleTaken && elapsed >= SECONDS / 2) {
        rss.middle = rssMiB();
        middleTaken = true;
        console.log(`  middle: ${sent} sent, RSS ${rss.middle.toFixed(1)} MiB`);
      }
      const due = Math.min(total, Math.floor(elapsed * RATE));
      while (sent < due) {
        const route = wheel[sent % wheel.length];
        sent += 1;
        if (inFlight >= MAX_IN_FLIGHT) {
          skipped += 1;
          continue;
        }
        inFlight += 1;
        const t0 = performance.now();
        const stat = stats.get(route.name);
        const p = route
          .run()
          .then(
            (response) => {
              stat.latencies.push(performance.now() - t0);
              stat.statuses.set(response.status, (stat.statuses.get(response.status) ?? 0) + 1);
              if (!route.expect.includes(response.status)) {
                stat.errors += 1;
                if (errorSamples.length < 10)
                  errorSamples.push(`${route.name}: HTTP ${response.status} ${response.body.toString('utf8').slice(0, 120)}`);
              }
            },
            (error) => {
              stat.errors += 1;
              if (errorSamples.length < 10 || (errorSamples.length < 20 && !errorSamples.some((s) => s.startsWith(route.name))))
                errorSamples.push(`${route.name}: ${error.message}`);
            },
          )
          .finally(() => {
            inFlight -= 1;
            pending.delete(p);
          });
        pending.add(p);
      }
      if (sent >= total) resolve();
      else setTimeout(tick, 5);
    };
    tick();
  });
  await Promise.all(pending);
  rss.end = rssMiB();

  const pct = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  let errors = 0;
  console.log(`\nroute                               count   p50 ms   p99 ms  statuses`);
  for (const [name, stat] of stats) {
    const sorted = stat.latencies.sort((a, b) => a - b);
    errors += stat.errors;
    const statuses = [...stat.statuses].map(([status, count]) => `${status}×${count}`).join(' ');
    console.log(
      `${name.padEnd(34)} ${String(sorted.length).padStart(6)} ${pct(sorted, 0.5).toFixed(1).padStart(8)} ${pct(sorted, 0.99).toFixed(1).padStart(8)}  ${statuses}${stat.errors ? `  errors ${stat.errors}` : ''}`,
    );
  }
  const seconds = (performance.now() - started) / 1000;
  const drift = ((rss.end - rss.start) / rss.start) * 100;
  console.log(
    `\nsent ${sent} in ${seconds.toFixed(1)} s (${(sent / seconds).toFixed(1)} req/s), skipped (over ${MAX_IN_FLIGHT} in flight) ${skipped}, errors ${errors}`,
  );
  for (const sample of errorSamples) console.log(`  error: ${sample}`);
  console.log(
    `RSS MiB: after start-up ${rss.launch.toFixed(1)}, start ${rss.start.toFixed(1)}, middle ${rss.middle.toFixed(1)}, end ${rss.end.toFixed(1)} (drift ${drift >= 0 ? '+' : ''}${drift.toFixed(1)} %)`,
  );
  console.log(
    `goals: errors ${errors + skipped} (goal 0: ${errors + skipped === 0 ? 'ok' : 'MISSED'}), RSS drift ${drift.toFixed(1)} % (goal < 10 %: ${Math.abs(drift) < 10 ? 'ok' : 'MISSED'})`,
  );
} finally {
  await stop();
}
