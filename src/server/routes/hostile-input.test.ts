import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeShareCode } from '../../domain/share-code';
import { ClipSchema } from '../../shared/clips';
import { ErrorBodySchema } from '../../shared/errors';
import { isWellFormedText } from '../../shared/text';
import { clipForm, filesUnder, multipart, PNG_BYTES } from '../../../tests/support/test-multipart';
import { signStripePayload, startFakeStripeServer, type FakeStripeServer } from '../../../tests/support/fake-stripe-server';
import { createProductRepository } from '../products/product-repository';
import { signedInAs, TEST_ORIGIN } from '../../../tests/support/auth';
import { allMailSent, payTestCheckout, postCheckout, startCheckout } from '../../../tests/support/shop';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { fuzzCases, type FuzzCase, type FuzzDocument } from '../../../tests/support/contract-fuzz';

/**
 * Hostile input across every route (decision 070): each request must answer below 500, with the
 * `{ error: { code, message } }` shape when refused with JSON, and leave the database and media
 * exactly as they were. Counters that exist to count requests (sign-in failures, better-auth's
 * rate limit, the shared request limits on PostgreSQL) are left out of the comparison. Each
 * request comes from its own client address, so that no per-IP limit answers in the handler's
 * place, and a case sent with an admin or staff session must not be refused as signed out: it
 * really reached the route. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
const WEBHOOK_SECRET = 'whsec_hostile_input_secret';
const UNCOUNTED = new Set(['sign_in_failures', 'rateLimit', 'rate_limit_hits', 'kysely_migration', 'kysely_migration_lock']);
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

type Case = {
  name: string;
  method: 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'PUT' | 'DELETE' | 'OPTIONS';
  url: string;
  as?: 'admin' | 'staff' | 'anonymous';
  headers?: Record<string, string>;
  /** Sent without an Origin header (a cookie-authenticated write no browser page would send). */
  noOrigin?: true;
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  raw?: string | Buffer;
  /** The route answers with an HTML page (the test checkout), not JSON. */
  html?: true;
  /** A 2xx answer is fine here (the request is refused in effect, e.g. signing out without a session). */
  harmless?: true;
};

/** Text every field refuses (sent to every route that takes text). */
const REFUSED_STRINGS: [string, string][] = [
  ['NUL', 'abc\u0000def'],
  ['leading NUL', '\u0000'],
  ['SOH', 'a\u0001b'],
  ['escape', 'a\u001b[31mred'],
  ['DEL', 'a\u007fb'],
  // C1 controls (issue 33): NEL is a line break to some readers; CSI starts a terminal escape.
  ['NEL', 'a\u0085b'],
  ['C1 CSI', 'a\u009b31mred'],
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

/** A valid new movie (board editor): cases change one field to something it refuses. */
const HOSTILE_MOVIE = { name: 'The Hostile Lighthouse', year: 2026, starRatingA: 3, starRatingB: 3, runtime: 90 };

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

/** A URL path segment or query value: a lone surrogate has no UTF-8 form, so its CESU bytes (invalid UTF-8) instead. */
const urlText = (text: string) => (isWellFormedText(text) ? encodeURIComponent(text) : 'a%ED%A0%80b');

/** `depth` nested arrays as JSON text (a body no schema expects). */
const deeplyNested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const cursorOf = (at: string, id = UNKNOWN_ID) => Buffer.from(JSON.stringify([at, id])).toString('base64url');
const FORGED_COOKIES = [
  'mingo.session_token=forged',
  'mingo.session_token=a.b',
  `mingo.session_token=${'x'.repeat(4000)}`,
  'mingo.device=Zm9v.YmFy',
  'mingo.session_token=%00',
];

function truncated(form: { payload: Buffer; headers: Record<string, string> }, keep: number): Pick<Case, 'raw' | 'headers'> {
  return { raw: form.payload.subarray(0, keep), headers: form.headers };
}

function formCase(form: { payload: Buffer; headers: Record<string, string> }): Pick<Case, 'raw' | 'headers'> {
  return { raw: form.payload, headers: form.headers };
}

/** Bodies no JSON route expects: deeply nested, 2 MB, broken, not JSON. */
function badBodies(method: Case['method'], url: string, as: Case['as']): Case[] {
  const json = { 'content-type': 'application/json' };
  return [
    { name: `${method} ${url} deeply nested`, method, url, as, raw: deeplyNested(50_000), headers: json },
    { name: `${method} ${url} 2 MB body`, method, url, as, raw: `{"a":"${'x'.repeat(2 * 1024 * 1024)}"}`, headers: json },
    { name: `${method} ${url} broken JSON`, method, url, as, raw: '{"email": "a@b.c",', headers: json },
    { name: `${method} ${url} text body`, method, url, as, raw: 'hello', headers: { 'content-type': 'text/plain' } },
  ];
}

type LeagueFixtures = { code: string; owner: string; ownerId: string; member: string; memberId: string; movieId: string };

type StripeFixtures = {
  league: LeagueFixtures;
  productId: string;
  clipId: string;
  videoKey: string;
  staffId: string;
  adminId: string;
  pending: { sessionId: string; orderId: string };
};

/** Every route of the app with the Stripe provider (the test checkout and orders are in testProviderCases). */
function stripeCases({ productId, clipId, videoKey, staffId, adminId, pending, league }: StripeFixtures): Case[] {
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
    const encoded = urlText(text);
    list.push(
      {
        name: `sign-in e-mail ${label}`,
        method: 'POST',
        url: '/api/auth/sign-in/email',
        json: { email: text, password: 'wrong-password' },
      },
      { name: `clip by title ${label}`, method: 'GET', url: `/api/clips/by-title/${encoded}` },
      { name: `clip id ${label}`, method: 'GET', url: `/api/clips/${encoded}` },
      { name: `clip delete ${label}`, method: 'DELETE', url: `/api/clips/${encoded}`, as: 'admin' },
      { name: `all clips owner ${label}`, method: 'GET', url: `/api/clips/all?owner=${encoded}`, as: 'admin' },
      { name: `my clips cursor text ${label}`, method: 'GET', url: `/api/me/clips?cursor=${encoded}`, as: 'staff' },
      { name: `clip page ${label}`, method: 'GET', url: `/clip/${encoded}`, html: true },
      { name: `share page ${label}`, method: 'GET', url: `/share/${encoded}`, html: true },
      { name: `share image ${label}`, method: 'GET', url: `/share/${encoded}.png`, html: true },
      { name: `media key ${label}`, method: 'GET', url: `/media/${encoded}` },
      { name: `media range ${label}`, method: 'GET', url: `/media/${videoKey}`, headers: { range: `bytes=${encoded}` } },
      { name: `product image key ${label}`, method: 'GET', url: `/api/product-images/${encoded}` },
      { name: `product id ${label}`, method: 'GET', url: `/api/products/${encoded}` },
      { name: `product lookup ${label}`, method: 'GET', url: `/api/products/lookup?ids=${encoded}` },
      { name: `product delete ${label}`, method: 'DELETE', url: `/api/products/${encoded}`, as: 'staff' },
      { name: `order session ${label}`, method: 'GET', url: `/api/orders/by-session/${encoded}` },
      { name: `staff disable id ${label}`, method: 'POST', url: `/api/staff/${encoded}/disable`, as: 'admin', json: {} },
      { name: `staff enable id ${label}`, method: 'POST', url: `/api/staff/${encoded}/enable`, as: 'admin', json: {} },
      {
        name: `staff password id ${label}`,
        method: 'POST',
        url: `/api/staff/${encoded}/password`,
        as: 'admin',
        json: { password: 'fine-password-1' },
      },
      {
        name: `setup token ${label}`,
        method: 'POST',
        url: '/api/setup',
        json: { token: text, name: 'Eve', email: 'eve@test.local', password: 'fine-password-1' },
      },
      { name: `board year ${label}`, method: 'GET', url: `/api/boards/${encoded}` },
      { name: `board delete year ${label}`, method: 'DELETE', url: `/api/admin/boards/${encoded}`, as: 'admin' },
      { name: `board publish year ${label}`, method: 'POST', url: `/api/admin/boards/${encoded}/publish`, as: 'admin' },
      {
        name: `board slots ${label}`,
        method: 'PUT',
        url: '/api/admin/boards/2018/slots',
        as: 'admin',
        json: { slots: Array(25).fill(text) },
      },
      { name: `tmdb search ${label}`, method: 'GET', url: `/api/admin/tmdb/search?query=${encoded}`, as: 'admin' },
      { name: `tmdb movie ${label}`, method: 'GET', url: `/api/admin/tmdb/movies/${encoded}`, as: 'admin' },
      { name: `movie search ${label}`, method: 'GET', url: `/api/admin/movies?q=${encoded}`, as: 'admin' },
      { name: `movie edit id ${label}`, method: 'PATCH', url: `/api/admin/movies/${encoded}`, as: 'admin', json: { runtime: 1 } },
      { name: `movie poster delete id ${label}`, method: 'DELETE', url: `/api/admin/movies/${encoded}/poster`, as: 'admin' },
      { name: `openapi query ${label}`, method: 'GET', url: `/api/openapi.json?format=${encoded}` },
      { name: `api docs query ${label}`, method: 'GET', url: `/api/docs?${encoded}=${encoded}` },
      { name: `readyz query ${label}`, method: 'GET', url: `/readyz?probe=${encoded}` },
    );
  }

  for (const [label, text] of REFUSED_STRINGS) {
    // Multipart text is UTF-8 bytes: a lone surrogate cannot travel there (it arrives as U+FFFD).
    if (isWellFormedText(text)) {
      list.push(
        { name: `clip upload title ${label}`, method: 'POST', url: '/api/clips', as: 'admin', ...formCase(clipForm(text)) },
        {
          name: `product create name ${label}`,
          method: 'POST',
          url: '/api/products',
          as: 'admin',
          ...formCase(productForm('productName', text)),
        },
        {
          name: `product create description ${label}`,
          method: 'POST',
          url: '/api/products',
          as: 'admin',
          ...formCase(productForm('description', text)),
        },
        {
          name: `product create options ${label}`,
          method: 'POST',
          url: '/api/products',
          as: 'admin',
          ...formCase(productForm('shirtSizes', text)),
        },
      );
    }
    list.push(
      { name: `clip title edit ${label}`, method: 'PATCH', url: `/api/clips/${clipId}`, as: 'admin', json: { title: text } },
      ...(['name', 'description', 'starDescriptionA'] as const).map((field): Case => ({
        name: `movie create ${field} ${label}`,
        method: 'POST',
        url: '/api/admin/movies',
        as: 'admin',
        json: { ...HOSTILE_MOVIE, [field]: text },
      })),
      { name: `movie edit name ${label}`, method: 'PATCH', url: '/api/admin/movies/2018-roma', as: 'admin', json: { name: text } },
      {
        name: `boards import name ${label}`,
        method: 'POST',
        url: '/api/admin/boards/import',
        as: 'admin',
        json: {
          file: Array.from({ length: 25 }, (_, i) => ({
            ...HOSTILE_MOVIE,
            id: i === 12 ? '2026-free-space' : `2026-hostile-${i}`,
            imageURL: '',
            description: '',
            starDescriptionA: '',
            starDescriptionB: '',
            name: text,
          })),
          publish: true,
        },
      },
      { name: `product edit name ${label}`, method: 'PATCH', url: `/api/products/${productId}`, as: 'admin', json: { productName: text } },
      {
        name: `product edit options ${label}`,
        method: 'PATCH',
        url: `/api/products/${productId}`,
        as: 'staff',
        json: { vinylColors: [text] },
      },
      {
        name: `product create JSON name ${label}`,
        method: 'POST',
        url: '/api/products',
        as: 'staff',
        json: { productName: text, productCode: 'HOSTILE2', price: 1, stock: 1 },
      },
      {
        name: `staff name ${label}`,
        method: 'POST',
        url: '/api/staff',
        as: 'admin',
        json: { name: text, email: 'new@test.local', password: 'fine-password-1' },
      },
      {
        name: `staff e-mail ${label}`,
        method: 'POST',
        url: '/api/staff',
        as: 'admin',
        json: { name: 'Ann', email: text, password: 'fine-password-1' },
      },
      {
        name: `staff phone ${label}`,
        method: 'POST',
        url: '/api/staff',
        as: 'admin',
        json: { name: 'Ann', email: 'new@test.local', phoneNumber: text, password: 'fine-password-1' },
      },
      {
        name: `checkout option ${label}`,
        method: 'POST',
        url: '/api/create-checkout-session',
        json: [{ product: { id: productId }, quantity: 1, selectedShirtSize: text }],
      },
      {
        name: `setup name ${label}`,
        method: 'POST',
        url: '/api/setup',
        json: { token: 'x', name: text, email: 'eve@test.local', password: 'fine-password-1' },
      },
      {
        name: `setup e-mail ${label}`,
        method: 'POST',
        url: '/api/setup',
        json: { token: 'x', name: 'Eve', email: text, password: 'fine-password-1' },
      },
      // Too short, too long or both: never a password the account ends up with.
      {
        name: `staff password ${label}`,
        method: 'POST',
        url: `/api/staff/${staffId}/password`,
        as: 'admin',
        json: { password: text.slice(0, 7) },
      },
    );
  }

  for (const [label, value] of NASTY_VALUES) {
    const query = encodeURIComponent(String(value));
    list.push(
      { name: `clips limit ${label}`, method: 'GET', url: `/api/clips?limit=${query}` },
      { name: `all clips limit and sort ${label}`, method: 'GET', url: `/api/clips/all?limit=${query}&sort=${query}`, as: 'admin' },
      { name: `products page ${label}`, method: 'GET', url: `/api/products?page=${query}&pageSize=${query}` },
      { name: `tmdb poster ${label}`, method: 'PUT', url: '/api/admin/movies/2018-roma/poster', as: 'admin', json: { tmdbId: value } },
      { name: `board create year ${label}`, method: 'POST', url: '/api/admin/boards', as: 'admin', json: { year: value } },
      {
        name: `boards import file ${label}`,
        method: 'POST',
        url: '/api/admin/boards/import',
        as: 'admin',
        json: { file: value, publish: true },
      },
      {
        name: `boards import flags ${label}`,
        method: 'POST',
        url: '/api/admin/boards/import',
        as: 'admin',
        json: { file: [], publish: value },
      },
      { name: `board slots body ${label}`, method: 'PUT', url: '/api/admin/boards/2018/slots', as: 'admin', json: { slots: value } },
      { name: `movie search limit ${label}`, method: 'GET', url: `/api/admin/movies?limit=${query}`, as: 'admin' },
      { name: `movie year ${label}`, method: 'PATCH', url: '/api/admin/movies/2018-roma', as: 'admin', json: { year: value } },
      // -0 stars is 0 stars, a rating a movie may have: that one would be created.
      ...(Object.is(value, -0)
        ? []
        : [
            {
              name: `movie create rating ${label}`,
              method: 'POST',
              url: '/api/admin/movies',
              as: 'admin',
              json: { ...HOSTILE_MOVIE, starRatingA: value },
            } as const,
          ]),
      {
        name: `checkout quantity ${label}`,
        method: 'POST',
        url: '/api/create-checkout-session',
        json: [{ product: { id: productId }, quantity: value }],
      },
      { name: `checkout body ${label}`, method: 'POST', url: '/api/create-checkout-session', json: value },
      { name: `product price ${label}`, method: 'PATCH', url: `/api/products/${productId}`, as: 'admin', json: { price: value } },
      { name: `product stock ${label}`, method: 'PATCH', url: `/api/products/${productId}`, as: 'admin', json: { stock: value } },
      { name: `sign-in body ${label}`, method: 'POST', url: '/api/auth/sign-in/email', json: { email: value, password: value } },
      { name: `sign-out body ${label}`, method: 'POST', url: '/api/auth/sign-out', json: value, harmless: true },
      { name: `staff body ${label}`, method: 'POST', url: '/api/staff', as: 'admin', json: value },
      {
        name: `staff password value ${label}`,
        method: 'POST',
        url: `/api/staff/${staffId}/password`,
        as: 'admin',
        json: { password: typeof value === 'string' ? value.slice(0, 7) : value },
      },
      { name: `clip edit body ${label}`, method: 'PATCH', url: `/api/clips/${UNKNOWN_ID}`, as: 'admin', json: { title: value } },
      { name: `media range end ${label}`, method: 'GET', url: `/media/${videoKey}`, headers: { range: `bytes=0-${String(value)}` } },
    );
  }

  // Cursors: dates PostgreSQL cannot store, forged shapes.
  for (const at of ['-100000-01-01T00:00:00.000Z', '+275760-09-13T00:00:00.000Z', '0000-01-01T00:00:00.000Z', 'not a date', '']) {
    list.push(
      { name: `clip cursor ${at}`, method: 'GET', url: `/api/clips?cursor=${cursorOf(at)}` },
      { name: `my clips cursor ${at}`, method: 'GET', url: `/api/me/clips?cursor=${cursorOf(at)}`, as: 'admin' },
      { name: `all clips cursor ${at}`, method: 'GET', url: `/api/clips/all?cursor=${cursorOf(at)}`, as: 'admin' },
    );
  }
  for (const cursor of [
    '%00',
    'x'.repeat(300),
    Buffer.from('[1,2,3]').toString('base64url'),
    Buffer.from('{"__proto__":1}').toString('base64url'),
    cursorOf('2024-01-01T00:00:00.000Z', '\u0000'),
  ]) {
    list.push({ name: `clip cursor raw ${cursor.slice(0, 12)}`, method: 'GET', url: `/api/clips?cursor=${cursor}` });
  }

  // Bodies: deeply nested, huge, wrong type, broken JSON.
  list.push(
    ...badBodies('POST', '/api/auth/sign-in/email', 'anonymous'),
    ...badBodies('POST', '/api/auth/sign-out', 'anonymous'),
    ...badBodies('POST', '/api/staff', 'admin'),
    ...badBodies('POST', `/api/staff/${staffId}/password`, 'admin'),
    ...badBodies('POST', '/api/create-checkout-session', 'anonymous'),
    ...badBodies('POST', '/api/setup', 'anonymous'),
    ...badBodies('POST', '/api/products', 'staff'),
    ...badBodies('PATCH', `/api/products/${productId}`, 'staff'),
    ...badBodies('PATCH', `/api/clips/${clipId}`, 'admin'),
    ...badBodies('POST', '/api/admin/boards', 'admin'),
    ...badBodies('PUT', '/api/admin/boards/2018/slots', 'admin'),
    ...badBodies('POST', '/api/admin/movies', 'admin'),
    ...badBodies('PATCH', '/api/admin/movies/2018-roma', 'admin'),
    ...badBodies('POST', '/api/admin/boards/import', 'admin'),
  );

  // Truncated and malformed multipart (upload, product form, product image).
  const clip = clipForm('Sinners');
  const image = multipart([{ name: 'image', filename: 'a.png', contentType: 'image/png', data: PNG_BYTES }]);
  const product = productForm('description', 'fine');
  const poster = multipart([{ name: 'poster', filename: 'a.png', contentType: 'image/png', data: PNG_BYTES }]);
  for (const [label, form, url, method, field] of [
    ['upload', clip, '/api/clips', 'POST', 'video'],
    ['product form', product, '/api/products', 'POST', 'image'],
    ['product image', image, `/api/products/${productId}/image`, 'PUT', 'image'],
    ['movie poster', poster, '/api/admin/movies/2018-roma/poster', 'PUT', 'poster'],
  ] as const) {
    // Parts busboy skips (issue 33): no Content-Disposition, or one that is not form-data.
    const boundary = 'hostile-part';
    const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    const onePart = (partHeaders: string) =>
      Buffer.concat([Buffer.from(`--${boundary}\r\n${partHeaders}\r\n\r\n`), PNG_BYTES, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    list.push(
      { name: `${label} part without Content-Disposition`, method, url, as: 'admin', raw: onePart('Content-Type: image/png'), headers },
      {
        name: `${label} attachment part`,
        method,
        url,
        as: 'admin',
        raw: onePart(`Content-Disposition: attachment; name="${field}"; filename="a.png"\r\nContent-Type: image/png`),
        headers,
      },
      { name: `${label} part without headers`, method, url, as: 'admin', raw: onePart(''), headers },
    );
    for (const keep of [10, 60, Math.floor(form.payload.length / 2), form.payload.length - 5]) {
      list.push({ name: `${label} truncated at ${keep}`, method, url, as: 'admin', ...truncated(form, keep) });
    }
    list.push(
      {
        name: `${label} wrong boundary`,
        method,
        url,
        as: 'admin',
        raw: form.payload,
        headers: { 'content-type': 'multipart/form-data; boundary=nope' },
      },
      { name: `${label} no boundary`, method, url, as: 'admin', raw: form.payload, headers: { 'content-type': 'multipart/form-data' } },
      { name: `${label} garbage`, method, url, as: 'admin', raw: Buffer.from('\u0000\u0001garbage\r\n\r\n--'), headers: form.headers },
      {
        name: `${label} header without end`,
        method,
        url,
        as: 'admin',
        raw: `--${form.headers['content-type']?.split('boundary=')[1] ?? ''}\r\nContent-Disposition: form-data; name="title"`,
        headers: form.headers,
      },
    );
  }

  // Someone else's clip, an admin's own account, routes that do not exist.
  list.push(
    { name: 'staff deletes an admin clip', method: 'DELETE', url: `/api/clips/${clipId}`, as: 'staff' },
    { name: 'staff renames an admin clip', method: 'PATCH', url: `/api/clips/${clipId}`, as: 'staff', json: { title: 'Mine now' } },
    { name: 'staff lists all clips', method: 'GET', url: '/api/clips/all', as: 'staff' },
    { name: 'staff unpublishes a board', method: 'POST', url: '/api/admin/boards/2018/unpublish', as: 'staff' },
    { name: 'staff creates a board', method: 'POST', url: '/api/admin/boards', as: 'staff', json: { year: 2030 } },
    { name: 'staff renames a movie', method: 'PATCH', url: '/api/admin/movies/2018-roma', as: 'staff', json: { name: 'Mine' } },
    {
      name: 'a published board rearranged',
      method: 'PUT',
      url: '/api/admin/boards/2018/slots',
      as: 'admin',
      json: { slots: Array(25).fill(null) },
    },
    { name: 'a published board deleted', method: 'DELETE', url: '/api/admin/boards/2018', as: 'admin' },
    { name: 'a poster that is not a picture', method: 'PUT', url: '/api/admin/movies/2018-roma/poster', as: 'admin', ...formCase(poster) },
    { name: 'staff enables an account', method: 'POST', url: `/api/staff/${adminId}/enable`, as: 'staff', json: {} },
    {
      name: 'staff resets the admin password',
      method: 'POST',
      url: `/api/staff/${adminId}/password`,
      as: 'staff',
      json: { password: 'taken-over-123' },
    },
    { name: 'admin disables themself', method: 'POST', url: `/api/staff/${adminId}/disable`, as: 'admin', json: {} },
    { name: 'enable an unknown account', method: 'POST', url: `/api/staff/${UNKNOWN_ID}/enable`, as: 'admin', json: {} },
    { name: 'product delete (no such route)', method: 'DELETE', url: `/api/products/${productId}`, as: 'admin' },
    // No hoarding (decision 192): one line, or lines together, above MAX_UNITS_PER_ORDER (10).
    {
      name: 'checkout of 500 units',
      method: 'POST',
      url: '/api/create-checkout-session',
      json: [{ product: { id: productId }, quantity: 500 }],
    },
    {
      name: 'checkout of 11 lines of one unit',
      method: 'POST',
      url: '/api/create-checkout-session',
      json: Array.from({ length: 11 }, () => ({ product: { id: productId }, quantity: 1 })),
    },
    { name: 'clip delete unknown', method: 'DELETE', url: `/api/clips/${UNKNOWN_ID}`, as: 'admin' },
    {
      name: 'product lookup, too many ids',
      method: 'GET',
      url: `/api/products/lookup?ids=${Array.from({ length: 500 }, () => productId).join(',')}${','.repeat(2000)}x`,
    },
    { name: 'product lookup, repeated parameter', method: 'GET', url: `/api/products/lookup?ids=${productId}&ids=${productId}` },
    { name: 'product lookup, bracket parameter', method: 'GET', url: `/api/products/lookup?ids[]=${productId}` },
    { name: 'products manage, unknown query', method: 'GET', url: '/api/products/manage?__proto__[x]=1&page=-1', as: 'staff' },
    { name: 'upload limits, hostile query', method: 'GET', url: '/api/clips/upload-limits?__proto__=%00&constructor[prototype]=1' },
    { name: 'upload limits, posted', method: 'POST', url: '/api/clips/upload-limits', json: { maxClipBytes: 1e308 } },
    { name: 'healthz, hostile query', method: 'GET', url: `/healthz?x=%00&y=${'z'.repeat(5000)}` },
    { name: 'healthz, posted', method: 'POST', url: '/healthz', json: {} },
    {
      name: 'readyz, odd accept',
      method: 'GET',
      url: '/readyz',
      headers: { accept: '\u0000/\u0000', 'accept-encoding': 'br;q=NaN, gzip;q=-1' },
    },
    { name: 'api docs styles, hostile query', method: 'GET', url: '/api/docs/styles.css?%00=%00' },
    {
      name: 'api docs, odd accept-encoding',
      method: 'GET',
      url: '/api/docs',
      headers: { 'accept-encoding': `${'x;q=0.1, '.repeat(500)}br` },
    },
    {
      name: 'openapi, conditional garbage',
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'if-none-match': '"\u0000"', 'if-modified-since': 'NaN' },
    },
    { name: 'openapi, posted', method: 'POST', url: '/api/openapi.json', json: { openapi: '9' } },
    {
      name: 'share image, bad format',
      method: 'GET',
      url: `/share/${encodeShareCode(
        2024,
        Array.from({ length: 25 }, () => true),
      )}.png?format=%00`,
    },
    { name: 'share image, huge code', method: 'GET', url: `/share/${'A'.repeat(5000)}.png` },
    { name: 'clip page, unknown clip', method: 'GET', url: `/clip/${UNKNOWN_ID}`, html: true },
  );

  // The probe's edges (issue 33), besides the multipart parts and C1 text above.
  const draftShareCode = encodeShareCode(
    2031,
    Array.from({ length: 25 }, () => true),
  );
  const fictionalBoardFile = (year: number) =>
    Array.from({ length: 25 }, (_, i) => ({
      ...HOSTILE_MOVIE,
      year,
      id: i === 12 ? `${year}-free-space` : `${year}-hostile-${i}`,
      name: i === 12 ? 'Free Space' : `Hostile ${i}`,
      imageURL: '',
      description: '',
      starDescriptionA: '',
      starDescriptionB: '',
    }));
  list.push(
    { name: 'share image of a draft year', method: 'GET', url: `/share/${draftShareCode}.png` },
    { name: 'board year past the movies’ last year', method: 'POST', url: '/api/admin/boards', as: 'admin', json: { year: 2101 } },
    { name: 'board year a share code holds, no movie can', method: 'POST', url: '/api/admin/boards', as: 'admin', json: { year: 2255 } },
    {
      name: 'boards import of 2101',
      method: 'POST',
      url: '/api/admin/boards/import',
      as: 'admin',
      json: { file: fictionalBoardFile(2101), publish: false },
    },
    { name: 'a method the path does not take (PUT /api/clips)', method: 'PUT', url: '/api/clips', as: 'staff', json: {} },
    { name: 'a method the path does not take (DELETE /api/boards)', method: 'DELETE', url: '/api/boards', as: 'admin' },
    { name: 'a method the path does not take (GET sign-in)', method: 'GET', url: '/api/auth/sign-in/email' },
    { name: 'a method the path does not take (OPTIONS products)', method: 'OPTIONS', url: '/api/products' },
    { name: 'a method the path does not take (PATCH a page)', method: 'PATCH', url: '/about', json: {} },
    // Cookie-authenticated writes with neither Origin nor Sec-Fetch-Site: refused as cross-site.
    {
      name: 'admin creates a board without Origin',
      method: 'POST',
      url: '/api/admin/boards',
      as: 'admin',
      noOrigin: true,
      json: { year: 2040 },
    },
    {
      name: 'staff creates a product without Origin',
      method: 'POST',
      url: '/api/products',
      as: 'staff',
      noOrigin: true,
      json: { productName: 'No Origin', productCode: 'NOORIGIN1', price: 1, stock: 1 },
    },
    {
      name: 'staff uploads a clip without Origin',
      method: 'POST',
      url: '/api/clips',
      as: 'staff',
      noOrigin: true,
      ...formCase(clipForm('Sinners')),
    },
    { name: 'admin deletes a clip without Origin', method: 'DELETE', url: `/api/clips/${clipId}`, as: 'admin', noOrigin: true },
    {
      name: 'admin creates a board with Sec-Fetch-Site none',
      method: 'POST',
      url: '/api/admin/boards',
      as: 'admin',
      headers: { 'sec-fetch-site': 'none' },
      json: { year: 2040 },
    },
  );

  // Range and conditional headers on a real media file.
  for (const range of [
    'bytes=0-1,2-3',
    'bytes=-0',
    'bytes=5-2',
    `bytes=${'9'.repeat(40)}-`,
    'bytes=--1',
    'items=0-1',
    'bytes=0-0, 0-0',
    'bytes=\u0000',
  ]) {
    list.push({ name: `media range ${JSON.stringify(range)}`, method: 'GET', url: `/media/${videoKey}`, headers: { range } });
  }
  list.push(
    {
      name: 'media if-range garbage',
      method: 'GET',
      url: `/media/${videoKey}`,
      headers: { range: 'bytes=0-1', 'if-range': 'Sat, 99 Foo 99999 99:99:99 GMT' },
    },
    { name: 'media if-modified-since garbage', method: 'GET', url: `/media/${videoKey}`, headers: { 'if-modified-since': '-1' } },
    { name: 'media if-none-match huge', method: 'HEAD', url: `/media/${videoKey}`, headers: { 'if-none-match': '"x",'.repeat(2000) } },
    { name: 'media traversal in key', method: 'GET', url: `/media/..%2F..%2F${videoKey}` },
    { name: 'media posted', method: 'POST', url: `/media/${videoKey}`, raw: 'x', headers: { 'content-type': 'text/plain' } },
  );

  // Forged cookies and signatures.
  for (const cookie of FORGED_COOKIES) {
    const label = cookie.slice(0, 24);
    list.push(
      { name: `staff list with cookie ${label}`, method: 'GET', url: '/api/staff', headers: { cookie } },
      { name: `get-session with cookie ${label}`, method: 'GET', url: '/api/auth/get-session', headers: { cookie } },
      { name: `sign-out with cookie ${label}`, method: 'POST', url: '/api/auth/sign-out', headers: { cookie }, json: {}, harmless: true },
      { name: `all clips with cookie ${label}`, method: 'GET', url: '/api/clips/all', headers: { cookie } },
      { name: `clip delete with cookie ${label}`, method: 'DELETE', url: `/api/clips/${clipId}`, headers: { cookie } },
      { name: `staff enable with cookie ${label}`, method: 'POST', url: `/api/staff/${staffId}/enable`, headers: { cookie }, json: {} },
      { name: `products manage with cookie ${label}`, method: 'GET', url: '/api/products/manage', headers: { cookie } },
    );
  }
  const signedEvent = (data: unknown) => {
    const payload = JSON.stringify({ id: 'evt_hostile', object: 'event', type: 'checkout.session.completed', data });
    return {
      raw: payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signStripePayload(payload, WEBHOOK_SECRET) },
    };
  };
  list.push(
    {
      name: 'webhook without signature',
      method: 'POST',
      url: '/api/webhooks/stripe',
      raw: '{}',
      headers: { 'content-type': 'application/json' },
    },
    {
      name: 'webhook forged signature',
      method: 'POST',
      url: '/api/webhooks/stripe',
      raw: '{}',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
    },
    { name: 'webhook signed, no data.object', method: 'POST', url: '/api/webhooks/stripe', ...signedEvent({}) },
    { name: 'webhook signed, data null', method: 'POST', url: '/api/webhooks/stripe', ...signedEvent(null) },
    {
      name: 'webhook signed, object without id',
      method: 'POST',
      url: '/api/webhooks/stripe',
      ...signedEvent({ object: { metadata: { order_id: 5 } } }),
    },
    {
      name: 'webhook signed, NUL session id',
      method: 'POST',
      url: '/api/webhooks/stripe',
      ...signedEvent({ object: { id: 'cs_\u0000' } }),
    },
    {
      name: 'webhook signed, negative amount',
      method: 'POST',
      url: '/api/webhooks/stripe',
      ...signedEvent({ object: { id: 'cs_test_x', amount_total: -5, payment_status: 'paid' } }),
    },
    {
      name: 'webhook signed, NUL currency for a pending order',
      method: 'POST',
      url: '/api/webhooks/stripe',
      ...signedEvent({
        object: {
          id: pending.sessionId,
          metadata: { order_id: pending.orderId },
          payment_status: 'paid',
          amount_total: 1,
          currency: 'us\u0000d',
        },
      }),
    },
    { name: 'test checkout with the Stripe provider', method: 'GET', url: '/checkout/test/test_cs_0123456789abcdef', html: true },
  );
  list.push(...leagueCases(league));
  return list;
}

/** Leagues with a real league, its owner's and a member's cookies (what the generated fuzz cannot know). */
function leagueCases({ code, owner, ownerId, member, memberId, movieId }: LeagueFixtures): Case[] {
  const list: Case[] = [];
  const as = (cookie: string) => ({ cookie });
  const change = { movieId, seen: true, at: '2026-05-01T10:00:00.000Z' };
  const refused: [string, string][] = [...REFUSED_STRINGS, ['RTL override', '\u202eevil'], ['blank', '   ']];
  for (const [label, text] of refused) {
    list.push(
      { name: `join nickname ${label}`, method: 'POST', url: `/api/leagues/${code}/members`, json: { nickname: text } },
      { name: `create nickname ${label}`, method: 'POST', url: '/api/leagues', json: { name: 'Club', year: 2025, nickname: text } },
      { name: `create name ${label}`, method: 'POST', url: '/api/leagues', json: { name: text, year: 2025, nickname: 'Ana' } },
      { name: `rename ${label}`, method: 'PATCH', url: `/api/leagues/${code}`, headers: as(owner), json: { name: text } },
      {
        name: `mark movie id ${label}`,
        method: 'PUT',
        url: '/api/me/marks',
        headers: as(member),
        json: { changes: [{ ...change, movieId: text }] },
      },
      { name: `league code ${label}`, method: 'GET', url: `/api/leagues/${urlText(text)}`, headers: as(member) },
      { name: `remove member ${label}`, method: 'DELETE', url: `/api/leagues/${code}/members/${urlText(text)}`, headers: as(owner) },
      { name: `device link ${label}`, method: 'POST', url: `/api/me/links/${urlText(text)}` },
    );
  }
  for (const [label, value] of NASTY_VALUES) {
    list.push(
      { name: `mark at ${label}`, method: 'PUT', url: '/api/me/marks', headers: as(member), json: { changes: [{ ...change, at: value }] } },
      { name: `create year ${label}`, method: 'POST', url: '/api/leagues', json: { name: 'Club', year: value, nickname: 'Ana' } },
    );
    // `true` is a valid seen, and `[]` a valid list of changes.
    if (label !== 'true') {
      list.push({
        name: `mark seen ${label}`,
        method: 'PUT',
        url: '/api/me/marks',
        headers: as(member),
        json: { changes: [{ ...change, seen: value }] },
      });
    }
    if (label !== 'array') {
      list.push({ name: `marks changes ${label}`, method: 'PUT', url: '/api/me/marks', headers: as(member), json: { changes: value } });
    }
  }
  list.push(
    {
      name: 'mark of an unknown movie',
      method: 'PUT',
      url: '/api/me/marks',
      headers: as(member),
      json: { changes: [{ ...change, movieId: '1999-no-such-movie' }] },
    },
    {
      name: 'mark of a draft board',
      method: 'PUT',
      url: '/api/me/marks',
      headers: as(member),
      json: { changes: [{ ...change, movieId: '2031-free-space' }] },
    },
    {
      name: '501 marks',
      method: 'PUT',
      url: '/api/me/marks',
      headers: as(member),
      json: { changes: Array.from({ length: 501 }, () => change) },
    },
    {
      name: 'mark at a date PostgreSQL cannot store',
      method: 'PUT',
      url: '/api/me/marks',
      headers: as(member),
      json: { changes: [{ ...change, at: '+275760-09-13T00:00:00.000Z' }] },
    },
    { name: 'a league of no published year', method: 'POST', url: '/api/leagues', json: { name: 'Club', year: 2031, nickname: 'Ana' } },
    { name: 'join with a taken nickname', method: 'POST', url: `/api/leagues/${code}/members`, json: { nickname: 'OWNER' } },
    { name: 'member removes someone', method: 'DELETE', url: `/api/leagues/${code}/members/${memberId}`, headers: as(member) },
    { name: 'member renames', method: 'PATCH', url: `/api/leagues/${code}`, headers: as(member), json: { name: 'Mine' } },
    { name: 'member rotates the code', method: 'POST', url: `/api/leagues/${code}/code`, headers: as(member) },
    { name: 'member draws', method: 'POST', url: `/api/leagues/${code}/draws`, headers: as(member) },
    { name: 'member closes', method: 'DELETE', url: `/api/leagues/${code}`, headers: as(member) },
    { name: 'owner removes an unknown member', method: 'DELETE', url: `/api/leagues/${code}/members/${UNKNOWN_ID}`, headers: as(owner) },
    { name: 'owner removes themself', method: 'DELETE', url: `/api/leagues/${code}/members/${ownerId}`, headers: as(owner) },
    {
      name: 'events with a forged cookie',
      method: 'GET',
      url: `/api/leagues/${code}/events`,
      headers: as(`mingo_player=${'A'.repeat(43)}`),
    },
    {
      name: 'events of an outsider with a hostile Last-Event-ID',
      method: 'GET',
      url: `/api/leagues/${code}/events`,
      headers: { 'last-event-id': '-1\r\nevent: x' },
    },
    { name: 'forged player cookie', method: 'GET', url: '/api/me', headers: as(`mingo_player=${'x'.repeat(5000)}; mingo_player=%00`) },
    // The player's cookie on a write with neither Origin nor Sec-Fetch-Site (issue 33).
    { name: 'marks without Origin', method: 'PUT', url: '/api/me/marks', headers: as(member), noOrigin: true, json: { changes: [change] } },
    {
      name: 'a league created without Origin',
      method: 'POST',
      url: '/api/leagues',
      headers: as(member),
      noOrigin: true,
      json: { name: 'Club', year: 2025, nickname: 'Ana' },
    },
    { name: 'leaving without Origin', method: 'DELETE', url: `/api/leagues/${code}/members/me`, headers: as(member), noOrigin: true },
    { name: 'forget me without Origin', method: 'DELETE', url: '/api/me', headers: as(member), noOrigin: true },
    {
      name: 'a second join of an unknown code',
      method: 'POST',
      url: '/api/leagues/ZZZZZZ/members',
      headers: as(member),
      json: { nickname: 'Zed' },
    },
  );
  return list;
}

type TestProviderFixtures = { pendingSession: string; paidOrderId: string; pendingOrderId: string };

/** The test provider's hosted checkout and the admin's order routes. */
function testProviderCases({ pendingSession, paidOrderId, pendingOrderId }: TestProviderFixtures): Case[] {
  const list: Case[] = [];
  const address = {
    email: 'ada@test.local',
    name: 'Ada Fan',
    line1: '1 Main St',
    city: 'Springfield',
    state: 'IL',
    postalCode: '62701',
    country: 'US',
  };
  const pay = `/checkout/test/${pendingSession}/pay`;
  const card = { ...address, cardNumber: '4242424242424242' };

  for (const [label, text] of [...REFUSED_STRINGS, ...LOOKUP_STRINGS]) {
    const encoded = urlText(text);
    list.push(
      { name: `test checkout page ${label}`, method: 'GET', url: `/checkout/test/${encoded}`, html: true },
      { name: `test checkout pay session ${label}`, method: 'POST', url: `/checkout/test/${encoded}/pay`, form: card, html: true },
      { name: `test checkout cancel session ${label}`, method: 'POST', url: `/checkout/test/${encoded}/cancel`, html: true },
      { name: `test checkout styles ${label}`, method: 'GET', url: `/checkout/test/styles.css?v=${encoded}` },
      { name: `order detail ${label}`, method: 'GET', url: `/api/orders/${encoded}`, as: 'admin' },
      { name: `order ship id ${label}`, method: 'POST', url: `/api/orders/${encoded}/ship`, as: 'admin', json: {} },
      { name: `order refund id ${label}`, method: 'POST', url: `/api/orders/${encoded}/refund`, as: 'admin', json: {} },
      { name: `orders status ${label}`, method: 'GET', url: `/api/orders?status=${encoded}`, as: 'admin' },
      { name: `orders export status ${label}`, method: 'GET', url: `/api/orders/export.csv?status=${encoded}`, as: 'admin' },
    );
  }

  for (const [label, text] of REFUSED_STRINGS) {
    list.push(
      { name: `ship carrier ${label}`, method: 'POST', url: `/api/orders/${paidOrderId}/ship`, as: 'admin', json: { carrier: text } },
      {
        name: `ship tracking number ${label}`,
        method: 'POST',
        url: `/api/orders/${paidOrderId}/ship`,
        as: 'admin',
        json: { carrier: 'UPS', trackingNumber: text },
      },
    );
    // Form bodies are UTF-8 bytes: a lone surrogate cannot travel there.
    if (!isWellFormedText(text)) continue;
    const short = text.slice(0, 900);
    for (const field of ['email', 'name', 'line1', 'line2', 'city', 'state', 'postalCode', 'country', 'cardNumber']) {
      list.push({ name: `test checkout pay ${field} ${label}`, method: 'POST', url: pay, form: { ...card, [field]: short }, html: true });
    }
  }

  for (const [label, value] of NASTY_VALUES) {
    const query = encodeURIComponent(String(value));
    list.push(
      { name: `orders page ${label}`, method: 'GET', url: `/api/orders?page=${query}`, as: 'admin' },
      // (`{}` is a valid ship request, so it is sent for an unknown order.)
      {
        name: `ship body ${label}`,
        method: 'POST',
        url: `/api/orders/${label === 'object' ? UNKNOWN_ID : paidOrderId}/ship`,
        as: 'admin',
        json: value,
      },
    );
    // Text such as "NaN" is a carrier name like any other.
    if (typeof value !== 'string') {
      list.push({
        name: `ship carrier value ${label}`,
        method: 'POST',
        url: `/api/orders/${paidOrderId}/ship`,
        as: 'admin',
        json: { carrier: value, trackingNumber: value },
      });
    }
  }

  list.push(
    ...badBodies('POST', `/api/orders/${paidOrderId}/ship`, 'admin'),
    { name: 'test checkout pay, wrong card', method: 'POST', url: pay, form: { ...card, cardNumber: '4000000000000002' }, html: true },
    { name: 'test checkout pay, no fields', method: 'POST', url: pay, form: {}, html: true },
    { name: 'test checkout pay, unknown country', method: 'POST', url: pay, form: { ...card, country: 'XX' }, html: true },
    { name: 'test checkout pay, 5 kB form', method: 'POST', url: pay, form: { ...card, line2: 'x'.repeat(5000) }, html: true },
    {
      name: 'test checkout pay, 100 fields',
      method: 'POST',
      url: pay,
      form: Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`f${i}`, 'x'])),
      html: true,
    },
    {
      name: 'test checkout pay, JSON with objects',
      method: 'POST',
      url: pay,
      json: { ...card, name: { $gt: '' }, city: ['a', 'b'] },
      html: true,
    },
    {
      name: 'test checkout pay, multipart body',
      method: 'POST',
      url: pay,
      ...formCase(multipart([{ name: 'name', value: 'Ada' }])),
      html: true,
    },
    {
      name: 'test checkout pay, broken encoding',
      method: 'POST',
      url: pay,
      raw: 'name=%E0%A4%A&email=%',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      html: true,
    },
    {
      name: 'test checkout pay, cross-site',
      method: 'POST',
      url: pay,
      form: card,
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    },
    {
      name: 'test checkout cancel, cross-site',
      method: 'POST',
      url: `/checkout/test/${pendingSession}/cancel`,
      headers: { 'sec-fetch-site': 'cross-site' },
    },
    { name: 'test checkout cancel, unknown session', method: 'POST', url: '/checkout/test/test_cs_0123456789abcdef/cancel', html: true },
    { name: 'test checkout page, unknown session', method: 'GET', url: '/checkout/test/test_cs_0123456789abcdef', html: true },
    { name: 'test checkout page, huge id', method: 'GET', url: `/checkout/test/${'a'.repeat(5000)}`, html: true },
    { name: 'test checkout styles, posted', method: 'POST', url: '/checkout/test/styles.css', json: {} },
    { name: 'refund a pending order', method: 'POST', url: `/api/orders/${pendingOrderId}/refund`, as: 'admin', json: { amount: -1 } },
    { name: 'ship a pending order', method: 'POST', url: `/api/orders/${pendingOrderId}/ship`, as: 'admin', json: { carrier: 'UPS' } },
    {
      name: 'ship with unknown fields',
      method: 'POST',
      url: `/api/orders/${paidOrderId}/ship`,
      as: 'admin',
      json: { carrier: 'UPS', status: 'refunded' },
    },
    { name: 'ship an unknown order', method: 'POST', url: `/api/orders/${UNKNOWN_ID}/ship`, as: 'admin', json: {} },
    { name: 'refund an unknown order', method: 'POST', url: `/api/orders/${UNKNOWN_ID}/refund`, as: 'admin', json: {} },
    // Partial refunds (decision 192): lines the order does not have, more units than were bought,
    // a line named twice, and bodies the contract refuses; nothing may be refunded.
    ...(
      [
        ['no lines', { lines: [] }],
        ['lines not a list', { lines: 'all' }],
        ['line 0', { lines: [{ line: 0, quantity: 1 }] }],
        ['line as text', { lines: [{ line: '1', quantity: 1 }] }],
        ['negative quantity', { lines: [{ line: 1, quantity: -1 }] }],
        ['zero quantity', { lines: [{ line: 1, quantity: 0 }] }],
        ['fractional quantity', { lines: [{ line: 1, quantity: 0.5 }] }],
        ['huge quantity', { lines: [{ line: 1, quantity: 1e12 }] }],
        ['an amount of its own', { lines: [{ line: 1, quantity: 1, amount: 1 }] }],
        ['an amount beside the lines', { lines: [{ line: 1, quantity: 1 }], amount: 99_999 }],
        ['51 lines', { lines: Array.from({ length: 51 }, (_, index) => ({ line: index + 1, quantity: 1 })) }],
        ['a line the order does not have', { lines: [{ line: 7, quantity: 1 }] }],
        ['more units than bought', { lines: [{ line: 1, quantity: 500 }] }],
        [
          'a line named twice',
          {
            lines: [
              { line: 1, quantity: 1 },
              { line: 1, quantity: 1 },
            ],
          },
        ],
      ] as const
    ).map(([label, json]): Case => ({
      name: `partial refund, ${label}`,
      method: 'POST',
      url: `/api/orders/${paidOrderId}/refund`,
      as: 'admin',
      json,
    })),
    {
      name: 'partial refund of a pending order',
      method: 'POST',
      url: `/api/orders/${pendingOrderId}/refund`,
      as: 'admin',
      json: { lines: [{ line: 1, quantity: 1 }] },
    },
    { name: 'staff ships an order', method: 'POST', url: `/api/orders/${paidOrderId}/ship`, as: 'staff', json: {} },
    { name: 'staff refunds an order', method: 'POST', url: `/api/orders/${paidOrderId}/refund`, as: 'staff', json: {} },
    { name: 'staff exports orders', method: 'GET', url: '/api/orders/export.csv', as: 'staff' },
    { name: 'orders, unknown query', method: 'GET', url: '/api/orders?page=1&drop=table', as: 'admin' },
    { name: 'orders, repeated status', method: 'GET', url: '/api/orders?status=paid&status=shipped', as: 'admin' },
    { name: 'orders export, unknown query', method: 'GET', url: '/api/orders/export.csv?status=paid&format=xlsx', as: 'admin' },
    { name: 'orders export, repeated status', method: 'GET', url: '/api/orders/export.csv?status=paid&status=paid', as: 'admin' },
  );
  for (const cookie of FORGED_COOKIES) {
    const label = cookie.slice(0, 24);
    list.push(
      { name: `orders with cookie ${label}`, method: 'GET', url: '/api/orders', headers: { cookie } },
      {
        name: `order refund with cookie ${label}`,
        method: 'POST',
        url: `/api/orders/${paidOrderId}/refund`,
        headers: { cookie },
        json: {},
      },
      { name: `orders export with cookie ${label}`, method: 'GET', url: '/api/orders/export.csv', headers: { cookie } },
    );
  }
  return list;
}

type Sessions = { admin: Record<string, string>; staff: Record<string, string> };

/** Sends every case from its own client address and collects what went wrong. */
async function runCases(t: TestApp, cases: Case[], sessions: Sessions): Promise<string[]> {
  const { snapshot } = await checksums(t);
  const media = path.join(t.dataDir, 'media');
  const filesBefore = (await filesUnder(media)).sort();
  const failures: string[] = [];
  let before = await snapshot();
  for (const [index, c] of cases.entries()) {
    const session = c.as === 'admin' ? sessions.admin : c.as === 'staff' ? sessions.staff : {};
    const headers: Record<string, string> = { origin: TEST_ORIGIN, ...session, ...c.headers };
    if (c.noOrigin === true) delete headers.origin;
    let payload: string | Buffer | undefined = c.raw;
    if (c.json !== undefined) {
      payload = JSON.stringify(c.json);
      headers['content-type'] = 'application/json';
    }
    if (c.form !== undefined) {
      payload = new URLSearchParams(c.form).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    const response = await t.app.inject({
      method: c.method,
      url: c.url,
      headers,
      remoteAddress: `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
      ...(payload === undefined ? {} : { payload }),
    });
    const status = response.statusCode;
    const contentType = String(response.headers['content-type'] ?? '');
    if (status >= 500) {
      failures.push(`${c.name}: ${status} ${response.body.slice(0, 200)}`);
      continue;
    }
    if (status === 401 && (c.as === 'admin' || c.as === 'staff'))
      failures.push(`${c.name}: refused as signed out, so it never reached the route`);
    if (status === 429) failures.push(`${c.name}: rate limited, so it never reached the route`);
    if (status >= 400) {
      const isJson = contentType.startsWith('application/json');
      if (isJson && !ErrorBodySchema.safeParse(safeJson(response.body)).success) {
        failures.push(`${c.name}: ${status} without the error shape: ${response.body.slice(0, 200)}`);
      }
      if (!isJson && !(c.html === true && contentType.startsWith('text/html')) && c.method !== 'HEAD') {
        failures.push(`${c.name}: ${status} answered with ${contentType || 'no content type'}`);
      }
    }
    if (status >= 200 && status < 300 && c.method !== 'GET' && c.method !== 'HEAD' && c.harmless !== true) {
      failures.push(`${c.name}: accepted with ${status}`);
    }
    const after = await snapshot();
    if (after !== before) failures.push(`${c.name}: the database changed`);
    before = after;
  }
  expect((await filesUnder(media)).sort()).toEqual(filesBefore);
  // The sessions the cases were sent with are still valid (none of them signed anyone out).
  expect((await t.app.inject({ method: 'GET', url: '/api/staff', headers: sessions.admin })).statusCode).toBe(200);
  expect((await t.app.inject({ method: 'GET', url: '/api/products/manage', headers: sessions.staff })).statusCode).toBe(200);
  return failures;
}

const FUZZ_PARALLEL = 8;

/**
 * Operations that answer a POST without changing anything (domain knowledge the document does not
 * carry): the import preview reports what an import would do.
 */
const READ_ONLY = new Set(['POST /api/admin/boards/import/preview']);

/** One answer over a real connection: its status, content type and body, or how the connection failed. */
type WireAnswer = { status: number; contentType: string; body: string } | { dropped: string };

function send(port: number, c: FuzzCase, headers: Record<string, string>): Promise<WireAnswer> {
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: c.method,
        path: c.url,
        agent: false,
        headers: { ...headers, ...(c.body === undefined ? {} : { 'content-length': String(c.body.length) }) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            contentType: String(response.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', (error) => resolve({ dropped: error.message }));
      },
    );
    request.on('error', (error) => resolve({ dropped: error.message }));
    request.end(c.body);
  });
}

/**
 * Sends the generated cases over real connections (so a connection the server drops shows), each
 * from its own client address (X-Forwarded-For from the trusted loopback proxy, so no per-IP
 * limit answers in the route's place), a few at a time. The database is compared after each
 * operation's cases, the media directory at the end; a session that stops working is reported and
 * replaced (a case that signed its caller out would otherwise hide the cases after it).
 */
async function runFuzz(t: TestApp, cases: FuzzCase[], sessions: Sessions, renew: () => Promise<Sessions>): Promise<string[]> {
  const started = performance.now();
  const { snapshot } = await checksums(t);
  const media = path.join(t.dataDir, 'media');
  const files = async () => (await filesUnder(media)).sort().join('\n');
  const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
  const port = Number(new URL(address).port);
  const failures: string[] = [];
  let current = sessions;
  const operations = [...new Set(cases.map((c) => c.operation))];
  let index = 0;
  const timings: [string, number][] = [];
  for (const operation of operations) {
    const operationStarted = performance.now();
    const before = await snapshot();
    const filesBefore = await files();
    const group = cases.filter((c) => c.operation === operation);
    const check = async (c: FuzzCase, n: number) => {
      const session = c.as === 'admin' ? current.admin : c.as === 'staff' ? current.staff : { origin: TEST_ORIGIN };
      const headers = { ...session, 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`, ...c.headers };
      const answer = await send(port, c, headers);
      if ('dropped' in answer) return failures.push(`${c.name}: connection dropped (${answer.dropped})`);
      const { status, contentType, body } = answer;
      if (status >= 500) return failures.push(`${c.name}: ${status} ${body.slice(0, 200)}`);
      if (status === 429) failures.push(`${c.name}: rate limited, so it never reached the route`);
      if (status >= 200 && status < 300 && c.method !== 'GET' && c.method !== 'HEAD' && !READ_ONLY.has(c.operation)) {
        failures.push(`${c.name}: accepted with ${status}`);
      }
      if (status >= 400 && c.method !== 'HEAD') {
        const isJson = contentType.startsWith('application/json');
        const shaped = isJson && ErrorBodySchema.safeParse(safeJson(body)).success;
        // Every /api refusal is in the error shape; a page may answer with the app's HTML 404 page.
        if (c.url.startsWith('/api/') ? !shaped : !shaped && !contentType.startsWith('text/html')) {
          failures.push(`${c.name}: ${status} without the error shape (${contentType}): ${body.slice(0, 200)}`);
        }
      }
      return undefined;
    };
    // A few at a time: enough to keep the server busy, few enough for a loaded 2-core machine.
    for (let start = 0; start < group.length; start += FUZZ_PARALLEL) {
      await Promise.all(group.slice(start, start + FUZZ_PARALLEL).map((c) => check(c, (index += 1))));
    }
    if ((await snapshot()) !== before) failures.push(`${operation}: the database changed`);
    if ((await files()) !== filesBefore) failures.push(`${operation}: the media files changed`);
    const stillAdmin = await t.app.inject({ method: 'GET', url: '/api/staff', headers: current.admin });
    const stillStaff = await t.app.inject({ method: 'GET', url: '/api/products/manage', headers: current.staff });
    if (stillAdmin.statusCode !== 200 || stillStaff.statusCode !== 200) {
      failures.push(`${operation}: a case ended the session it was sent with`);
      current = await renew();
    }
    timings.push([operation, performance.now() - operationStarted]);
  }
  if (process.env.FUZZ_REPORT !== undefined) {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const slowest = timings.sort(([, a], [, b]) => b - a).slice(0, 8);
    console.log(
      `fuzz: ${cases.length} requests, ${operations.length} operations, ${seconds} s; slowest ${JSON.stringify(slowest)}\n${failures.join('\n')}`,
    );
  }
  return failures;
}

/** The app's own OpenAPI document, as a client reads it. */
async function documentOf(t: TestApp): Promise<FuzzDocument> {
  const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  return response.json<FuzzDocument>();
}

/** A league with an owner and a member, and a movie of its board. */
async function leagueFixtures(t: TestApp): Promise<LeagueFixtures> {
  const cookieOf = (response: { headers: Record<string, unknown> }) => String(response.headers['set-cookie']).split(';')[0] ?? '';
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/leagues',
    headers: { origin: TEST_ORIGIN },
    payload: { name: 'Hostile league', year: 2025, nickname: 'Owner' },
  });
  expect(created.statusCode, created.body).toBe(201);
  const { code } = created.json<{ code: string }>();
  const joined = await t.app.inject({
    method: 'POST',
    url: `/api/leagues/${code}/members`,
    headers: { origin: TEST_ORIGIN },
    payload: { nickname: 'Member' },
  });
  expect(joined.statusCode, joined.body).toBe(201);
  const { members } = joined.json<{ members: { id: string; isYou: boolean }[] }>();
  const board = (await t.app.inject({ method: 'GET', url: '/api/boards/2025' })).json<{ movies: { id: string }[] }>();
  await t.app.inject({
    method: 'POST',
    url: '/api/admin/boards',
    headers: (await signedInAs(t, 'admin')).headers,
    payload: { year: 2031 },
  });
  return {
    code,
    owner: cookieOf(created),
    member: cookieOf(joined),
    memberId: members.find((m) => m.isYou)?.id ?? '',
    ownerId: members.find((m) => !m.isYou)?.id ?? '',
    movieId: board.movies[0]?.id ?? '',
  };
}

/** One checksum over every table the cases must not change. */
async function checksums(t: TestApp): Promise<{ snapshot: () => Promise<string> }> {
  const tables = await sql<{
    name: string;
  }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`.execute(
    t.database.db,
  );
  const parts = tables.rows
    .map((row) => row.name)
    .filter((name) => !UNCOUNTED.has(name))
    .map((name) => `(select md5(coalesce(string_agg(t::text, ',' order by t::text), '')) from "${name}" t)`);
  expect(parts.length).toBeGreaterThan(5);
  const query = `select ${parts.join(" || ',' || ")} as sum`;
  return { snapshot: async () => (await sql<{ sum: string }>`${sql.raw(query)}`.execute(t.database.db)).rows[0]?.sum ?? '' };
}

/** A built site as the server sees it (index.html; the boards come from the database), so the page routes exist. */
async function siteDirectory(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mingo-hostile-site-'));
  await copyFile('src/web/index.html', path.join(dir, 'index.html'));
  return dir;
}

async function sessionsOf(t: TestApp) {
  const admin = await signedInAs(t, 'admin');
  const staff = await signedInAs(t, 'staff');
  return { admin, staff, sessions: { admin: admin.headers, staff: staff.headers } };
}

describe('hostile input generated from an OpenAPI document', () => {
  it('covers an operation the day it is documented, for every role, from its schemas alone', () => {
    const document: FuzzDocument = {
      paths: {
        '/api/widgets/{id}': {
          patch: {
            operationId: 'patch /api/widgets/:id',
            description: 'Access: Admins only.',
            security: [{ sessionCookie: [] }],
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
            requestBody: {
              description: 'At most 1024 bytes.',
              required: true,
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: { name: { type: 'string', maxLength: 10 }, count: { type: 'integer', minimum: 0 } },
                    required: ['name'],
                  },
                },
              },
            },
          },
        },
      },
    };
    const cases = fuzzCases(document);
    const names = cases.map((c) => c.name);
    expect(new Set(cases.map((c) => c.as))).toEqual(new Set(['anonymous', 'staff', 'admin']));
    expect(cases.filter((c) => c.as !== 'admin')).toHaveLength(6);
    for (const expected of [
      'path id NUL',
      'body without name',
      'body name one too long',
      'body count below minimum',
      'body count fraction',
      'body one byte over its limit',
    ]) {
      expect(names).toContain(`PATCH /api/widgets/{id} as admin: ${expected}`);
    }
    // Deterministic: the same document gives the same cases (multipart boundaries aside).
    expect(fuzzCases(document).map((c) => `${c.name} ${c.url}`)).toEqual(cases.map((c) => `${c.name} ${c.url}`));
    const overLimit = cases.find((c) => c.name.endsWith('one byte over its limit'));
    expect(overLimit?.body?.length).toBe(1025);
  });
});

describe('hostile input (Stripe provider, every route but the test checkout)', () => {
  let t: TestApp;
  let stripe: FakeStripeServer;
  let siteDir: string;
  let sessions: Sessions;
  let fixtures: StripeFixtures;

  beforeAll(async () => {
    stripe = await startFakeStripeServer();
    siteDir = await siteDirectory();
    t = await createTestApp({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_hostile',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.url,
      STATIC_DIR: siteDir,
      ORDER_SWEEP_SECONDS: '0',
      // The fuzz's real connections come from loopback, each case naming its own client address.
      TRUST_PROXY: '127.0.0.1',
    });
    const signedIn = await sessionsOf(t);
    sessions = signedIn.sessions;
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
    const checkout = await postCheckout(t, [{ product: { id: product.id }, quantity: 1, selectedShirtSize: 'S' }]);
    expect(checkout.statusCode, checkout.body).toBe(200);
    const order = await t.database.db.selectFrom('orders').select(['id', 'provider_session_id']).executeTakeFirstOrThrow();
    const form = clipForm('Sinners');
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/clips',
      headers: { ...sessions.admin, ...form.headers },
      payload: form.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const clip = ClipSchema.parse(uploaded.json());
    fixtures = {
      league: await leagueFixtures(t),
      productId: product.id,
      clipId: clip.docID,
      videoKey: clip.url.split('/').pop() ?? '',
      staffId: signedIn.staff.user.id,
      adminId: signedIn.admin.user.id,
      pending: { sessionId: order.provider_session_id ?? '', orderId: order.id },
    };
  }, 60_000);

  afterAll(async () => {
    await t.close();
    await stripe.close();
    await rm(siteDir, { recursive: true, force: true });
  });

  it('has at least 150 cases', () => {
    expect(stripeCases(fixtures).length).toBeGreaterThanOrEqual(150);
  });

  it('answers every hostile request below 500 with the error shape, changing nothing', async () => {
    expect(await runCases(t, stripeCases(fixtures), sessions)).toEqual([]);
  }, 600_000);

  it('answers every operation of its OpenAPI document, fuzzed for every role, below 500, in the error shape, changing nothing', async () => {
    const document = await documentOf(t);
    const cases = fuzzCases(document);
    // Every documented operation, none left out.
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(new Set(cases.map((c) => c.operation))).toEqual(new Set(documented));
    expect(documented.length).toBeGreaterThan(60);
    expect(await runFuzz(t, cases, sessions, async () => (await sessionsOf(t)).sessions)).toEqual([]);
  }, 600_000);
});

describe('hostile input (test provider: hosted checkout and orders)', () => {
  let t: TestApp;
  let sessions: Sessions;
  let fixtures: TestProviderFixtures;

  const checkout = (productId: string) => startCheckout(t, [{ product: { id: productId }, quantity: 1 }]);

  beforeAll(async () => {
    t = await createTestApp({ PAYMENT_PROVIDER: 'test', ORDER_SWEEP_SECONDS: '0', TRUST_PROXY: '127.0.0.1' });
    sessions = (await sessionsOf(t)).sessions;
    const product = await createProductRepository(t.database.db).create({
      name: 'Poster',
      code: 'POSTER',
      description: '',
      priceCents: 1500,
      stock: 10,
      shirtSizes: [],
      shirtColors: [],
      vinylColors: [],
    });
    const pending = await checkout(product.id);
    const paid = await checkout(product.id);
    const payment = await payTestCheckout(t, paid.sessionId, { email: 'ada@test.local' });
    expect(payment.statusCode, payment.body).toBe(303);
    // The mail worker writes the receipt in the background (decision 172): let it finish before
    // the cases compare the database before and after each request.
    await allMailSent(t);
    fixtures = { pendingSession: pending.sessionId, pendingOrderId: pending.orderId, paidOrderId: paid.orderId };
  }, 60_000);

  afterAll(async () => {
    await t.close();
  });

  it('answers every hostile request below 500 with the error shape, changing nothing', async () => {
    expect(await runCases(t, testProviderCases(fixtures), sessions)).toEqual([]);
  }, 600_000);

  it('answers every operation of its OpenAPI document, fuzzed for every role, below 500, in the error shape, changing nothing', async () => {
    const cases = fuzzCases(await documentOf(t));
    expect(await runFuzz(t, cases, sessions, async () => (await sessionsOf(t)).sessions)).toEqual([]);
  }, 600_000);
});

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
