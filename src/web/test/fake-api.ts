import type { z } from 'zod';
import { endpointUrl, isRawResponse, type Endpoint, type RawResponse } from '../../shared/contract';
import type { FirstLoadEndpoint } from '../lib/first-load-schemas';

type AnyEndpoint = Endpoint<z.ZodType, z.ZodType, z.ZodType, z.ZodType | RawResponse>;
/** What the page may call: a shared endpoint or its first-load twin (answered by the shared endpoint's handler). */
type Called = AnyEndpoint | FirstLoadEndpoint<AnyEndpoint>;

type CallOptions = { params?: Record<string, string | number>; query?: unknown; body?: unknown; signal?: AbortSignal };

/** What a handler is given: the request as the server would have parsed it with the endpoint's schemas. */
export type FakeRequest = { params: Record<string, string>; query: unknown; body: unknown };

/** One call the page made: method and URL as they would go on the wire, and the parsed body. */
export type RecordedCall = { method: string; url: string; body: unknown };

type Answer<E extends AnyEndpoint> = E['response'] extends z.ZodType ? z.input<E['response']> : never;

/**
 * A stand-in server for web component tests at the one seam every call goes through, `callApi`
 * of lib/api-client (STYLE.md: no hand-mocked fetch). Each endpoint of the shared contract gets
 * a handler; requests are checked with the endpoint's params/query/body schemas and answers
 * travel as JSON and are parsed with its response schema, as over HTTP. A handler throws an
 * ApiError to answer with an error. A test file installs it with
 *
 *   vi.mock('../../lib/api-client', async (importOriginal) => ({
 *     ...(await importOriginal<typeof ApiClient>()),   // import type * as ApiClient from '../../lib/api-client'
 *     callApi: (await import('../../test/fake-api')).fakeApi.callApi,
 *   }));
 *
 * and `fakeApi.reset()` before each test.
 */
export function createFakeApi() {
  // By method and path, so a first-load twin reaches its shared endpoint's handler and schemas.
  const handlers = new Map<string, { endpoint: AnyEndpoint; handler: (request: FakeRequest) => unknown }>();
  const calls: RecordedCall[] = [];

  async function callApi(called: Called, options: CallOptions = {}): Promise<unknown> {
    const url = endpointUrl(called.path, options.params, options.query as object | undefined);
    const registered = handlers.get(`${called.method} ${called.path}`);
    if (registered === undefined) throw new Error(`No fake answer for ${called.method} ${called.path}`);
    const { endpoint, handler } = registered;
    const body = endpoint.body === undefined || options.body === undefined ? undefined : endpoint.body.parse(options.body);
    calls.push({ method: endpoint.method, url, body });
    const params = Object.fromEntries(Object.entries(options.params ?? {}).map(([key, value]) => [key, String(value)]));
    const request: FakeRequest = {
      params: endpoint.params === undefined ? params : (endpoint.params.parse(params) as Record<string, string>),
      query: endpoint.query === undefined ? options.query : endpoint.query.parse(options.query ?? {}),
      body,
    };
    const answer = await handler(request);
    // The page parses the answer with what it called: the shared schema or the first-load twin.
    const schema = called.response;
    if (isRawResponse(endpoint.response) || !('parse' in schema)) throw new Error(`${endpoint.path} does not answer JSON`);
    return schema.parse(answer === undefined ? undefined : JSON.parse(JSON.stringify(answer)));
  }

  return {
    callApi,
    calls,
    /** Answers `endpoint` with `handler` from now on. */
    on<E extends AnyEndpoint>(endpoint: E, handler: (request: FakeRequest) => Answer<E> | Promise<Answer<E>>): void {
      handlers.set(`${endpoint.method} ${endpoint.path}`, { endpoint, handler });
    },
    reset(): void {
      handlers.clear();
      calls.length = 0;
    },
  };
}

export type FakeApi = ReturnType<typeof createFakeApi>;

/** The one fake of a test file (module state is per file in vitest). */
export const fakeApi = createFakeApi();
