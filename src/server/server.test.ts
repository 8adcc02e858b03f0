import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_LIMITS } from './auth/sign-in-limits';

// The real process, started as `npm run dev`/`serve` would, but through tsx from source.
const entry = path.resolve(import.meta.dirname, 'server.ts');

const ADMIN_EMAIL = 'process-admin@test.local';
const ADMIN_PASSWORD = 'process-admin-password-1';

type Started = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function start(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', HOST: '127.0.0.1', DEMO_DATA: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForReady(port: number, started: Started): Promise<void> {
  // A bound for a loaded machine (tsx compiles the server on start), not an expectation.
  const deadline = Date.now() + 230_000;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) throw new Error(`server exited early:\n${started.output()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become ready:\n${started.output()}`);
}

describe('the server process', () => {
  let dataDir: string;
  let port: number;
  let first: Started;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'mingo-proc-'));
    port = await freePort();
    first = start({ DATA_DIR: dataDir, PORT: String(port), ADMIN_EMAIL, ADMIN_PASSWORD });
    await waitForReady(port, first);
  }, 240_000);

  afterAll(async () => {
    if (first.child.exitCode === null) first.child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stops on a bad configuration value with a one-line explanation', async () => {
    const bad = start({ DATA_DIR: dataDir, PORT: 'abc' });
    expect(await bad.exited).toBe(1);
    expect(bad.output().trim()).toBe('Invalid configuration:\n  PORT="abc": must be a port number');
  });

  it('refuses TRUST_PROXY=true at start with one line that says what to use', async () => {
    const bad = start({ DATA_DIR: dataDir, PORT: String(await freePort()), TRUST_PROXY: 'true' });
    expect(await bad.exited).toBe(1);
    expect(bad.output().trim()).toMatch(
      /^Invalid configuration:\n {2}TRUST_PROXY="true": trusting every proxy lets clients forge their address; use the number of proxies .*$/,
    );
  });

  it('refuses a second process on the same data directory and keeps the first working', async () => {
    const second = start({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`The data directory ${dataDir} is already in use by another MINGO process (pid ${first.child.pid})`);
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
  }, 60_000);

  it('shuts down gracefully on SIGTERM: exits 0 and releases the data directory', async () => {
    // An idle keep-alive connection must not hold the shutdown up.
    await fetch(`http://127.0.0.1:${port}/healthz`, { keepalive: true });
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'mingo.lock'))).toBe(false);
  }, 20_000);
});

describe('a fresh install behind one proxy, logging only errors', () => {
  let dataDir: string;
  let port: number;
  let server: Started;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'mingo-proc-'));
    port = await freePort();
    server = start({ DATA_DIR: dataDir, PORT: String(port), TRUST_PROXY: '1', LOG_LEVEL: 'error' });
    await waitForReady(port, server);
  }, 120_000);

  afterAll(async () => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('still shows the one-time setup link, and the link creates the first admin', async () => {
    const token = /NO ADMIN ACCOUNT YET: create the first admin at \S+\/setup\?token=([A-Za-z0-9_-]+) /.exec(server.output())?.[1];
    expect(token, server.output()).toBeDefined();
    const response = await fetch(`http://127.0.0.1:${port}/api/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}` },
      body: JSON.stringify({ token, name: 'First Admin', email: 'first@test.local', password: 'first-admin-password-1' }),
    });
    expect(response.status).toBe(201);
  }, 30_000);

  it('counts sign-in failures per real client: a forged leftmost X-Forwarded-For buys no fresh limit', async () => {
    const attempt = (forwardedFor: string) =>
      fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}`, 'x-forwarded-for': forwardedFor },
        body: JSON.stringify({ email: 'nobody@test.local', password: 'wrong-password-1' }),
      });
    // nginx appends the address it saw (203.0.113.9) to whatever the client claimed.
    const statuses: number[] = [];
    for (let i = 1; i <= SIGN_IN_LIMITS.perIp.max + 1; i += 1) statuses.push((await attempt(`198.51.100.${i}, 203.0.113.9`)).status);
    expect(statuses.slice(0, SIGN_IN_LIMITS.perIp.max)).toEqual(Array.from({ length: SIGN_IN_LIMITS.perIp.max }, () => 401));
    expect(statuses.at(-1)).toBe(429);
    // Another real client is not affected.
    expect((await attempt('198.51.100.1, 203.0.113.10')).status).toBe(401);
  }, 60_000);
});
