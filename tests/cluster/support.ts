// Process-level helpers for the cluster suite: real app processes from the production build,
// fresh PostgreSQL databases, nginx. Everything listens on 127.0.0.1 only.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const SERVER_ENTRY = path.join(process.env.DIST_DIR ?? path.join(ROOT, 'dist'), 'server', 'server.js');
export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'cluster-admin-password-42';

/** Ports 3400-3499 belong to this suite; each file takes its own slice. */
export const PORTS = { firstStart: 3410, redis: 3415, slowClients: 3420, crash: 3430, install: 3440, cluster: 3450 } as const;

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
  /** The last 4000 characters of stdout and stderr (for failure messages). */
  output: () => string;
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
  { entry = SERVER_ENTRY, cwd }: { entry?: string; cwd?: string } = {},
): AppProcess {
  const fullEnv: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    ...env,
  };
  const child = spawn(process.execPath, [entry], {
    env: fullEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(cwd === undefined ? {} : { cwd }),
  });
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
  return { port, url: `http://127.0.0.1:${port}`, child, output: () => output.slice(-4000), logMessages, exited, env: fullEnv };
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
