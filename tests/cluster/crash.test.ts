// Crash safety at process level: the production build killed with SIGKILL at awkward moments,
// then started again on the same data. Decision 113.
import http from 'node:http';
import nodeModule from 'node:module';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { STALE_AFTER_MS } from '../../src/server/clips/pending-media';
import { clipForm, sampleScreenshot, sampleVideo } from '../support/test-multipart';
import { startS3TestServer } from '../support/s3-test-server';
import { signStripePayload, startFakeStripeServer, stripeSessionEvent } from '../support/fake-stripe-server';
import { jsonRequest, request } from './http';
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

const PORT = PORTS.crash;
const BASE = `http://127.0.0.1:${PORT}`;
const WEBHOOK_SECRET = 'whsec_crash_test_secret';

async function filesUnder(root: string): Promise<string[]> {
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function killed(app: AppProcess): Promise<void> {
  app.child.kill('SIGKILL');
  await app.exited;
}

describe('crash safety (kill -9)', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  let dataDir: string;
  beforeAll(() => requireBuild());
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function embedded(extra: Record<string, string> = {}): Promise<{ start: () => Promise<AppProcess> }> {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'mingo-crash-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const env = { DATA_DIR: dataDir, ADMIN_EMAIL, ADMIN_PASSWORD, DEMO_DATA: 'false', PUBLIC_URL: BASE, ...extra };
    return {
      start: async () => {
        const app = startApp(PORT, env);
        cleanups.push(() => stopApp(app, 'SIGKILL'));
        await waitReady(app, 90_000);
        return app;
      },
    };
  }

  /**
   * An upload whose video arrives whole but whose screenshot never finishes: once `videoStored`
   * sees the video in storage, the process dies with no clip row yet.
   */
  async function killDuringUpload(app: AppProcess, cookie: string, videoStored: () => Promise<boolean>): Promise<void> {
    const boundary = '----mingocrash';
    const head = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nSinners\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="v.webm"\r\nContent-Type: video/webm\r\n\r\n`),
      sampleVideo(),
      Buffer.from(
        `\r\n--${boundary}\r\nContent-Disposition: form-data; name="screenshot"; filename="s.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      sampleScreenshot().subarray(0, 1024),
    ]);
    const upload = http.request(`${BASE}/api/clips`, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        cookie,
        origin: BASE,
        'content-length': String(head.length + 100_000),
      },
    });
    upload.on('error', () => {});
    upload.write(head);
    await until(videoStored, 'the video file of the upload');
    await killed(app);
    upload.destroy();
  }

  async function myClips(cookie: string): Promise<unknown[]> {
    const mine = await request(`${BASE}/api/me/clips`, { headers: { cookie } });
    expect(mine.status).toBe(200);
    return mine.json<{ items: unknown[] }>().items;
  }

  it('leaves no clip without its file and no orphan file after a kill during an upload', async () => {
    const { start } = await embedded();
    const first = await start();
    const { cookie = '' } = await signIn(BASE);
    const media = path.join(dataDir, 'media');

    await killDuringUpload(first, cookie, async () => (await filesUnder(media)).some((name) => name.endsWith('.webm')));
    const leftBehind = await filesUnder(media);
    expect(leftBehind.length).toBeGreaterThan(0);

    await start();
    expect(await myClips(cookie)).toEqual([]);
    expect(await filesUnder(media)).toEqual([]);
  }, 120_000);

  it('on PostgreSQL and S3, removes the objects of an upload killed mid-way once its records are stale', async () => {
    const database = await createDatabase('mingo_crash_s3');
    cleanups.push(database.drop);
    const s3 = await startS3TestServer('mingo-crash');
    cleanups.push(() => s3.close());
    const { start } = await embedded({ DATABASE_URL: database.url, AUTH_SECRET: 'crash-test-auth-secret-0123456789abcdef', ...s3.env });
    const first = await start();
    const { cookie = '' } = await signIn(BASE);

    // The screenshot's record is written when its part begins, a moment after the video's object
    // is complete: wait for both before the kill.
    const screenshotRecorded = async () => (await adminQuery(database.url, 'select key from pending_media')).length === 2;
    await killDuringUpload(
      first,
      cookie,
      async () => (await s3.objectKeys()).some((key) => key.endsWith('.webm')) && (await screenshotRecorded()),
    );
    const [orphan] = await s3.objectKeys();
    const records = await adminQuery<{ key: string }>(database.url, 'select key from pending_media order by key');
    // The video's object, and a record for it and for the screenshot that never arrived.
    expect(records.map((row) => row.key)).toContain(orphan);
    expect(records).toHaveLength(2);

    // A process starting while the records are fresh cannot tell a dead upload from one still
    // running on another instance, so it keeps them.
    let app = await start();
    expect(await s3.objectKeys()).toEqual([orphan]);
    await killed(app);

    // A minute without a heartbeat (as the dead process left them): the next start removes them.
    await adminQuery(database.url, `update pending_media set touched_at = now() - make_interval(secs => $1)`, [STALE_AFTER_MS / 1000 + 1]);
    app = await start();
    expect(await s3.objectKeys()).toEqual([]);
    expect(await adminQuery(database.url, 'select key from pending_media')).toEqual([]);
    expect(await myClips(cookie)).toEqual([]);

    // The instance takes uploads as before, and keeps no record of a finished one.
    const form = clipForm('Sinners');
    const uploaded = await request(`${BASE}/api/clips`, {
      method: 'POST',
      headers: { ...form.headers, cookie, origin: BASE },
      body: form.payload,
    });
    expect(uploaded.status, uploaded.text()).toBe(201);
    expect(await s3.objectKeys()).toHaveLength(2);
    expect(await adminQuery(database.url, 'select key from pending_media')).toEqual([]);
    expect(app.child.exitCode).toBeNull();
  }, 180_000);

  it('writes the module compile cache once ready, and a killed instance keeps it (Node 22.8+)', async () => {
    const tmpDir = await mkdtemp(path.join(os.tmpdir(), 'mingo-crash-tmp-'));
    cleanups.push(() => rm(tmpDir, { recursive: true, force: true }));
    const cacheDir = path.join(tmpDir, 'node-compile-cache');
    const { start } = await embedded({ TMPDIR: tmpDir });
    const first = await start();
    if (typeof (nodeModule as { enableCompileCache?: unknown }).enableCompileCache === 'function') {
      // server.ts flushes it right after listening (decision 210): no clean exit needed.
      await until(async () => (await filesUnder(cacheDir)).length > 0, 'the compile cache');
      await killed(first);
      const kept = await filesUnder(cacheDir);
      expect(kept.length).toBeGreaterThan(0);
      await start();
    } else {
      await killed(first);
      // Node 20 has no compile cache: nothing is written.
      expect(await filesUnder(cacheDir)).toEqual([]);
    }
  }, 120_000);

  it('keeps every acknowledged write of the embedded database through a kill', async () => {
    const { start } = await embedded();
    const first = await start();
    const { cookie = '' } = await signIn(BASE);
    const codes: string[] = [];
    const inFlight: Promise<unknown>[] = [];
    for (let i = 0; i < 40; i += 1) {
      const code = `CRASH-${i}`;
      const create = jsonRequest(
        `${BASE}/api/products`,
        'POST',
        {
          productName: `Crash ${i}`,
          productCode: code,
          description: '',
          price: 10,
          quantityInStock: 5,
          shirtSizes: [],
          shirtColors: [],
          vinylColors: [],
        },
        { cookie, origin: BASE },
      ).then((reply) => {
        if (reply.status === 201) codes.push(code);
        else throw new Error(`create ${code}: ${reply.status} ${reply.text()}`);
      });
      // The last ten are still in flight when the process dies.
      if (i < 30) await create;
      else inFlight.push(create.catch(() => {}));
    }
    await killed(first);
    await Promise.all(inFlight);
    expect(codes.length).toBeGreaterThanOrEqual(30);

    await start();
    const { cookie: again = '' } = await signIn(BASE);
    const managed = await request(`${BASE}/api/products/manage`, { headers: { cookie: again } });
    expect(managed.status).toBe(200);
    const stored = new Set(managed.json<{ items: { productCode: string }[] }>().items.map((product) => product.productCode));
    for (const code of codes) expect(stored.has(code), code).toBe(true);
  }, 120_000);

  it('fulfils an order exactly once when the process dies around the payment webhook and Stripe retries', async () => {
    const database = await createDatabase('mingo_crash');
    cleanups.push(database.drop);
    const stripe = await startFakeStripeServer();
    cleanups.push(() => stripe.close());
    const { start } = await embedded({
      DATABASE_URL: database.url,
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_crash',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.url,
    });
    let app = await start();
    const [product] = await adminQuery<{ id: string }>(
      database.url,
      `insert into products (name, code, price_cents, stock) values ('Crash Mug', 'CRASH-MUG', 900, 10) returning id`,
    );
    const deliver = (payload: string) =>
      request(`${BASE}/api/webhooks/stripe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signStripePayload(payload, WEBHOOK_SECRET) },
        body: payload,
      });

    // Kill at different moments of the webhook: before it arrives, while it is being applied,
    // just after. Each time Stripe retries the same event afterwards.
    const delays = [0, 2, 10, 40];
    for (const delay of delays) {
      const started = await jsonRequest(`${BASE}/api/create-checkout-session`, 'POST', [{ product: { id: product?.id }, quantity: 2 }], {
        origin: BASE,
      });
      expect(started.status, started.text()).toBe(200);
      const sessionId = started.json<{ url: string }>().url.split('/').pop() ?? '';
      const [order] = await adminQuery<{ id: string; due: number }>(
        database.url,
        'select id, (subtotal_cents + delivery_cents)::int as due from orders where provider_session_id = $1',
        [sessionId],
      );
      const payload = stripeSessionEvent('checkout.session.completed', {
        id: sessionId,
        orderId: order?.id ?? '',
        amountTotal: order?.due ?? 0,
      });
      const first = deliver(payload).catch(() => null);
      await new Promise((resolve) => setTimeout(resolve, delay));
      await killed(app);
      await first;
      app = await start();
      expect((await deliver(payload)).status).toBe(200);
      expect((await deliver(payload)).status).toBe(200);
    }
    const [stock] = await adminQuery<{ stock: number; reserved_stock: number }>(
      database.url,
      'select stock, reserved_stock from products where id = $1',
      [product?.id],
    );
    // Every reservation became a sale, once (decision 171).
    expect(stock).toEqual({ stock: 10 - 2 * delays.length, reserved_stock: 0 });
    const paid = await adminQuery<{ n: number }>(database.url, `select count(*)::int as n from orders where status = 'paid'`);
    expect(paid[0]?.n).toBe(delays.length);
    const events = await adminQuery<{ n: number }>(database.url, 'select count(*)::int as n from payment_events');
    expect(events[0]?.n).toBe(delays.length);
  }, 180_000);
});
