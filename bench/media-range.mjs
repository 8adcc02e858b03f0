// Range streaming budget (issue 5): throughput of GET /media/:key for 1 MiB byte ranges must be at
// least 0.18× nginx serving the same file from the same disk, with byte-identical responses.
//
//   node bench/media-range.mjs            # starts node $DIST_DIR/server/server.js (default dist) and nginx
//
// Run `npm run build` (or DIST_DIR=… npm run build) first. Both servers listen on 127.0.0.1 only
// and are measured in the same run with the same client. It prints numbers and the ratio and
// always exits 0 unless it cannot run at all; it never gates CI.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitFor } from './bench-utils.mjs';

const FILE_BYTES = 64 * 1024 * 1024;
const RANGE_BYTES = 1024 * 1024;
const CONNECTIONS = 4;
const WARMUP_MS = 1000;
const MEASURE_MS = 5000;
const BUDGET_RATIO = 0.18;
const NGINX = process.env.NGINX ?? '/usr/sbin/nginx';
const distDir = process.env.DIST_DIR ?? 'dist';



const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

/** One GET with a Range header; resolves with the body (or its length when not kept). */
function getRange(url, start, end, keep = false) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers: { range: `bytes=${start}-${end}` } }, (response) => {
      if (response.statusCode !== 206) {
        reject(new Error(`${url}: HTTP ${response.statusCode}`));
        response.resume();
        return;
      }
      const chunks = [];
      let length = 0;
      response.on('data', (chunk) => {
        length += chunk.length;
        if (keep) chunks.push(chunk);
      });
      response.on('end', () => resolve(keep ? Buffer.concat(chunks) : length));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

const randomRange = () => {
  const start = Math.floor(Math.random() * (FILE_BYTES - RANGE_BYTES));
  return [start, start + RANGE_BYTES - 1];
};

/** Bytes per second over MEASURE_MS with CONNECTIONS concurrent keep-alive clients. */
async function throughput(url) {
  const run = async (ms) => {
    const stopAt = Date.now() + ms;
    let bytes = 0;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (Date.now() < stopAt) bytes += await getRange(url, ...randomRange());
      }),
    );
    return bytes;
  };
  await run(WARMUP_MS);
  const started = performance.now();
  const bytes = await run(MEASURE_MS);
  return bytes / ((performance.now() - started) / 1000);
}

const work = mkdtempSync(path.join(os.tmpdir(), 'mingo-bench-range-'));
const children = [];
try {
  const key = `${randomUUID()}.mp4`;
  const mediaRoot = path.join(work, 'data', 'media');
  mkdirSync(path.join(mediaRoot, key.slice(0, 2)), { recursive: true });
  const data = randomBytes(FILE_BYTES);
  writeFileSync(path.join(mediaRoot, key.slice(0, 2), key), data);
  // nginx workers run as an unprivileged user: let them read the file.
  for (const dir of [work, path.join(work, 'data'), mediaRoot, path.join(mediaRoot, key.slice(0, 2))]) chmodSync(dir, 0o755);
  chmodSync(path.join(mediaRoot, key.slice(0, 2), key), 0o644);

  const appPort = await freePort();
  const app = spawn(process.execPath, [`${distDir}/server/server.js`], {
    env: {
      ...process.env,
      PORT: String(appPort),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(work, 'data'),
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      STATIC_DIR: path.join(work, 'no-site'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(app);

  const nginxPort = await freePort();
  const prefix = path.join(work, 'nginx');
  mkdirSync(path.join(prefix, 'logs'), { recursive: true });
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    `daemon off;
worker_processes 1;
error_log ${prefix}/logs/error.log warn;
pid ${prefix}/nginx.pid;
events { worker_connections 256; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  types { video/mp4 mp4; }
  client_body_temp_path ${prefix}/tmp;
  proxy_temp_path ${prefix}/tmp;
  fastcgi_temp_path ${prefix}/tmp;
  uwsgi_temp_path ${prefix}/tmp;
  scgi_temp_path ${prefix}/tmp;
  server {
    listen 127.0.0.1:${nginxPort};
    location /media/ { alias ${mediaRoot}/${key.slice(0, 2)}/; }
  }
}
`,
  );
  const nginx = spawn(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(nginx);

  const appUrl = `http://127.0.0.1:${appPort}/media/${key}`;
  const nginxUrl = `http://127.0.0.1:${nginxPort}/media/${key}`;
  await waitFor(`http://127.0.0.1:${appPort}/healthz`);
  await waitFor(nginxUrl);

  // Byte-identical answers for a few ranges, including the file's first and last MiB.
  for (const [start, end] of [[0, RANGE_BYTES - 1], [FILE_BYTES - RANGE_BYTES, FILE_BYTES - 1], randomRange(), randomRange()]) {
    const [ours, theirs] = await Promise.all([getRange(appUrl, start, end, true), getRange(nginxUrl, start, end, true)]);
    if (!ours.equals(theirs) || !ours.equals(data.subarray(start, end + 1))) {
      throw new Error(`bytes ${start}-${end} differ between MINGO and nginx`);
    }
  }
  console.log(`identical bytes for 4 ranges of ${RANGE_BYTES} bytes: yes`);

  const nginxRate = await throughput(nginxUrl);
  const appRate = await throughput(appUrl);
  const mib = (rate) => `${(rate / 1024 / 1024).toFixed(0)} MiB/s`;
  const ratio = appRate / nginxRate;
  console.log(`nginx  /media (1 MiB ranges, ${CONNECTIONS} connections): ${mib(nginxRate)}`);
  console.log(`MINGO  /media (1 MiB ranges, ${CONNECTIONS} connections): ${mib(appRate)}`);
  console.log(`ratio ${ratio.toFixed(2)}× (budget ≥ ${BUDGET_RATIO}×): ${ratio >= BUDGET_RATIO ? 'within budget' : 'OVER BUDGET'}`);
} finally {
  agent.destroy();
  for (const child of children) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 300));
  rmSync(work, { recursive: true, force: true });
}
