import type { z } from 'zod';
import { endpointUrl, type Endpoint } from '../../shared/contract';
import { ErrorBodySchema } from '../../shared/errors';

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

type CallOptions<Query extends z.ZodType, Body extends z.ZodType> = {
  params?: Record<string, string | number>;
  query?: z.input<Query>;
  body?: z.input<Body>;
  /** A multipart/form-data body (file uploads) instead of JSON; the browser sets its boundary. */
  form?: FormData;
  signal?: AbortSignal;
};

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
 * response with the endpoint's own schema. Throws ApiError for non-2xx answers.
 */
export async function callApi<Params extends z.ZodType, Query extends z.ZodType, Body extends z.ZodType, Response extends z.ZodType>(
  endpoint: Endpoint<Params, Query, Body, Response>,
  options: CallOptions<Query, Body> = {},
): Promise<z.infer<Response>> {
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
  return endpoint.response.parse(response.status === 204 ? undefined : await response.json());
}
