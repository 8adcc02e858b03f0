import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '../shared/contract';
import { registerErrorHandler } from './error-handler';
import { route } from './route';

const item = endpoint({
  method: 'POST',
  path: '/items/:id',
  summary: 'test',
  tag: 'test',
  params: z.object({ id: z.coerce.number().int() }),
  query: z.object({ verbose: z.enum(['yes', 'no']).default('no') }),
  body: z.object({ name: z.string().trim().min(2) }),
  status: 201,
  response: z.object({ id: z.number(), name: z.string(), verbose: z.boolean() }),
});

const upload = endpoint({
  method: 'POST',
  path: '/uploads',
  summary: 'test',
  tag: 'test',
  bodyFormat: 'multipart',
  response: z.object({ ok: z.boolean() }),
});

/** A GET endpoint of this test that answers `{ ok }`. */
const okEndpoint = (path: string) =>
  endpoint({ method: 'GET', path, summary: 'test', tag: 'test', response: z.object({ ok: z.boolean() }) });
const sentByHandler = okEndpoint('/sent');
const broken = okEndpoint('/broken');

const thing = endpoint({
  method: 'GET',
  path: '/things/:id',
  summary: 'test',
  tag: 'test',
  params: z.object({ id: z.uuid() }),
  paramsNotFound: 'There is no such thing.',
  response: z.object({ id: z.string() }),
});

describe('route()', () => {
  let app: FastifyInstance;
  const logged: { level: number; msg: string }[] = [];
  beforeAll(async () => {
    app = Fastify({
      logger: { level: 'warn', stream: { write: (line: string) => logged.push(JSON.parse(line) as { level: number; msg: string }) } },
    });
    registerErrorHandler(app);
    route(app, item, { access: 'public' }, async ({ params, query, body }) => ({
      id: params.id,
      name: body.name,
      verbose: query.verbose === 'yes',
      // Not in the response schema: must never reach the client.
      secret: 'do not send',
    }));
    route(app, upload, { access: 'public' }, async () => ({ ok: true }));
    route(app, thing, { access: 'public' }, async ({ params }) => ({ id: params.id }));
    // As the public cache does: the answer is sent on `reply`, after an await.
    route(app, sentByHandler, { access: 'public' }, async ({ reply }) => {
      await Promise.resolve();
      return reply.type('application/json').send('{"ok":true}');
    });
    // @ts-expect-error -- deliberately outside the contract
    route(app, broken, { access: 'public' }, async () => ({ ok: 'yes' }));
    await app.ready();
  });
  afterAll(() => app.close());

  it('hands the handler parsed input and serializes the answer through the response schema', async () => {
    const response = await app.inject({ method: 'POST', url: '/items/7?verbose=yes', payload: { name: '  Ann ' } });
    expect(response.statusCode).toBe(201);
    expect(JSON.parse(response.body)).toStrictEqual({ id: 7, name: 'Ann', verbose: true });
    expect(response.body).not.toContain('secret');
  });

  it.each([
    ['params', '/items/x', { name: 'Ann' }, 'id'],
    ['query', '/items/1?verbose=maybe', { name: 'Ann' }, 'verbose'],
    ['body', '/items/1', { name: 'A' }, 'name'],
  ])('refuses bad %s with the one 400 shape', async (_, url, payload, path) => {
    const response = await app.inject({ method: 'POST', url, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toStrictEqual({
      error: { code: 'validation_failed', message: expect.stringContaining(path), details: [{ path, message: expect.any(String) }] },
    });
  });

  it('answers a path parameter that cannot exist as not found when the endpoint says so, before the handler runs', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await app.inject({ method: 'GET', url: `/things/${id}` })).json()).toEqual({ id });
    const response = await app.inject({ method: 'GET', url: '/things/not-a-uuid' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toStrictEqual({ error: { code: 'not_found', message: 'There is no such thing.' } });
  });

  it('takes an answer the handler sent itself as it is, without logging an error', async () => {
    logged.length = 0;
    const response = await app.inject({ method: 'GET', url: '/sent' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('{"ok":true}');
    expect(logged).toEqual([]);
  });

  it("answers 500 (not the client's 400) and logs when a handler breaks its own contract", async () => {
    logged.length = 0;
    const response = await app.inject({ method: 'GET', url: '/broken' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ error: { code: 'internal_error' } });
    expect(logged.map((line) => line.msg)).toContain('GET /broken answered outside its contract');
  });

  it('refuses a non-multipart body on a multipart endpoint with 415', async () => {
    const response = await app.inject({ method: 'POST', url: '/uploads', payload: { ok: true } });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ error: { code: 'unsupported_media_type' } });
  });
});
