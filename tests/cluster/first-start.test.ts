import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
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

  async function fresh(count: number): Promise<{ apps: AppProcess[]; url: string }> {
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
    // The start-up work ran once: one admin, one copy of the demo catalogue, every migration once.
    const [users] = await adminQuery<{ n: number }>(url, `select count(*)::int as n from "user" where email = $1`, [ADMIN_EMAIL]);
    expect(users?.n).toBe(1);
    const [products] = await adminQuery<{ n: number; distinct: number }>(url, 'select count(*)::int as n, count(distinct code)::int as distinct from products');
    expect(products?.n).toBeGreaterThan(0);
    expect(products?.n).toBe(products?.distinct);
    const [migrations] = await adminQuery<{ n: number; distinct: number }>(url, 'select count(*)::int as n, count(distinct name)::int as distinct from kysely_migration');
    expect(migrations?.n).toBe(migrations?.distinct);
  }, 90_000);
});
