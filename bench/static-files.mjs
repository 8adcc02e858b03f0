// Static files (decision 189): the server's CPU time per request for the files a Home page load
// fetches from the build (hashed scripts and styles, the 160 px demo posters), precompressed as a
// browser asks, over keep-alive connections, 6 at a time as a browser opens them. The CPU time is
// the server process's own (/proc/<pid>/stat, Linux), so the client's cost does not count. Run
// `npm run build` first. Prints figures and exits 0: a measurement, never a CI gate. Everything
// listens on 127.0.0.1 only.
import { readFileSync, readdirSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startServer } from './bench-utils.mjs';

const ROUNDS = Number(process.env.ROUNDS ?? 40);
const clientDir = path.join(process.env.DIST_DIR ?? 'dist', 'client');
const kinds = {
  scripts: readdirSync(path.join(clientDir, 'static'))
    .filter((name) => /\.(js|css)$/.test(name))
    .map((name) => `/static/${name}`),
  posters: readdirSync(path.join(clientDir, 'posters'))
    .filter((name) => name.startsWith('2025-') && name.endsWith('-160.webp'))
    .map((name) => `/posters/${name}`),
};

const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
};

const server = await startServer();
const { port } = new URL(server.url);
const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
const get = (url) =>
  new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: url, agent, headers: { 'accept-encoding': 'br, gzip', accept: '*/*' } }, (response) => {
        response.resume();
        response.on('end', () => (response.statusCode === 200 ? resolve() : reject(new Error(`${url}: ${response.statusCode}`))));
      })
      .on('error', reject);
  });
try {
  console.log(
    `load average ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}; ${ROUNDS} rounds after 3 to warm up`,
  );
  for (const [kind, urls] of Object.entries(kinds)) {
    for (let round = 0; round < 3; round += 1) await Promise.all(urls.map(get));
    const before = cpuMs(server.child.pid);
    const started = performance.now();
    for (let round = 0; round < ROUNDS; round += 1) await Promise.all(urls.map(get));
    const requests = urls.length * ROUNDS;
    const cpu = cpuMs(server.child.pid) - before;
    console.log(
      `${kind.padEnd(8)} ${String(urls.length).padStart(4)} files × ${ROUNDS}: server CPU ${(cpu / requests).toFixed(2)} ms a request, ${((requests * 1000) / (performance.now() - started)).toFixed(0)} requests/s`,
    );
  }
} finally {
  agent.destroy();
  await server.stop();
}
