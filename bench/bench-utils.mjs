// Helpers shared by the benchmarks: they start their own servers on 127.0.0.1 only.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/chromium.mjs';

/** A free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Polls `url` until it answers below HTTP 500 (or, with `child`, fails as soon as that process exits).
 */
export async function waitFor(url, { child, timeoutMs = 120_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child !== undefined && child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * Starts the production build (`$DIST_DIR/server/server.js`, default dist) on 127.0.0.1 with a
 * fresh data directory and demo content; `stop()` ends it and removes the data, `child` is its process.
 */
export async function startServer() {
  const distDir = process.env.DIST_DIR ?? 'dist';
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mingo-bench-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(distDir, 'server', 'server.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      STATIC_DIR: path.join(distDir, 'client'),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`${url}/readyz`, { child, timeoutMs: 60_000 });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { url, stop, child };
}

/** Writes the reference server of the throughput ratios (a bare Fastify "hello" on PORT, 127.0.0.1) into `dir`: its file. */
export function writeHelloServer(dir) {
  const file = path.join(dir, 'hello.mjs');
  writeFileSync(
    file,
    `import Fastify from '${path.resolve('node_modules/fastify/fastify.js')}';
const app = Fastify();
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });`,
  );
  return file;
}
