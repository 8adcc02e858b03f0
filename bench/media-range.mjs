// Media Range throughput (issue 12), measured with wrk (a C client, so the client is not the
// bottleneck: nginx serving the file itself must reach ≥ 1.5 GB/s for the run to mean anything).
//
//   node bench/media-range.mjs     # run `npm run build` first; needs nginx and wrk (Debian packages)
//
// Three targets, 1 MiB random byte ranges of a 64 MiB file, wrk -t1 -c8, interleaved rounds:
//   nginx   nginx serving the file from disk (the reference)
//   direct  MINGO's own /media Range path (goal ≥ 0.35× nginx)
//   accel   nginx in front of MINGO with MEDIA_ACCEL=nginx: the app checks the key, nginx sends the
//           bytes via X-Accel-Redirect (goal ≥ 0.9× nginx)
// Servers are pinned to CPU 0 and wrk to CPU 1 (taskset). Responses are checked byte-identical.
// Prints figures and ratios and exits 0: a measurement, never a CI gate. 127.0.0.1 only.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitFor } from './bench-utils.mjs';

const FILE_BYTES = 64 * 1024 * 1024;
const RANGE_BYTES = 1024 * 1024;
const CONNECTIONS = 8;
const SECONDS = Number(process.env.SECONDS_PER_RUN ?? 5);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const NGINX = process.env.NGINX ?? '/usr/sbin/nginx';
const WRK = process.env.WRK ?? 'wrk';
const distDir = process.env.DIST_DIR ?? 'dist';
const hasTaskset = spawnSync('taskset', ['-V']).status === 0 && os.cpus().length > 1;
const pinned = (cpu, command, args) => (hasTaskset ? ['taskset', ['-c', String(cpu), command, ...args]] : [command, args]);

const work = mkdtempSync(path.join(os.tmpdir(), 'mingo-bench-range-'));
const children = [];
const startChild = (cpu, command, args, env = {}) => {
  const [cmd, argv] = pinned(cpu, command, args);
  const child = spawn(cmd, argv, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  return child;
};

function wrk(url) {
  const script = path.join(work, 'range.lua');
  const [cmd, argv] = pinned(1, WRK, ['-t1', `-c${CONNECTIONS}`, `-d${SECONDS}s`, '-s', script, url]);
  const result = spawnSync(cmd, argv, { encoding: 'utf8' });
  const match = /BYTES (\d+) (\d+) (\d+)/.exec(result.stdout);
  if (result.status !== 0 || match === null) throw new Error(`wrk failed: ${result.stdout}${result.stderr}`);
  const [, bytes, micros, non206] = match.map(Number);
  if (non206 > 0) throw new Error(`${url}: ${non206} responses were not 206`);
  return bytes / (micros / 1e6);
}

async function range(url, start, end) {
  const response = await fetch(url, { headers: { range: `bytes=${start}-${end}` } });
  if (response.status !== 206) throw new Error(`${url}: HTTP ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

try {
  const key = `${randomUUID()}.mp4`;
  const shard = key.slice(0, 2);
  const data = randomBytes(FILE_BYTES);
  const dataDirs = { direct: path.join(work, 'direct'), accel: path.join(work, 'accel') };
  for (const dir of Object.values(dataDirs)) mkdirSync(path.join(dir, 'media', shard), { recursive: true });
  writeFileSync(
    path.join(work, 'range.lua'),
    `local file, size = ${FILE_BYTES}, ${RANGE_BYTES}
local non206 = 0
math.randomseed(os.time())
request = function()
  local s = math.random(0, file - size)
  return wrk.format("GET", nil, { ["Range"] = "bytes=" .. s .. "-" .. (s + size - 1) })
end
response = function(status) if status ~= 206 then non206 = non206 + 1 end end
done = function(summary) io.write(string.format("BYTES %d %d %d\\n", summary.bytes, summary.duration, non206)) end
`,
  );

  const appEnv = { HOST: '127.0.0.1', DEMO_DATA: 'false', LOG_LEVEL: 'warn', STATIC_DIR: path.join(work, 'no-site') };
  const directPort = await freePort();
  const direct = startChild(0, process.execPath, [`${distDir}/server/server.js`], {
    ...appEnv,
    PORT: String(directPort),
    DATA_DIR: dataDirs.direct,
  });
  const accelAppPort = await freePort();
  const accelApp = startChild(0, process.execPath, [`${distDir}/server/server.js`], {
    ...appEnv,
    PORT: String(accelAppPort),
    DATA_DIR: dataDirs.accel,
    MEDIA_ACCEL: 'nginx',
  });

  const nginxPort = await freePort();
  const accelPort = await freePort();
  const prefix = path.join(work, 'nginx');
  mkdirSync(path.join(prefix, 'tmp'), { recursive: true });
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    `daemon off;
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
error_log ${prefix}/error.log warn;
pid ${prefix}/nginx.pid;
events { worker_connections 256; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  types { video/mp4 mp4; }
  client_body_temp_path ${prefix}/tmp; proxy_temp_path ${prefix}/tmp; fastcgi_temp_path ${prefix}/tmp;
  uwsgi_temp_path ${prefix}/tmp; scgi_temp_path ${prefix}/tmp;
  upstream app { server 127.0.0.1:${accelAppPort}; keepalive 16; }
  server {
    listen 127.0.0.1:${nginxPort};
    location /media/ { alias ${dataDirs.direct}/media/${shard}/; }
  }
  server {
    listen 127.0.0.1:${accelPort};
    location / { proxy_pass http://app; proxy_http_version 1.1; proxy_set_header Connection ""; }
    location /_mingo_media/ { internal; alias ${dataDirs.accel}/media/; }
  }
}
`,
  );
  startChild(0, NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')]);

  const urls = {
    nginx: `http://127.0.0.1:${nginxPort}/media/${key}`,
    direct: `http://127.0.0.1:${directPort}/media/${key}`,
    accel: `http://127.0.0.1:${accelPort}/media/${key}`,
  };
  await waitFor(`http://127.0.0.1:${directPort}/readyz`, { child: direct });
  await waitFor(`http://127.0.0.1:${accelAppPort}/readyz`, { child: accelApp });
  // Placed once the apps are up: their start-up sweep removes media files that no clip row owns.
  writeFileSync(path.join(dataDirs.direct, 'media', shard, key), data);
  linkSync(path.join(dataDirs.direct, 'media', shard, key), path.join(dataDirs.accel, 'media', shard, key));
  // nginx workers may run as an unprivileged user: let them read the file.
  for (const dir of [work, dataDirs.accel, dataDirs.direct, path.join(dataDirs.accel, 'media'), path.join(dataDirs.accel, 'media', shard)])
    chmodSync(dir, 0o755);
  chmodSync(path.join(dataDirs.direct, 'media', shard, key), 0o644);
  await waitFor(urls.nginx);

  for (const [start, end] of [
    [0, RANGE_BYTES - 1],
    [FILE_BYTES - RANGE_BYTES, FILE_BYTES - 1],
    [12_345_678, 12_345_678 + RANGE_BYTES - 1],
  ]) {
    const expected = data.subarray(start, end + 1);
    for (const [name, url] of Object.entries(urls)) {
      if (!(await range(url, start, end)).equals(expected)) throw new Error(`${name}: bytes ${start}-${end} differ from the file`);
    }
  }
  console.log('byte-identical 1 MiB ranges (first, last, middle) from nginx, direct and accel: yes');

  const rates = { nginx: [], direct: [], accel: [] };
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, url] of Object.entries(urls)) rates[name].push(wrk(url));
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const gb = (rate) => `${(rate / 1e9).toFixed(2)} GB/s`;
  const nginxRate = median(rates.nginx);
  console.log(
    `load average ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(
        ' ',
      )}; wrk -t1 -c${CONNECTIONS}, ${ROUNDS} interleaved rounds of ${SECONDS} s, medians${hasTaskset ? '' : ' (not pinned: no taskset)'}`,
  );
  console.log(
    `nginx   ${gb(nginxRate)} (client check: ≥ 1.5 GB/s ${nginxRate >= 1.5e9 ? 'ok' : 'NOT REACHED — the client or the machine limits this run'})`,
  );
  for (const [name, goal] of [
    ['direct', 0.35],
    ['accel', 0.9],
  ]) {
    const ratio = median(rates[name]) / nginxRate;
    console.log(
      `${name.padEnd(7)} ${gb(median(rates[name]))}  ${ratio.toFixed(2)}× nginx (goal ≥ ${goal}×: ${ratio >= goal ? 'ok' : 'MISSED'})  runs ${rates[name].map(gb).join(', ')}`,
    );
  }
} finally {
  for (const child of children) {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }
  rmSync(work, { recursive: true, force: true });
}
