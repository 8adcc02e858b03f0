import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3TestServer, type S3TestServer } from '../../../tests/support/s3-test-server';
import { newMediaKey } from '../media/storage';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

function mediaRouteSuite(name: string, env: () => Record<string, string>) {
  describe(`GET /media/:key (${name})`, () => {
    let t: TestApp;
    const data = randomBytes(10_000);
    const key = newMediaKey('mp4');
    const url = `/media/${key}`;

    beforeAll(async () => {
      t = await createTestApp(env());
      await t.app.inject({ method: 'GET', url: '/healthz' });
      const { storage } = await import('../media/create-storage').then((m) => ({ storage: m.createStorage(t.config.storage) }));
      await storage.put(key, Readable.from([data]), { contentType: 'video/mp4', maxBytes: data.length });
      await storage.close();
    });
    afterAll(async () => {
      await t.close();
    });

    it('sends the whole file with its type, validators and a year of immutable caching', async () => {
      const response = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(data)).toBe(true);
      expect(response.headers).toMatchObject({
        'content-type': 'video/mp4',
        'content-length': String(data.length),
        'accept-ranges': 'bytes',
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
      });
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.etag).toMatch(/^"/);
      expect(response.headers['last-modified']).toMatch(/GMT$/);
    });

    it.each([
      ['bytes=0-99', 0, 99],
      ['bytes=0-', 0, 9999],
      ['bytes=9000-', 9000, 9999],
      ['bytes=-250', 9750, 9999],
      ['bytes=5000-5000', 5000, 5000],
      ['bytes=9990-20000', 9990, 9999],
    ])('answers %s with 206 and exactly those bytes', async (range, start, end) => {
      const response = await t.app.inject({ method: 'GET', url, headers: { range, 'accept-encoding': 'gzip' } });
      expect(response.statusCode).toBe(206);
      expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/${data.length}`);
      expect(response.headers['content-length']).toBe(String(end - start + 1));
      expect(response.rawPayload.equals(data.subarray(start, end + 1))).toBe(true);
    });

    it('answers a range past the end with 416 and the size', async () => {
      const response = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=10000-' } });
      expect(response.statusCode).toBe(416);
      expect(response.headers['content-range']).toBe(`bytes */${data.length}`);
      expect(response.headers['cache-control']).toBeUndefined();
      expect(response.json()).toMatchObject({ error: { code: 'range_not_satisfiable' } });
    });

    it('ignores several ranges and sends the whole file', async () => {
      const response = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-1,5-6' } });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.length).toBe(data.length);
    });

    it('answers HEAD with the headers and no body', async () => {
      const whole = await t.app.inject({ method: 'HEAD', url });
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['content-length']).toBe(String(data.length));
      expect(whole.rawPayload.length).toBe(0);
      const part = await t.app.inject({ method: 'HEAD', url, headers: { range: 'bytes=-10' } });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 9990-9999/${data.length}`);
      expect(part.rawPayload.length).toBe(0);
    });

    it('answers conditional requests with 304 and honours If-Range', async () => {
      const first = await t.app.inject({ method: 'GET', url });
      const etag = String(first.headers.etag);
      const lastModified = String(first.headers['last-modified']);
      const byTag = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(byTag.statusCode).toBe(304);
      expect(byTag.rawPayload.length).toBe(0);
      expect(byTag.headers.etag).toBe(etag);
      const byDate = await t.app.inject({ method: 'GET', url, headers: { 'if-modified-since': lastModified } });
      expect(byDate.statusCode).toBe(304);
      const changed = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': '"nope"' } });
      expect(changed.statusCode).toBe(200);

      const rangeCurrent = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-9', 'if-range': etag } });
      expect(rangeCurrent.statusCode).toBe(206);
      const rangeStale = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-9', 'if-range': '"old"' } });
      expect(rangeStale.statusCode).toBe(200);
      expect(rangeStale.rawPayload.length).toBe(data.length);
    });

    it('answers unknown and malformed keys with 404', async () => {
      for (const path of [`/media/${newMediaKey('mp4')}`, '/media/..%2F..%2Fetc%2Fpasswd', '/media/abc.mp4']) {
        const response = await t.app.inject({ method: 'GET', url: path });
        expect(response.statusCode, path).toBe(404);
      }
    });
  });
}

mediaRouteSuite('local disk', () => ({}));

let s3: S3TestServer;
describe('with S3 storage', () => {
  beforeAll(async () => {
    s3 = await startS3TestServer('mingo-media-route');
  });
  afterAll(async () => {
    await s3.close();
  });
  mediaRouteSuite('S3', () => s3.env);
});
