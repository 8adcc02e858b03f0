// Helpers shared by the benchmarks: they start their own servers on 127.0.0.1 only.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/chromium.mjs';

/** The p-th percentile (nearest rank) of `values`; NaN for none. */
export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

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
 * The production build's server (`$DIST_DIR/server/server.js`) on 127.0.0.1:`port` with `dataDir`;
 * `env` adds to or overrides its environment. `program` (a script and its arguments) starts
 * something else in the server's place, as the start-up benchmark's floor.
 */
export function spawnServer(port, dataDir, env = {}, program = [path.join(process.env.DIST_DIR ?? 'dist', 'server', 'server.js')]) {
  return spawn(process.execPath, program, {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/**
 * Starts the production build (`$DIST_DIR/server/server.js`, default dist) on 127.0.0.1 with a
 * fresh data directory and demo content; `env` adds to or overrides its environment. `stop()` ends
 * it and removes the data, `child` is its process.
 */
export async function startServer(env = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mingo-bench-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawnServer(port, dataDir, { PUBLIC_URL: url, STATIC_DIR: path.join(process.env.DIST_DIR ?? 'dist', 'client'), ...env });
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

/**
 * startServer() without demo content and with an admin account, signed in: `headers` (its session
 * cookie and the origin) for the admin API. `env` as startServer's.
 */
export async function startServerAsAdmin(env = {}) {
  const admin = { email: 'bench-admin@mingo.local', password: `bench-${randomBytes(8).toString('hex')}` };
  const server = await startServer({ DEMO_DATA: 'false', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, ...env });
  try {
    const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify(admin),
    });
    if (!signIn.ok) throw new Error(`sign-in failed: HTTP ${signIn.status} ${await signIn.text()}`);
    const cookie = signIn.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');
    return { ...server, headers: { cookie, origin: server.url } };
  } catch (error) {
    await server.stop();
    throw error;
  }
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

/**
 * The throughput benchmarks' two servers, each started with `start(args, env)` (which pins it to
 * the caller's CPU) and added to `children` at once, for the caller to stop: the reference "hello"
 * and the production build with demo data and no site, its data under `work`; `env` adds to the
 * app's environment. Resolves with their base URLs once both answer.
 */
export async function startHelloAndApp({ work, start, children, env = {} }) {
  const distDir = process.env.DIST_DIR ?? 'dist';
  const helloPort = await freePort();
  const hello = start([writeHelloServer(work)], { PORT: String(helloPort) });
  children.push(hello);
  const appPort = await freePort();
  const app = start([path.join(distDir, 'server', 'server.js')], {
    PORT: String(appPort),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(work, 'data'),
    DATABASE_URL: '',
    DEMO_DATA: 'true',
    LOG_LEVEL: 'warn',
    STATIC_DIR: path.join(work, 'no-site'),
    ...env,
  });
  children.push(app);
  const urls = { hello: `http://127.0.0.1:${helloPort}`, app: `http://127.0.0.1:${appPort}` };
  await waitFor(`${urls.hello}/hello`, { child: hello });
  await waitFor(`${urls.app}/readyz`, { child: app });
  return urls;
}
