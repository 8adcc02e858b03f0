import type { z } from 'zod';
import { endpointUrl, type Endpoint } from '../../shared/contract';
import { ErrorBodySchema, type FirstLoadEndpoint } from './first-load-schemas';

/** The one error type of the web client: the server's `{ error: { code, message } }` or a network failure. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/* eslint-disable @typescript-eslint/no-explicit-any -- `any` only marks the positions `infer` ignores */
type ParamsOf<E> = E extends Endpoint<infer P, any, any, any, any, any> ? P : never;
type QueryOf<E> = E extends Endpoint<any, infer Q, any, any, any, any> ? Q : never;
type BodyOf<E> = E extends Endpoint<any, any, infer B, any, any, any> ? B : never;
type FormatOf<E> = E extends Endpoint<any, any, any, any, any, infer F> ? F : never;
/* eslint-enable @typescript-eslint/no-explicit-any */

/** A part the endpoint does not declare: its schema is the bare `z.ZodType`, whose input is `unknown`. */
type Undeclared<S extends z.ZodType> = unknown extends z.input<S> ? true : false;

/** Every `:name` of the path, as it goes into the URL. */
type ParamsOption<P extends z.ZodType> =
  Undeclared<P> extends true ? { params?: undefined } : { params: { [K in keyof z.input<P>]-?: string | number } };

/** Optional when every field of the query is (defaults count as optional). */
type QueryOption<Q extends z.ZodType> =
  Undeclared<Q> extends true
    ? { query?: undefined }
    : Record<string, never> extends z.input<Q>
      ? { query?: z.input<Q> }
      : { query: z.input<Q> };

/** A JSON body, a multipart form (`form`, file uploads: the browser sets its boundary), either, or none. */
type BodyOption<B extends z.ZodType, F> = F extends 'multipart'
  ? { form: FormData; body?: undefined }
  : F extends 'multipart-or-json'
    ? { body: z.input<B>; form?: undefined } | { form: FormData; body?: undefined }
    : Undeclared<B> extends true
      ? { body?: undefined; form?: undefined }
      : { body: z.input<B>; form?: undefined };

/**
 * What a call of `E` takes, typed from its contract: its path parameters, its query and its body
 * are required exactly when the endpoint declares them (a call without them does not compile).
 */
export type CallOptions<E extends Endpoint> = ParamsOption<ParamsOf<E>> &
  QueryOption<QueryOf<E>> &
  BodyOption<BodyOf<E>, FormatOf<E>> & { signal?: AbortSignal };

/** The options argument may be left out when nothing in it is required. */
type CallArgs<E extends Endpoint> = Record<string, never> extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

type JsonEndpoint = Endpoint & { response: z.ZodType };

/** The ApiError of a non-2xx answer from its status and body text (fetch and the upload XHR alike). */
export function apiErrorFrom(status: number, bodyText: string): ApiError {
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    // Not JSON (a proxy's error page): a generic error below.
  }
  const parsed = ErrorBodySchema.safeParse(body);
  if (parsed.success) {
    const { code, message, details } = parsed.data.error;
    return new ApiError(status, code, message, details);
  }
  return new ApiError(status, 'http_error', `The request failed (HTTP ${status}). Please try again.`);
}

/**
 * The text to show for a failed call: the server's message for 4xx answers (and the client's for a
 * lost connection) and for `service_unavailable` (written to be read: try again), else `fallback`.
 */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && (error.status < 500 || error.code === 'service_unavailable') ? error.message : fallback;
}

/**
 * Calls an endpoint of the shared contract: builds the URL, sends JSON, and parses the
 * response with the endpoint's own schema. Throws ApiError for non-2xx answers. A first-load
 * twin of the endpoint (`FirstLoadEndpoint`) parses with its twin validator instead: this module
 * evaluates no zod itself, so a page's first load can call the API without it (decision 183).
 */
export async function callApi<E extends JsonEndpoint>(
  endpoint: E | FirstLoadEndpoint<E>,
  ...[given]: CallArgs<E>
): Promise<z.infer<E['response']>> {
  const options: { params?: Record<string, string | number>; query?: unknown; body?: unknown; form?: FormData; signal?: AbortSignal } =
    given ?? {};
  const url = endpointUrl(endpoint.path, options.params, options.query as object | undefined);
  const init: RequestInit = {
    method: endpoint.method,
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  };
  if (options.form !== undefined) {
    init.body = options.form;
  } else if (options.body !== undefined) {
    init.body = JSON.stringify(options.body);
    init.headers = { ...init.headers, 'content-type': 'application/json' };
  }
  const response = await fetch(url, init);
  if (!response.ok) throw apiErrorFrom(response.status, await response.text());
  return endpoint.response.parse(response.status === 204 ? undefined : await response.json()) as z.infer<E['response']>;
}
