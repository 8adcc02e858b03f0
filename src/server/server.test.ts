import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The real process, started as `npm run dev`/`serve` would, but through tsx from source.
const entry = path.resolve(import.meta.dirname, 'server.ts');

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
  const deadline = Date.now() + 60_000;
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
    first = start({ DATA_DIR: dataDir, PORT: String(port) });
    await waitForReady(port, first);
  }, 90_000);

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
    expect(bad.output().trim()).toMatch(/^Invalid configuration:\n {2}TRUST_PROXY="true": trusting every proxy lets clients forge their address; use the number of proxies .*$/);
  });

  it('refuses a second process on the same data directory and keeps the first working', async () => {
    const second = start({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`The data directory ${dataDir} is already in use by another MINGO process (pid ${first.child.pid})`);
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
  }, 60_000);

  it('cuts a body trickled one byte per 20 s within 35 s (idle timeout between bytes)', async () => {
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const started = Date.now();
    socket.write('POST /api/auth/sign-in/email HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{');
    let timer: NodeJS.Timeout | undefined;
    const trickle = () => {
      timer = setTimeout(() => {
        if (!socket.destroyed) socket.write('"');
        trickle();
      }, 20_000);
    };
    trickle();
    await new Promise<void>((resolve) => socket.once('close', () => resolve()));
    clearTimeout(timer);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeLessThan(35_000);
    expect(elapsed).toBeGreaterThan(5_000);
    // The server still answers others.
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  }, 60_000);

  it('shuts down gracefully on SIGTERM: exits 0 and releases the data directory', async () => {
    // An idle keep-alive connection must not hold the shutdown up.
    await fetch(`http://127.0.0.1:${port}/healthz`, { keepalive: true });
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'mingo.lock'))).toBe(false);
  }, 20_000);
});
