import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isRawResponse, maxBodyBytesOf, type Endpoint } from './contract';
import { ERROR_STATUS } from './errors';

// The public contract, as a reviewed file: every endpoint defined in src/shared, with what the
// server, the web client and the OpenAPI document derive from it (method, path, status, errors,
// body limit, request and answer shapes). A change to the contract changes
// `contract-surface.snap.json`, so it shows in review; update it with `npx vitest run -u`.

const modules = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts'], { eager: true });

function isEndpoint(value: unknown): value is Endpoint {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Endpoint).method === 'string' &&
    typeof (value as Endpoint).path === 'string' &&
    typeof (value as Endpoint).summary === 'string' &&
    'response' in value
  );
}

/** Endpoints exported by a module, directly or inside exported arrays and records (staticPages). */
function endpointsIn(value: unknown, found: Set<Endpoint>, depth = 0): void {
  if (isEndpoint(value)) {
    found.add(value);
    return;
  }
  if (depth > 2 || typeof value !== 'object' || value === null || value instanceof z.ZodType) return;
  for (const inner of Object.values(value)) endpointsIn(inner, found, depth + 1);
}

function schemaOf(schema: z.ZodType | undefined, io: 'input' | 'output') {
  if (schema === undefined) return undefined;
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
}

function surfaceOf(definition: Endpoint) {
  return {
    summary: definition.summary,
    tag: definition.tag,
    description: definition.description,
    status: definition.status ?? 200,
    errors: definition.errors,
    maxBodyBytes: maxBodyBytesOf(definition),
    bodyFormat: definition.bodyFormat ?? (definition.body === undefined ? undefined : 'json'),
    paramsNotFound: definition.paramsNotFound,
    head: definition.head,
    extraResponses: definition.extraResponses,
    params: schemaOf(definition.params, 'input'),
    query: schemaOf(definition.query, 'input'),
    headers: schemaOf(definition.headers, 'input'),
    body: schemaOf(definition.body, 'input'),
    response: isRawResponse(definition.response) ? definition.response : schemaOf(definition.response, 'output'),
  };
}

const endpoints = new Set<Endpoint>();
for (const module of Object.values(modules)) endpointsIn(module, endpoints);
const byRoute = new Map([...endpoints].map((definition) => [`${definition.method} ${definition.path}`, definition]));

describe('the contract surface', () => {
  it('names every route once', () => {
    expect(byRoute.size).toBe(endpoints.size);
    expect(byRoute.size).toBeGreaterThan(60);
  });

  it('declares only known error codes, and a success status that is not an error', () => {
    for (const definition of endpoints) {
      for (const code of definition.errors ?? []) expect(Object.keys(ERROR_STATUS), definition.path).toContain(code);
      expect(definition.status ?? 200, definition.path).toBeLessThan(400);
    }
  });

  it('is the reviewed one', async () => {
    const routes = [...byRoute].sort(([a], [b]) => (a < b ? -1 : 1));
    const surface = Object.fromEntries(routes.map(([route, definition]) => [route, surfaceOf(definition)]));
    await expect(`${JSON.stringify(surface, null, 2)}\n`).toMatchFileSnapshot('./contract-surface.snap.json');
  });
});
