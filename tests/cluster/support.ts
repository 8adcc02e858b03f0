// Process-level helpers for the cluster suite: real app processes from the production build,
// fresh PostgreSQL databases, nginx. Everything listens on 127.0.0.1 only.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { request } from './http';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const SERVER_ENTRY = path.join(process.env.DIST_DIR ?? path.join(ROOT, 'dist'), 'server', 'server.js');
export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'cluster-admin-password-42';

/** Ports 3400-3499 belong to this suite; each file takes its own slice. */
export const PORTS = {
  firstStart: 3410,
  redis: 3415,
  slowClients: 3420,
  crash: 3430,
  install: 3440,
  cluster: 3450,
  leagues: 3460,
  leaguesRedis: 3470,
  leaguesBrowser: 3480,
} as const;

export function requireBuild(): void {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` first`);
}

export async function adminQuery<T extends pg.QueryResultRow = pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** `createdb` with a random name; `drop()` removes it again. */
export async function createDatabase(prefix: string): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  try {
    await adminQuery(ADMIN_URL, `CREATE DATABASE "${name}"`);
  } catch (error) {
    throw new Error(`PostgreSQL at ${ADMIN_URL} is needed for this suite: ${(error as Error).message}`);
  }
  return {
    name,
    url: databaseUrl(ADMIN_URL, name),
    drop: async () => {
      await adminQuery(ADMIN_URL, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

export type AppProcess = {
  port: number;
  url: string;
  child: ChildProcess;
  /** The last `chars` (default 4000) characters of stdout and stderr (for failure messages). */
  output: (chars?: number) => string;
  /** The `msg` of every JSON log line so far. */
  logMessages: () => string[];
  exited: Promise<number | null>;
  env: Record<string, string>;
};

/**
 * Starts `node <entry>` (the build's dist/server/server.js by default) on 127.0.0.1:`port` with
 * production settings plus `env`, in `cwd` (default: this process's working directory).
 */
export function startApp(
  port: number,
  env: Record<string, string>,
  {
    entry = SERVER_ENTRY,
    cwd,
    cpu,
    nodeArgs = [],
  }: {
    entry?: string;
    cwd?: string;
    /** Pins the process to this core (taskset; benchmarks). */
    cpu?: number;
    /** Node's own options before the entry (e.g. `--cpu-prof`, which NODE_OPTIONS refuses). */
    nodeArgs?: string[];
  } = {},
): AppProcess {
  const fullEnv: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    ...env,
  };
  const child = spawn(
    cpu === undefined ? process.execPath : 'taskset',
    cpu === undefined ? [...nodeArgs, entry] : ['-c', String(cpu), process.execPath, ...nodeArgs, entry],
    {
      env: fullEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(cwd === undefined ? {} : { cwd }),
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const logMessages = () =>
    output
      .split('\n')
      .slice(0, -1)
      .flatMap((line) => {
        if (!line.startsWith('{')) return [];
        const parsed = JSON.parse(line) as { msg?: unknown };
        return typeof parsed.msg === 'string' ? [parsed.msg] : [];
      });
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    child,
    output: (chars = 4000) => output.slice(-chars),
    logMessages,
    exited,
    env: fullEnv,
  };
}

/** Polls /readyz until 200; fails at once if the process exits. */
export async function waitReady(app: AppProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (app.child.exitCode !== null || app.child.signalCode !== null) {
      throw new Error(`app on port ${app.port} exited early:\n${app.output()}`);
    }
    try {
      if ((await fetch(`${app.url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`app on port ${app.port} not ready within ${timeoutMs} ms:\n${app.output()}`);
}

export async function stopApp(app: AppProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  if (app.child.exitCode !== null || app.child.signalCode !== null) return app.child.exitCode;
  app.child.kill(signal);
  return app.exited;
}

/** Signs in and returns the session cookie (`name=value`). */
export async function signIn(
  baseUrl: string,
  email = ADMIN_EMAIL,
  password = ADMIN_PASSWORD,
  headers: Record<string, string> = {},
): Promise<{ status: number; cookie: string | undefined }> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, ...headers },
    body: JSON.stringify({ email, password }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .find((pair) => pair.includes('session_token='));
  await response.arrayBuffer();
  return { status: response.status, cookie };
}

export function nginxBinary(): string {
  for (const candidate of [process.env.NGINX, '/usr/sbin/nginx', '/usr/bin/nginx']) {
    if (candidate !== undefined && existsSync(candidate)) return candidate;
  }
  const which = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  const found = which.stdout.trim();
  if (which.status === 0 && found !== '') return found;
  throw new Error('nginx is not installed: the cluster test needs it as its load balancer (Debian: apt-get install nginx)');
}

/** deploy/nginx.conf for a loopback cluster: our upstreams and port, in a full nginx config. */
export async function nginxConfig(tempDir: string, listenPort: number, upstreamPorts: number[], workerConnections = 1024): Promise<string> {
  const site = await readFile(path.join(ROOT, 'deploy', 'nginx.conf'), 'utf8');
  const upstream = upstreamPorts.map((port) => `server 127.0.0.1:${port} max_fails=1 fail_timeout=1s;`).join(' ');
  const templated = site.replace(/server app:3000;/, upstream).replace(/listen 80;/, `listen 127.0.0.1:${listenPort};`);
  if (!templated.includes(upstream) || !templated.includes(`listen 127.0.0.1:${listenPort};`)) {
    throw new Error('deploy/nginx.conf no longer has `server app:3000;` and `listen 80;` to template');
  }
  const temp = (name: string) => path.join(tempDir, name);
  return [
    'daemon off;',
    'master_process off;',
    'worker_processes 1;',
    `worker_rlimit_nofile ${Math.max(2048, workerConnections * 2)};`,
    `pid ${temp('nginx.pid')};`,
    `error_log ${temp('error.log')} warn;`,
    `events { worker_connections ${workerConnections}; }`,
    'http {',
    `  access_log ${temp('access.log')};`,
    // Which instance answered (the last address when nginx moved on to another), for the rolling restart.
    '  add_header X-Upstream $upstream_addr always;',
    `  client_body_temp_path ${temp('body')};`,
    `  proxy_temp_path ${temp('proxy')};`,
    `  fastcgi_temp_path ${temp('fastcgi')};`,
    `  uwsgi_temp_path ${temp('uwsgi')};`,
    `  scgi_temp_path ${temp('scgi')};`,
    templated,
    '}',
  ].join('\n');
}

export type Nginx = { url: string; output: () => string; stop: () => Promise<void> };

/** nginx with deploy/nginx.conf in front of the apps on `upstreamPorts`, answering on `port`. */
export async function startNginx(tempDir: string, port: number, upstreamPorts: number[], workerConnections?: number): Promise<Nginx> {
  await writeFile(path.join(tempDir, 'nginx.conf'), await nginxConfig(tempDir, port, upstreamPorts, workerConnections));
  const nginx = spawn(nginxBinary(), ['-p', tempDir, '-c', path.join(tempDir, 'nginx.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  nginx.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  nginx.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited: ${output}`);
    const ready = await request(`${url}/readyz`).catch(() => null);
    if (ready?.status === 200) break;
    if (Date.now() > deadline) throw new Error(`nginx did not answer: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    output: () => output,
    stop: async () => {
      if (nginx.exitCode !== null) return;
      nginx.kill('SIGTERM');
      await new Promise((resolve) => nginx.once('exit', resolve));
    },
  };
}

/** Until a request through nginx is answered by the instance on `port` (X-Upstream, see nginxConfig). */
export async function servedThroughNginx(lb: string, port: number, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reply = await request(`${lb}/healthz`).catch(() => null);
    const answeredBy = String(reply?.headers['x-upstream'] ?? '')
      .split(', ')
      .at(-1);
    if (reply?.status === 200 && answeredBy === `127.0.0.1:${port}`) return;
    if (Date.now() > deadline) throw new Error(`nginx did not send requests to 127.0.0.1:${port} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
