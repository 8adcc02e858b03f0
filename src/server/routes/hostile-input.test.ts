import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../../shared/errors';
import { isWellFormedText } from '../../shared/text';
import { filesUnder, multipart, PNG_BYTES, sampleScreenshot, sampleVideo } from '../clips/test-multipart';
import { signStripePayload, startFakeStripeServer, type FakeStripeServer } from '../payments/fake-stripe-server';
import { createProductRepository } from '../products/product-repository';
import { signedInAs, TEST_ORIGIN } from '../test/auth';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Hostile input across every route (decision 070): each request must answer below 500, with the
 * `{ error: { code, message } }` shape when refused, and leave the database and media exactly as
 * they were. Counters that exist to count requests (sign-in failures, better-auth's rate limit, the shared request limits on PostgreSQL)
 * are left out of the comparison. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
const WEBHOOK_SECRET = 'whsec_hostile_input_secret';
const UNCOUNTED = new Set(['sign_in_failures', 'rateLimit', 'rate_limit_hits', 'kysely_migration', 'kysely_migration_lock']);

type Case = {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  as?: 'admin' | 'anonymous';
  headers?: Record<string, string>;
  json?: unknown;
  raw?: string | Buffer;
};

/** Text every field refuses (sent to every route that takes text). */
const REFUSED_STRINGS: [string, string][] = [
  ['NUL', 'abc\u0000def'],
  ['leading NUL', '\u0000'],
  ['SOH', 'a\u0001b'],
  ['escape', 'a\u001b[31mred'],
  ['DEL', 'a\u007fb'],
  ['lone surrogate', 'a\ud800b'],
  ['huge', 'x'.repeat(100_000)],
];

/** Odd but legitimate text: only sent where it is looked up, never stored (ids, keys, titles). */
const LOOKUP_STRINGS: [string, string][] = [
  ['RTL override', '\u202eevil'],
  ['zero-width only', '\u200b\u200b\u200b'],
  ['traversal', '../../../../etc/passwd'],
  ['encoded traversal', '..%2f..%2fetc%2fpasswd'],
  ['SQL', "' OR 1=1; DROP TABLE products; --"],
  ['emoji', '🎬'.repeat(300)],
];

const NASTY_VALUES: [string, unknown][] = [
  ['null', null],
  ['array', []],
  ['object', {}],
  ['true', true],
  ['negative', -1],
  ['NaN text', 'NaN'],
  ['Infinity text', 'Infinity'],
  ['huge number', 1e308],
  ['unsafe integer', 2 ** 53 + 1],
  ['negative zero', -0],
  ['float', 0.0001],
];

/** `depth` nested arrays as JSON text (a body no schema expects). */
const deeplyNested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const cursorOf = (at: string, id = '00000000-0000-4000-8000-000000000000') => Buffer.from(JSON.stringify([at, id])).toString('base64url');

function truncated(form: { payload: Buffer; headers: Record<string, string> }, keep: number): Pick<Case, 'raw' | 'headers'> {
  return { raw: form.payload.subarray(0, keep), headers: form.headers };
}

function cases(productId: string): Case[] {
  const list: Case[] = [];
  const productForm = (field: string, value: string) =>
    multipart([
      { name: 'productName', value: 'Hostile' },
      { name: 'productCode', value: 'HOSTILE1' },
      { name: 'price', value: '10' },
      { name: 'stock', value: '1' },
      { name: field, value },
    ]);

  for (const [label, text] of [...REFUSED_STRINGS, ...LOOKUP_STRINGS]) {
    // A lone surrogate has no UTF-8 form: its percent-encoded CESU bytes (invalid UTF-8) instead.
    const encoded = isWellFormedText(text) ? encodeURIComponent(text) : 'a%ED%A0%80b';
    list.push(
      { name: `sign-in e-mail ${label}`, method: 'POST', url: '/api/auth/sign-in/email', json: { email: text, password: 'wrong-password' } },
      { name: `clip by title ${label}`, method: 'GET', url: `/api/clips/by-title/${encoded}` },
      { name: `clip id ${label}`, method: 'GET', url: `/api/clips/${encoded}` },
      { name: `media key ${label}`, method: 'GET', url: `/media/${encoded}` },
      { name: `product image key ${label}`, method: 'GET', url: `/api/product-images/${encoded}` },
      { name: `product id ${label}`, method: 'GET', url: `/api/products/${encoded}` },
      { name: `order session ${label}`, method: 'GET', url: `/api/orders/by-session/${encoded}` },
      { name: `staff disable id ${label}`, method: 'POST', url: `/api/staff/${encoded}/disable`, as: 'admin', json: {} },
      { name: `setup token ${label}`, method: 'POST', url: '/api/setup', json: { token: text, name: 'Eve', email: 'eve@test.local', password: 'fine-password-1' } },
    );
  }

  for (const [label, text] of REFUSED_STRINGS) {
    // Multipart text is UTF-8 bytes: a lone surrogate cannot travel there (it arrives as U+FFFD).
    if (isWellFormedText(text)) {
      list.push(
        { name: `clip upload title ${label}`, method: 'POST', url: '/api/clips', as: 'admin', ...clipUpload(text) },
        { name: `product create name ${label}`, method: 'POST', url: '/api/products', as: 'admin', ...formCase(productForm('productName', text)) },
        { name: `product create description ${label}`, method: 'POST', url: '/api/products', as: 'admin', ...formCase(productForm('description', text)) },
        { name: `product create options ${label}`, method: 'POST', url: '/api/products', as: 'admin', ...formCase(productForm('shirtSizes', text)) },
      );
    }
    list.push(
      { name: `clip title edit ${label}`, method: 'PATCH', url: '/api/clips/00000000-0000-4000-8000-000000000000', as: 'admin', json: { title: text } },
      { name: `product edit name ${label}`, method: 'PATCH', url: `/api/products/${productId}`, as: 'admin', json: { productName: text } },
      { name: `staff name ${label}`, method: 'POST', url: '/api/staff', as: 'admin', json: { name: text, email: 'new@test.local', password: 'fine-password-1' } },
      { name: `staff e-mail ${label}`, method: 'POST', url: '/api/staff', as: 'admin', json: { name: 'Ann', email: text, password: 'fine-password-1' } },
      { name: `staff phone ${label}`, method: 'POST', url: '/api/staff', as: 'admin', json: { name: 'Ann', email: 'new@test.local', phoneNumber: text, password: 'fine-password-1' } },
      { name: `checkout option ${label}`, method: 'POST', url: '/api/create-checkout-session', json: [{ product: { id: productId }, quantity: 1, selectedShirtSize: text }] },
      { name: `setup name ${label}`, method: 'POST', url: '/api/setup', json: { token: 'x', name: text, email: 'eve@test.local', password: 'fine-password-1' } },
    );
  }

  for (const [label, value] of NASTY_VALUES) {
    list.push(
      { name: `clips limit ${label}`, method: 'GET', url: `/api/clips?limit=${encodeURIComponent(String(value))}` },
      { name: `products page ${label}`, method: 'GET', url: `/api/products?page=${encodeURIComponent(String(value))}` },
      { name: `checkout quantity ${label}`, method: 'POST', url: '/api/create-checkout-session', json: [{ product: { id: productId }, quantity: value }] },
      { name: `checkout body ${label}`, method: 'POST', url: '/api/create-checkout-session', json: value },
      { name: `product price ${label}`, method: 'PATCH', url: `/api/products/${productId}`, as: 'admin', json: { price: value } },
      { name: `product stock ${label}`, method: 'PATCH', url: `/api/products/${productId}`, as: 'admin', json: { stock: value } },
      { name: `sign-in body ${label}`, method: 'POST', url: '/api/auth/sign-in/email', json: { email: value, password: value } },
      { name: `staff body ${label}`, method: 'POST', url: '/api/staff', as: 'admin', json: value },
      { name: `clip edit body ${label}`, method: 'PATCH', url: '/api/clips/00000000-0000-4000-8000-000000000000', as: 'admin', json: { title: value } },
    );
  }

  // Cursors: dates PostgreSQL cannot store, forged shapes.
  for (const at of ['-100000-01-01T00:00:00.000Z', '+275760-09-13T00:00:00.000Z', '0000-01-01T00:00:00.000Z', 'not a date', '']) {
    list.push(
      { name: `clip cursor ${at}`, method: 'GET', url: `/api/clips?cursor=${cursorOf(at)}` },
      { name: `my clips cursor ${at}`, method: 'GET', url: `/api/me/clips?cursor=${cursorOf(at)}`, as: 'admin' },
    );
  }
  for (const cursor of ['%00', 'x'.repeat(300), Buffer.from('[1,2,3]').toString('base64url'), Buffer.from('{"__proto__":1}').toString('base64url')]) {
    list.push({ name: `clip cursor raw ${cursor.slice(0, 12)}`, method: 'GET', url: `/api/clips?cursor=${cursor}` });
  }

  // Bodies: deeply nested, huge, wrong type, broken JSON.
  for (const [url, as] of [
    ['/api/auth/sign-in/email', 'anonymous'],
    ['/api/staff', 'admin'],
    ['/api/create-checkout-session', 'anonymous'],
    ['/api/setup', 'anonymous'],
  ] as const) {
    list.push(
      { name: `${url} deeply nested`, method: 'POST', url, as, raw: deeplyNested(50_000), headers: { 'content-type': 'application/json' } },
      { name: `${url} 2 MB body`, method: 'POST', url, as, raw: `{"a":"${'x'.repeat(2 * 1024 * 1024)}"}`, headers: { 'content-type': 'application/json' } },
      { name: `${url} broken JSON`, method: 'POST', url, as, raw: '{"email": "a@b.c",', headers: { 'content-type': 'application/json' } },
      { name: `${url} text body`, method: 'POST', url, as, raw: 'hello', headers: { 'content-type': 'text/plain' } },
    );
  }

  // Truncated and malformed multipart (upload, product form, product image).
  const clip = multipart([
    { name: 'title', value: 'Sinners' },
    { name: 'video', filename: 'clip.webm', contentType: 'video/webm', data: sampleVideo() },
    { name: 'screenshot', filename: 'shot.jpg', contentType: 'image/jpeg', data: sampleScreenshot() },
  ]);
  const image = multipart([{ name: 'image', filename: 'a.png', contentType: 'image/png', data: PNG_BYTES }]);
  const product = productForm('description', 'fine');
  for (const [label, form, url, method] of [
    ['upload', clip, '/api/clips', 'POST'],
    ['product form', product, '/api/products', 'POST'],
    ['product image', image, `/api/products/${productId}/image`, 'PUT'],
  ] as const) {
    for (const keep of [10, 60, Math.floor(form.payload.length / 2), form.payload.length - 5]) {
      list.push({ name: `${label} truncated at ${keep}`, method, url, as: 'admin', ...truncated(form, keep) });
    }
    list.push(
      { name: `${label} wrong boundary`, method, url, as: 'admin', raw: form.payload, headers: { 'content-type': 'multipart/form-data; boundary=nope' } },
      { name: `${label} no boundary`, method, url, as: 'admin', raw: form.payload, headers: { 'content-type': 'multipart/form-data' } },
      { name: `${label} garbage`, method, url, as: 'admin', raw: Buffer.from('\u0000\u0001garbage\r\n\r\n--'), headers: form.headers },
      { name: `${label} header without end`, method, url, as: 'admin', raw: `--${form.headers['content-type']?.split('boundary=')[1] ?? ''}\r\nContent-Disposition: form-data; name="title"`, headers: form.headers },
    );
  }

  // Forged cookies and signatures.
  for (const cookie of ['mingo.session_token=forged', 'mingo.session_token=a.b', `mingo.session_token=${'x'.repeat(4000)}`, 'mingo.device=Zm9v.YmFy', 'mingo.session_token=%00']) {
    list.push(
      { name: `staff list with cookie ${cookie.slice(0, 24)}`, method: 'GET', url: '/api/staff', headers: { cookie } },
      { name: `get-session with cookie ${cookie.slice(0, 24)}`, method: 'GET', url: '/api/auth/get-session', headers: { cookie } },
    );
  }
  const signedEvent = (object: unknown) => {
    const payload = JSON.stringify({ id: 'evt_hostile', object: 'event', type: 'checkout.session.completed', data: object });
    return { raw: payload, headers: { 'content-type': 'application/json', 'stripe-signature': signStripePayload(payload, WEBHOOK_SECRET) } };
  };
  list.push(
    { name: 'webhook without signature', method: 'POST', url: '/api/webhooks/stripe', raw: '{}', headers: { 'content-type': 'application/json' } },
    { name: 'webhook forged signature', method: 'POST', url: '/api/webhooks/stripe', raw: '{}', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' } },
    { name: 'webhook signed, no data.object', method: 'POST', url: '/api/webhooks/stripe', ...signedEvent({}) },
    { name: 'webhook signed, data null', method: 'POST', url: '/api/webhooks/stripe', ...signedEvent(null) },
    { name: 'webhook signed, object without id', method: 'POST', url: '/api/webhooks/stripe', ...signedEvent({ object: { metadata: { order_id: 5 } } }) },
    { name: 'webhook signed, NUL session id', method: 'POST', url: '/api/webhooks/stripe', ...signedEvent({ object: { id: 'cs_\u0000' } }) },
    { name: 'webhook signed, negative amount', method: 'POST', url: '/api/webhooks/stripe', ...signedEvent({ object: { id: 'cs_test_x', amount_total: -5, payment_status: 'paid' } }) },
  );
  return list;
}

function clipUpload(title: string): Pick<Case, 'raw' | 'headers'> {
  return formCase(
    multipart([
      { name: 'title', value: title },
      { name: 'video', filename: 'clip.webm', contentType: 'video/webm', data: sampleVideo() },
      { name: 'screenshot', filename: 'shot.jpg', contentType: 'image/jpeg', data: sampleScreenshot() },
    ]),
  );
}

function formCase(form: { payload: Buffer; headers: Record<string, string> }): Pick<Case, 'raw' | 'headers'> {
  return { raw: form.payload, headers: form.headers };
}

describe('hostile input', () => {
  let t: TestApp;
  let stripe: FakeStripeServer;
  let adminHeaders: Record<string, string>;
  let productId = '';
  let checksumQuery = '';

  const snapshot = async () => (await sql<{ sum: string }>`${sql.raw(checksumQuery)}`.execute(t.database.db)).rows[0]?.sum ?? '';

  beforeAll(async () => {
    stripe = await startFakeStripeServer();
    t = await createTestApp({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_hostile', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: stripe.url });
    adminHeaders = (await signedInAs(t, 'admin')).headers;
    const product = await createProductRepository(t.database.db).create({
      name: 'Target',
      code: 'TARGET',
      description: '',
      priceCents: 1000,
      stock: 5,
      shirtSizes: ['S'],
      shirtColors: [],
      vinylColors: [],
    });
    productId = product.id;
    const tables = await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`.execute(t.database.db);
    const parts = tables.rows
      .map((row) => row.name)
      .filter((name) => !UNCOUNTED.has(name))
      .map((name) => `(select md5(coalesce(string_agg(t::text, ',' order by t::text), '')) from "${name}" t)`);
    expect(parts.length).toBeGreaterThan(5);
    checksumQuery = `select ${parts.join(" || ',' || ")} as sum`;
  }, 60_000);

  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  it('has at least 150 cases', () => {
    expect(cases('x').length).toBeGreaterThanOrEqual(150);
  });

  it('answers every hostile request below 500 with the error shape, changing nothing', async () => {
    const failures: string[] = [];
    let before = await snapshot();
    for (const c of cases(productId)) {
      const headers: Record<string, string> = { origin: TEST_ORIGIN, ...(c.as === 'admin' ? adminHeaders : {}), ...c.headers };
      const response = await t.app.inject({
        method: c.method,
        url: c.url,
        headers,
        ...(c.json === undefined ? {} : { payload: JSON.stringify(c.json), headers: { ...headers, 'content-type': 'application/json' } }),
        ...(c.raw === undefined ? {} : { payload: c.raw }),
      });
      if (response.statusCode >= 500) {
        failures.push(`${c.name}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        continue;
      }
      if (response.statusCode >= 400 && !ErrorBodySchema.safeParse(safeJson(response.body)).success) {
        failures.push(`${c.name}: ${response.statusCode} without the error shape: ${response.body.slice(0, 200)}`);
      }
      if (response.statusCode === 200 || response.statusCode === 201) {
        if (c.method !== 'GET') failures.push(`${c.name}: accepted with ${response.statusCode}`);
      }
      const after = await snapshot();
      if (after !== before) failures.push(`${c.name}: the database changed`);
      before = after;
    }
    expect(failures).toEqual([]);
    expect(await filesUnder(`${t.dataDir}/media`)).toEqual([]);
  }, 600_000);
});

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
