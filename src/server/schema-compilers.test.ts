import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazySchemaCompilers, loadFromFastify, type LoadDependency } from './schema-compilers';

// Fastify's Ajv and fast-json-stringify load only for a route that declares a schema (decision 210).
describe('lazySchemaCompilers', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  /** Fastify's own loading, counted. */
  const counting = () => {
    const loaded: string[] = [];
    const load = vi.fn<LoadDependency>((name) => {
      loaded.push(name);
      return loadFromFastify(name);
    });
    return { load, loaded };
  };

  it('loads no compiler for an app whose routes declare no schema', async () => {
    const { load } = counting();
    app = Fastify({ schemaController: { compilersFactory: lazySchemaCompilers(load) } });
    app.post('/plain', async (request) => ({ got: request.body }));
    await app.ready();
    const response = await app.inject({ method: 'POST', url: '/plain', payload: { a: 1 } });
    expect(response.json()).toEqual({ got: { a: 1 } });
    expect(load).not.toHaveBeenCalled();
  });

  it("gives a route with a schema Fastify's own validation and serialization, each loaded once", async () => {
    const { load, loaded } = counting();
    app = Fastify({ schemaController: { compilersFactory: lazySchemaCompilers(load) } });
    const schema = {
      body: { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } },
      response: { 200: { type: 'object', properties: { n: { type: 'integer' } } } },
    };
    app.post('/one', { schema }, async (request) => ({ ...(request.body as object), secret: 'dropped by the response schema' }));
    app.post('/two', { schema }, async (request) => request.body);
    await app.ready();

    const refused = await app.inject({ method: 'POST', url: '/one', payload: { n: 'x' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('body/n must be integer');
    const served = await app.inject({ method: 'POST', url: '/one', payload: { n: 7 } });
    expect(served.json()).toEqual({ n: 7 });
    expect((await app.inject({ method: 'POST', url: '/two', payload: { n: 8 } })).json()).toEqual({ n: 8 });
    expect(loaded.sort()).toEqual(['@fastify/ajv-compiler', '@fastify/fast-json-stringify-compiler']);
  });
});
