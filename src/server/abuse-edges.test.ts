import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccount } from './auth/accounts';
import { createProductService } from './products/product-service';
import { signedInAs, TEST_ORIGIN, TEST_PASSWORD } from '../../tests/support/auth';
import { productFields } from '../../tests/support/product-fields';
import { clipForm, PNG_BYTES, sampleVideo } from '../../tests/support/test-multipart';
import { createTestApp, type TestApp } from '../../tests/support/test-app';

/** Writes `request` on a fresh connection and resolves to everything the server sends back before it closes. */
function rawExchange(port: number, request: string | Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? resolve(answer) : reject(error)));
    socket.on('close', () => resolve(answer));
    socket.write(request);
  });
}

function statusAndBody(answer: string): { status: number; body: unknown } {
  const [head = '', body = ''] = answer.split('\r\n\r\n', 2);
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), body: JSON.parse(body) };
}

describe('small abuse edges (issue 22, item 5)', () => {
  let t: TestApp;
  let staff: Record<string, string>;
  let port = 0;
  beforeAll(async () => {
    t = await createTestApp();
    staff = (await signedInAs(t, 'staff')).headers;
    port = Number(new URL(await t.app.listen({ host: '127.0.0.1', port: 0 })).port);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a multipart part without a name with 400, not 500', async () => {
    const boundary = '----mingo-nameless';
    const payload = `--${boundary}\r\nContent-Disposition: form-data\r\n\r\nSinners\r\n--${boundary}--\r\n`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/clips',
      headers: { ...staff, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'invalid_multipart' } });
  });

  it('refuses line breaks in one-line fields: clip titles, account names', async () => {
    for (const title of ['Sinners\r\nX-Injected: 1', 'Two\nlines']) {
      const form = clipForm(title);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/clips',
        headers: { ...staff, ...form.headers },
        payload: form.payload,
      });
      expect(response.statusCode, JSON.stringify(title)).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'validation_failed' } });
    }
    const admin = (await signedInAs(t, 'admin')).headers;
    const account = await t.app.inject({
      method: 'POST',
      url: '/api/staff',
      headers: admin,
      payload: {
        name: 'Eve\r\nBcc: all@example.com',
        email: 'eve@test.local',
        phoneNumber: '',
        password: 'a long enough passphrase',
        role: 'staff',
      },
    });
    expect(account.statusCode).toBe(400);
    expect(account.json()).toMatchObject({ error: { code: 'validation_failed', message: expect.stringMatching(/single line/) } });
  });

  it('keeps account ids out of the public clip answers; the owner still sees them', async () => {
    const form = clipForm('The Quiet Lighthouse');
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/clips',
      headers: { ...staff, ...form.headers },
      payload: form.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    const id = uploaded.json<{ docID: string; ownerId: string }>().docID;
    expect(uploaded.json()).toHaveProperty('ownerId');
    for (const url of ['/api/clips', `/api/clips/${id}`, `/api/clips/by-title/${encodeURIComponent('The Quiet Lighthouse')}`]) {
      const body = (await t.app.inject({ method: 'GET', url })).body;
      expect(body, url).toContain(id);
      expect(body, url).not.toContain('ownerId');
    }
    const mine = await t.app.inject({ method: 'GET', url: '/api/me/clips', headers: staff });
    expect(mine.body).toContain('ownerId');
  });

  it('answers headers over the size limit (431) in the error shape', async () => {
    const answer = await rawExchange(port, `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(statusAndBody(answer)).toEqual({ status: 431, body: { error: { code: 'headers_too_large', message: expect.any(String) } } });
  });

  it('answers a HEAD request over the header limit with a 431 head and no body (found by the contract fuzz)', async () => {
    // A body after the head of an answer to HEAD is, to an HTTP client, a broken connection.
    const answer = await new Promise<{ status: number; body: string } | { error: string }>((resolve) => {
      const request = http.request(
        { host: '127.0.0.1', port, method: 'HEAD', path: `/media/${'x'.repeat(20_000)}`, agent: false },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      request.on('error', (error) => resolve({ error: error.message }));
      request.end();
    });
    expect(answer).toEqual({ status: 431, body: '' });
  });

  it('answers an 8–16 KB path with 414 in the error shape', async () => {
    for (const url of [`/${'a'.repeat(9_000)}`, `/api/clips/${'b'.repeat(12_000)}`, `/media/${'c'.repeat(15_000)}`]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url.slice(0, 12)).toBe(414);
      expect(response.json()).toMatchObject({ error: { code: 'uri_too_long' } });
    }
  });

  it('answers a chunked DELETE with a body in the error shape, however its framing is broken', async () => {
    const head = 'DELETE /api/clips/00000000-0000-4000-8000-000000000000 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n';
    for (const [name, rest] of [
      ['JSON body', 'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n7\r\n{"a":1}\r\n0\r\n\r\n'],
      ['no content type', 'Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n'],
      ['with Content-Length too', 'Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n'],
      ['a bad chunk size', 'Transfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n'],
    ] as const) {
      const { status, body } = statusAndBody(await rawExchange(port, `${head}${rest}`));
      expect(status, name).toBeGreaterThanOrEqual(400);
      expect(status, name).toBeLessThan(500);
      expect(body, name).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
    }
  });
});

describe('cookies over HTTPS', () => {
  it('are __Host- cookies (Secure, Path=/, no Domain); plain names on http://localhost', async () => {
    for (const [publicUrl, prefix] of [
      ['https://mingo.example', '__Host-'],
      ['http://localhost:3000', ''],
    ] as const) {
      const t = await createTestApp({ PUBLIC_URL: publicUrl });
      const email = `cookie-${prefix === '' ? 'plain' : 'host'}@test.local`;
      await createAccount(t, { name: 'Cookie Tester', email, phoneNumber: '', password: TEST_PASSWORD, role: 'staff' });
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: publicUrl },
        payload: { email, password: TEST_PASSWORD },
      });
      expect(signIn.statusCode, publicUrl).toBe(200);
      const cookies = [signIn.headers['set-cookie'] ?? []].flat();
      const session = cookies.find((cookie) => cookie.startsWith(`${prefix}mingo.session_token=`));
      const device = cookies.find((cookie) => cookie.startsWith(`${prefix}mingo.device=`));
      expect(session, publicUrl).toBeDefined();
      expect(device, publicUrl).toBeDefined();
      for (const cookie of [session ?? '', device ?? '']) {
        expect(cookie).not.toMatch(/Domain=/i);
        if (prefix !== '') expect(cookie).toMatch(/; Secure/i);
        if (prefix !== '') expect(cookie).toMatch(/; Path=\/(;|$)/);
      }
      // The session cookie works under its name.
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/auth/get-session',
        headers: { cookie: (session ?? '').split(';')[0] ?? '' },
      });
      expect(me.json(), publicUrl).toMatchObject({ user: { email } });
      await t.close();
    }
  });
});

describe('what the log says about clients that go away, and about secrets in URLs', () => {
  type Line = { level: number; msg: string; err?: { code?: string }; req?: { url?: string }; res?: { statusCode?: number } };
  const lines: Line[] = [];
  let t: TestApp;
  let port = 0;
  let staff: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({}, { logger: { level: 'debug', stream: { write: (line: string) => lines.push(JSON.parse(line) as Line) } } });
    staff = (await signedInAs(t, 'staff')).headers;
    port = Number(new URL(await t.app.listen({ host: '127.0.0.1', port: 0 })).port);
  });
  afterAll(async () => {
    await t.close();
  });

  /** Until the server has logged `message` and holds no connection any more. */
  async function settled(message: string) {
    await vi.waitFor(() => expect(lines.map((line) => line.msg)).toContain(message), { timeout: 10_000 });
    const open = () =>
      new Promise<number>((resolve, reject) => t.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))));
    await vi.waitFor(async () => expect(await open()).toBe(0), { timeout: 10_000 });
  }

  it('logs a client that stops reading a media file at info at most, never as a 500 or an error', async () => {
    // A valid WebM head and 24 MB after it: far more than the socket buffers hold.
    const video = Buffer.concat([sampleVideo(), Buffer.alloc(24 * 1024 * 1024)]);
    const form = clipForm('The Quiet Lighthouse', video);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/clips',
      headers: { ...staff, ...form.headers },
      payload: form.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const mediaUrl = uploaded.json<{ url: string }>().url;
    lines.length = 0;

    const closed = new Promise<void>((resolve) => {
      const request = http.get({ host: '127.0.0.1', port, path: mediaUrl }, (response) => {
        response.once('data', () => request.destroy());
      });
      request.on('error', () => undefined);
      request.on('close', () => resolve());
    });
    await closed;
    await settled('stream closed prematurely');
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    expect(lines.filter((line) => line.res?.statusCode === 500)).toEqual([]);
  });

  it('logs an upload the client abandoned at info at most', async () => {
    const video = Buffer.concat([sampleVideo(), Buffer.alloc(8 * 1024 * 1024)]);
    const form = clipForm('The Quiet Lighthouse', video);
    lines.length = 0;
    await new Promise<void>((resolve) => {
      const request = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/api/clips', headers: { ...staff, ...form.headers } });
      request.on('error', () => resolve());
      request.on('close', () => resolve());
      // Half the form, then the client goes away.
      request.write(form.payload.subarray(0, form.payload.length / 2), () => setImmediate(() => request.destroy()));
    });
    await settled('client went away before the answer');
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
  });

  it('writes the setup link without its token in the request log', async () => {
    lines.length = 0;
    await t.app.inject({ method: 'GET', url: '/setup?token=s3cr3t-setup-token&x=1' });
    const logged = JSON.stringify(lines);
    expect(logged).toContain('/setup?token=[redacted]&x=1');
    expect(logged).not.toContain('s3cr3t-setup-token');
  });
});

describe('the setup status', () => {
  it('is open until an admin exists, then every setup link has been used', async () => {
    const t = await createTestApp();
    expect((await t.app.inject({ method: 'GET', url: '/api/setup' })).json()).toEqual({ open: true });
    await createAccount(t, { name: 'First Admin', email: 'first@test.local', phoneNumber: '', password: TEST_PASSWORD, role: 'admin' });
    expect((await t.app.inject({ method: 'GET', url: '/api/setup' })).json()).toEqual({ open: false });
    await t.close();
  });
});

describe('multipart parts that are not form-data (issue 33)', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let port = 0;
  let productId = '';
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedInAs(t, 'admin')).headers;
    productId = (await createProductService(t.database.db).create(productFields('PART-1'))).id;
    port = Number(new URL(await t.app.listen({ host: '127.0.0.1', port: 0 })).port);
  });
  afterAll(async () => {
    await t.close();
  });

  const boundary = 'probe-part';
  const parts: [string, (field: string) => string][] = [
    ['no Content-Disposition', () => 'Content-Type: image/png'],
    [
      'Content-Disposition: attachment',
      (field) => `Content-Disposition: attachment; name="${field}"; filename="a.png"\r\nContent-Type: image/png`,
    ],
    ['no headers at all', () => ''],
  ];
  const routes: [string, string, () => string, string][] = [
    ['a clip upload', 'POST', () => '/api/clips', 'video'],
    ['a product form', 'POST', () => '/api/products', 'image'],
    ['a product image', 'PUT', () => `/api/products/${productId}/image`, 'image'],
    ['a movie poster', 'PUT', () => '/api/admin/movies/2018-roma/poster', 'poster'],
  ];

  // A tiny part, and one of 1 MB: busboy skips such a part without a word, and one of some sizes
  // stops it for good (found by the probe: the request then waited for the 15-s idle cut).
  const sizes: [string, Buffer][] = [
    ['small', PNG_BYTES],
    ['1 MB', Buffer.alloc(1024 * 1024, 1)],
  ];
  const cases = parts.flatMap(([label, headersOf]) => sizes.map(([size, data]) => [`${label} (${size})`, headersOf, data] as const));

  // Over a real connection that stays open after the body: the answer is a 400 in the error shape,
  // not the idle cut's silent close 15 s later (the connection closes only after the answer).
  describe.each(routes)('%s', (_route, method, url, field) => {
    it.each(cases)('answers a part with %s with 400 invalid_multipart', async (_part, headersOf, data) => {
      const body = Buffer.concat([
        Buffer.from(`--${boundary}\r\n${headersOf(field)}\r\n\r\n`),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const head = [
        `${method} ${url()} HTTP/1.1`,
        'Host: 127.0.0.1',
        `Cookie: ${admin.cookie ?? ''}`,
        `Origin: ${TEST_ORIGIN}`,
        `Content-Type: multipart/form-data; boundary=${boundary}`,
        `Content-Length: ${body.length}`,
        'Connection: close',
      ].join('\r\n');
      const answer = await rawExchange(port, Buffer.concat([Buffer.from(`${head}\r\n\r\n`), body]));
      expect(answer, 'an answer, not a silent close').not.toBe('');
      expect(statusAndBody(answer)).toEqual({
        status: 400,
        body: { error: { code: 'invalid_multipart', message: 'Every part of the form needs a Content-Disposition of form-data.' } },
      });
    });
  });
});
