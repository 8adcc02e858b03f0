// The production install without Docker, step by step as the Dockerfile does it: the build output
// and the runtime files copied to a new directory, `npm ci --omit=dev` there, then the server
// started from that directory with production settings (embedded database). Decision 114.
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from './http';
import { ADMIN_EMAIL, ADMIN_PASSWORD, PORTS, requireBuild, ROOT, signIn, startApp, stopApp, waitReady, type AppProcess } from './support';

const run = promisify(execFile);
const PORT = PORTS.install;
const BASE = `http://127.0.0.1:${PORT}`;

/** What the Dockerfile copies into the runtime image (besides node_modules, installed there). */
export const RUNTIME_FILES = ['package.json', 'package-lock.json', 'dist', 'assets'];

describe('production install from the build output', () => {
  let installDir: string;
  let app: AppProcess;

  beforeAll(async () => {
    requireBuild();
    installDir = await mkdtemp(path.join(os.tmpdir(), 'mingo-install-'));
    for (const file of RUNTIME_FILES) await cp(path.join(ROOT, file), path.join(installDir, 'app', file), { recursive: true });
    // The npm cache of this machine, offline-first: the registry is only asked for what it lacks.
    await run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], {
      cwd: path.join(installDir, 'app'),
      maxBuffer: 16 * 1024 * 1024,
      timeout: 240_000,
    });
    // As the image runs it: `node dist/server/server.js` from the install directory (WORKDIR), no
    // STATIC_DIR (the site is found at its default, dist/client under the working directory).
    app = startApp(
      PORT,
      { DATA_DIR: path.join(installDir, 'data'), PUBLIC_URL: BASE, ADMIN_EMAIL, ADMIN_PASSWORD },
      { entry: path.join('dist', 'server', 'server.js'), cwd: path.join(installDir, 'app') },
    );
    await waitReady(app, 90_000);
  }, 300_000);

  afterAll(async () => {
    if (app !== undefined) await stopApp(app);
    if (installDir !== undefined) await rm(installDir, { recursive: true, force: true });
  });

  it('keeps the local install, build, data, git history and secrets out of the Docker build context', async () => {
    const ignored = (await readFile(path.join(ROOT, '.dockerignore'), 'utf8')).split('\n').map((line) => line.trim());
    for (const entry of ['node_modules', 'dist', 'data', '.git', '.env', 'test-results', 'coverage', '**/*.log'])
      expect(ignored, entry).toContain(entry);
  });

  it('installs no development dependency', async () => {
    const lock = JSON.parse(await readFile(path.join(installDir, 'app', 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { dev?: boolean }>;
    };
    const devOnly = Object.entries(lock.packages).filter(([name, entry]) => name.startsWith('node_modules/') && entry.dev === true);
    expect(devOnly.length).toBeGreaterThan(0);
    for (const [name] of devOnly.slice(0, 50)) {
      await expect(readFile(path.join(installDir, 'app', name, 'package.json')), name).rejects.toThrow();
    }
  });

  it('serves pages, the API and media from the install directory', async () => {
    const page = await request(`${BASE}/`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(String(page.headers['content-type'])).toContain('text/html');
    const script = /src="(\/static\/[^"]+\.js)"/.exec(page.text())?.[1];
    expect(script, page.text().slice(0, 500)).toBeDefined();
    expect((await request(`${BASE}${script ?? ''}`)).status).toBe(200);
    expect((await request(`${BASE}/shop`, { headers: { accept: 'text/html', 'accept-encoding': 'gzip' } })).status).toBe(200);

    const products = await request(`${BASE}/api/products`);
    expect(products.status).toBe(200);
    expect(products.json<{ items: unknown[] }>().items.length).toBeGreaterThan(0);

    // Demo clips are seeded from assets/ on the embedded database: their media is served with ranges.
    const clips = await request(`${BASE}/api/clips`);
    const first = clips.json<{ items: { url: string; screenshotURL: string }[] }>().items[0];
    expect(first).toBeDefined();
    const range = await request(`${BASE}${first?.url ?? ''}`, { headers: { range: 'bytes=0-99' } });
    expect(range.status).toBe(206);
    expect(range.body.length).toBe(100);
    expect((await request(`${BASE}${first?.screenshotURL ?? ''}`)).status).toBe(200);

    expect((await signIn(BASE)).status).toBe(200);
  });
});
