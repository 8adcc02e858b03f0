import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createStorage } from '../media/create-storage';
import { startS3TestServer, type S3TestServer } from '../../../tests/support/s3-test-server';
import { newMediaKey } from '../media/storage';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { requireNginx } from '../../../tests/support/external-tools';

// Without nginx these tests skip (the run says so once), except under CI=true, where they fail.
const { nginx: NGINX, skip: withoutNginx } = requireNginx(inject('nginx'));

/** A free TCP port on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`nginx exited with code ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('nginx did not start listening');
}

describe('MEDIA_ACCEL=nginx: the app checks and labels, nginx sends the bytes', () => {
  let t: TestApp;
  const data = randomBytes(300_000);
  const key = newMediaKey('mp4');

  beforeAll(async () => {
    t = await createTestApp({ MEDIA_ACCEL: 'nginx' });
    const storage = createStorage(t.config.storage);
    await storage.put(key, Readable.from([data]), { contentType: 'video/mp4', maxBytes: data.length });
    await storage.close();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers with the validators, the type and an X-Accel-Redirect to the file, and no body', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/media/${key}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-accel-redirect']).toBe(`/_mingo_media/${key.slice(0, 2)}/${key}`);
    expect(response.headers).toMatchObject({
      'content-type': 'video/mp4',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
    expect(response.headers.etag).toMatch(/^"/);
    expect(response.rawPayload.length).toBe(0);
  });

  describe.skipIf(withoutNginx)('through nginx', () => {
    let nginx: ChildProcess | undefined;
    let nginxDir: string;
    let base: string;

    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const appPort = (t.app.server.address() as net.AddressInfo).port;
      nginxDir = await mkdtemp(path.join(os.tmpdir(), 'mingo-nginx-'));
      const port = await freePort();
      const mediaRoot = t.config.storage.kind === 'local' ? t.config.storage.root : '';
      // The same two locations as deploy/nginx.conf, on 127.0.0.1 and temporary paths.
      await writeFile(
        path.join(nginxDir, 'nginx.conf'),
        `${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
error_log ${nginxDir}/error.log warn;
pid ${nginxDir}/nginx.pid;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${nginxDir}/body; proxy_temp_path ${nginxDir}/proxy;
  fastcgi_temp_path ${nginxDir}/fastcgi; uwsgi_temp_path ${nginxDir}/uwsgi; scgi_temp_path ${nginxDir}/scgi;
  types { video/mp4 mp4; }
  server {
    listen 127.0.0.1:${port};
    location / { proxy_pass http://127.0.0.1:${appPort}; }
    location /_mingo_media/ {
      internal;
      alias ${mediaRoot}/;
      add_header X-Content-Type-Options nosniff always;
    }
  }
}
`,
      );
      nginx = spawn(NGINX ?? 'nginx', ['-p', nginxDir, '-c', path.join(nginxDir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' });
      await waitForPort(port, nginx);
      base = `http://127.0.0.1:${port}`;
    }, 30_000);
    afterAll(async () => {
      if (nginx !== undefined && nginx.exitCode === null) {
        const exited = new Promise((resolve) => nginx?.once('exit', resolve));
        nginx.kill('SIGTERM');
        await exited;
      }
      if (nginxDir !== undefined) await rm(nginxDir, { recursive: true, force: true });
    });

    it('serves the same bytes through nginx, whole and by range', async () => {
      const whole = await fetch(`${base}/media/${key}`);
      expect(whole.status).toBe(200);
      expect(whole.headers.get('content-type')).toBe('video/mp4');
      expect(whole.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(whole.headers.get('x-accel-redirect')).toBeNull();
      expect(Buffer.from(await whole.arrayBuffer()).equals(data)).toBe(true);

      const part = await fetch(`${base}/media/${key}`, { headers: { range: 'bytes=1000-1999' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${data.length}`);
      expect(Buffer.from(await part.arrayBuffer()).equals(data.subarray(1000, 2000))).toBe(true);
    });

    it('keeps answering errors and revalidations itself, and the internal location is not reachable', async () => {
      const missing = await fetch(`${base}/media/${newMediaKey('mp4')}`);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toMatchObject({ error: { code: 'not_found' } });

      const etag = (await t.app.inject({ method: 'GET', url: `/media/${key}` })).headers.etag;
      const revalidated = await fetch(`${base}/media/${key}`, { headers: { 'if-none-match': String(etag) } });
      expect(revalidated.status).toBe(304);

      const direct = await fetch(`${base}/_mingo_media/${key.slice(0, 2)}/${key}`);
      expect(direct.status).toBe(404);
    });
  });
});

describe('S3_PRESIGNED_REDIRECT: a short-lived URL to the bucket', () => {
  let s3: S3TestServer;
  let t: TestApp;
  const data = randomBytes(5000);
  const key = newMediaKey('jpg');

  beforeAll(async () => {
    s3 = await startS3TestServer('mingo-presign');
    t = await createTestApp({ ...s3.env, S3_PRESIGNED_REDIRECT: 'true', S3_PRESIGNED_TTL_SECONDS: '60' });
    const storage = createStorage(t.config.storage);
    await storage.put(key, Readable.from([data]), { contentType: 'image/jpeg', maxBytes: data.length });
    await storage.close();
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('redirects to a presigned URL the bucket honours, and still answers 404 itself', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/media/${key}` });
    expect(response.statusCode).toBe(302);
    const location = String(response.headers.location);
    expect(location).toContain(`${s3.endpoint}/mingo-presign/${key}?`);
    expect(location).toContain('X-Amz-Expires=60');
    const object = await fetch(location);
    expect(object.status).toBe(200);
    expect(Buffer.from(await object.arrayBuffer()).equals(data)).toBe(true);

    // s3rver checks the key id, not the SigV4 signature: the signing is the AWS SDK's own
    // (@aws-sdk/s3-request-presigner), as for every request the SDK sends.
    expect((await t.app.inject({ method: 'GET', url: `/media/${newMediaKey('jpg')}` })).statusCode).toBe(404);
  });
});

/** Presigns one object with an app configured by `env`, and fetches the URL from the bucket. */
async function presignedThrough(s3: S3TestServer, env: Record<string, string>) {
  const data = randomBytes(2000);
  const key = newMediaKey('jpg');
  const t = await createTestApp({ ...env, S3_PRESIGNED_REDIRECT: 'true' });
  try {
    const storage = createStorage(t.config.storage);
    await storage.put(key, Readable.from([data]), { contentType: 'image/jpeg', maxBytes: data.length });
    await storage.close();
    const response = await t.app.inject({ method: 'GET', url: `/media/${key}` });
    expect(response.statusCode).toBe(302);
    const url = new URL(String(response.headers.location));
    const object = await fetch(url);
    expect(object.status).toBe(200);
    expect(Buffer.from(await object.arrayBuffer()).equals(data)).toBe(true);
    return url.searchParams;
  } finally {
    await t.close();
  }
}

describe('S3_PRESIGNED_REDIRECT with temporary credentials', () => {
  let s3: S3TestServer;
  beforeAll(async () => {
    s3 = await startS3TestServer('mingo-presign-sts');
  });
  afterAll(async () => {
    await s3.close();
  });

  it('puts S3_SESSION_TOKEN into the presigned URL beside the key id', async () => {
    const query = await presignedThrough(s3, { ...s3.env, S3_SESSION_TOKEN: 'fictional-session-token' });
    expect(query.get('X-Amz-Security-Token')).toBe('fictional-session-token');
    expect(query.get('X-Amz-Credential')).toMatch(/^S3RVER\/\d{8}\/us-east-1\/s3\/aws4_request$/);
  });

  it("signs with the AWS SDK's credential chain when the configuration names no keys (an IAM role's, here the AWS_* variables)", async () => {
    const { S3_ACCESS_KEY_ID: keyId = '', S3_SECRET_ACCESS_KEY: secret = '', ...withoutKeys } = s3.env;
    const chain = { AWS_ACCESS_KEY_ID: keyId, AWS_SECRET_ACCESS_KEY: secret, AWS_SESSION_TOKEN: 'fictional-role-token' };
    Object.assign(process.env, chain);
    try {
      const query = await presignedThrough(s3, withoutKeys);
      expect(query.get('X-Amz-Security-Token')).toBe('fictional-role-token');
      expect(query.get('X-Amz-Credential')).toMatch(/^S3RVER\//);
    } finally {
      for (const name of Object.keys(chain)) delete process.env[name];
    }
  });
});
