import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CLIPS } from '../../src/server/clips/demo-clips';
import { clipForm } from '../support/test-multipart';
import { DEMO_PRODUCTS } from '../../src/server/products/demo-products';
import { request } from './http';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  adminQuery,
  createDatabase,
  PORTS,
  requireBuild,
  signIn,
  startApp,
  stopApp,
  waitReady,
  type AppProcess,
} from './support';

const AUTH_SECRET = 'first-start-test-secret-0123456789abcdef';

describe('first start on an empty PostgreSQL database', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  beforeAll(() => requireBuild());
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function fresh(count: number, extra: Record<string, string> = {}): Promise<{ apps: AppProcess[]; url: string }> {
    const database = await createDatabase('mingo_first_start');
    cleanups.push(database.drop);
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mingo-first-start-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const apps = Array.from({ length: count }, (_, i) =>
      startApp(PORTS.firstStart + i, {
        DATABASE_URL: database.url,
        DATA_DIR: path.join(dataDir, String(i)),
        AUTH_SECRET,
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        DEMO_DATA: 'true',
        PUBLIC_URL: `http://127.0.0.1:${PORTS.firstStart + i}`,
        LOG_LEVEL: 'info',
        ...extra,
      }),
    );
    for (const app of apps) cleanups.push(() => stopApp(app));
    await Promise.all(apps.map((app) => waitReady(app)));
    return { apps, url: database.url };
  }

  it('signs in on the very first start, without a restart', async () => {
    const { apps } = await fresh(1);
    const [app] = apps as [AppProcess];
    const signedIn = await signIn(app.url);
    expect(signedIn.status, app.output()).toBe(200);
    const session = await fetch(`${app.url}/api/auth/get-session`, { headers: { cookie: signedIn.cookie ?? '' } });
    expect(session.status).toBe(200);
    expect(await session.json()).toMatchObject({ user: { email: ADMIN_EMAIL } });
  }, 60_000);

  it('starts three instances at the same moment: one migrates and seeds, all sign in', async () => {
    const { apps, url } = await fresh(3);
    for (const app of apps) expect((await signIn(app.url)).status, app.output()).toBe(200);
    // The start-up work ran once, in whichever instance took the lock first: it alone says so.
    const saidBy = (message: string) => apps.filter((app) => app.logMessages().includes(message)).length;
    expect(saidBy('database migrated')).toBe(1);
    expect(saidBy('admin account created')).toBe(1);
    expect(saidBy('seeded the demo catalogue')).toBe(1);
    expect(saidBy('demo clips added')).toBe(1);
    const [users] = await adminQuery<{ n: number }>(url, `select count(*)::int as n from "user" where email = $1`, [ADMIN_EMAIL]);
    expect(users?.n).toBe(1);
    const [products] = await adminQuery<{ n: number }>(url, 'select count(*)::int as n from products');
    expect(products?.n).toBe(DEMO_PRODUCTS.length);
    const [clips] = await adminQuery<{ n: number }>(url, 'select count(*)::int as n from clips');
    expect(clips?.n).toBe(DEMO_CLIPS.length);
    // The boards were seeded once (migration 0061): the eight years of the movie list, 25 squares each.
    const [boards] = await adminQuery<{ boards: number; slots: number; movies: number }>(
      url,
      'select (select count(*)::int from boards) as boards, (select count(*)::int from board_slots) as slots, (select count(*)::int from movies) as movies',
    );
    expect(boards).toEqual({ boards: 8, slots: 200, movies: 200 });
    for (const app of apps) expect((await fetch(`${app.url}/data/movielist.json`)).status).toBe(200);
  }, 90_000);

  it('starts and serves with a pool of one connection (DATABASE_POOL_SIZE=1)', async () => {
    const { apps } = await fresh(1, { DATABASE_POOL_SIZE: '1' });
    const [app] = apps as [AppProcess];
    const { status, cookie = '' } = await signIn(app.url);
    expect(status, app.output()).toBe(200);
    const products = await request(`${app.url}/api/products`);
    expect(products.status).toBe(200);
    expect(products.json<{ items: unknown[] }>().items.length).toBeGreaterThan(0);
    const form = clipForm('Sinners');
    const uploaded = await request(`${app.url}/api/clips`, {
      method: 'POST',
      headers: { ...form.headers, cookie, origin: app.url },
      body: form.payload,
    });
    expect(uploaded.status, uploaded.text()).toBe(201);
  }, 90_000);
});
