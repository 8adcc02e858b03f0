import type { z } from 'zod';
import type { ErrorCode } from './errors';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * How a request body travels. `json` and `form` (urlencoded) bodies are parsed with the endpoint's
 * `body` schema before the handler runs. `multipart` and `raw` bodies are streamed by the handler
 * (uploads, signed webhooks); their `body` schema, when given, describes the form fields.
 * `multipart-or-json` takes either: JSON is parsed up front, multipart fields by the handler.
 */
export type BodyFormat = 'json' | 'form' | 'multipart' | 'multipart-or-json' | 'raw';

/** A response that is not JSON (media, images, HTML pages, redirects): described, not parsed. */
export type RawResponse = {
  raw: true;
  /** Content types the endpoint answers with. */
  contentTypes: readonly string[];
  description: string;
};

/** Extra documented responses besides the success one and the errors: 206, 304, 303 … */
export type ExtraResponse = { status: number; description: string; headers?: Record<string, string> };

/**
 * One HTTP endpoint, defined once and used by the server route (registration, parsing,
 * serialization), the web client (paths, response parsing) and the OpenAPI document.
 * `path` uses Fastify's `:param` syntax.
 */
export type Endpoint<
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Response extends z.ZodType | RawResponse = z.ZodType | RawResponse,
  Headers extends z.ZodType = z.ZodType,
  Format extends BodyFormat = BodyFormat,
> = {
  method: HttpMethod;
  path: string;
  /** One line for the API reference. */
  summary: string;
  /** Grouping in the API reference. */
  tag: string;
  description?: string;
  params?: Params;
  /**
   * Path parameters that fail their schema name something that cannot exist: answered as
   * `not_found` with this message, exactly like an unknown one, instead of a 400 (decision 060).
   */
  paramsNotFound?: string;
  query?: Query;
  headers?: Headers;
  body?: Body;
  /** Words a body problem for people (default: `Invalid body: path: message`). */
  describeIssue?: (path: readonly PropertyKey[], message: string) => string;
  /** Defaults to `json` when there is a body. */
  bodyFormat?: Format;
  /**
   * The largest body accepted, in bytes (JSON, form and raw bodies; multipart uploads have their
   * own limits). Defaults to BODY_LIMITS.default with a body, BODY_LIMITS.none without one.
   */
  maxBodyBytes?: number;
  response: Response;
  /** The success status (default 200; 204 for an empty answer). */
  status?: number;
  /** Error codes this endpoint answers with besides the generic ones (validation, rate limit, 5xx). */
  errors?: readonly ErrorCode[];
  extraResponses?: readonly ExtraResponse[];
  /** Also answers HEAD (GET endpoints only). */
  head?: boolean;
};

const KiB = 1024;

/**
 * Body limits that fit what each kind of route takes (decision 170): a sign-in is a few hundred
 * bytes, so a megabyte sent to it is abuse, refused from its Content-Length before it is read.
 */
export const BODY_LIMITS = {
  /** A route without a body schema (an empty `{}` or nothing). */
  none: 1 * KiB,
  /** Sign-in, setup, account forms: a few short fields, JSON-escaped at worst six bytes a character. */
  form: 16 * KiB,
  /** What a route with a body gets unless it says otherwise (carts, webhooks, board edits). */
  default: 64 * KiB,
  /** Product create/edit: long descriptions and option lists. */
  product: 256 * KiB,
  /** A whole movie-list file (board import). */
  file: 8 * 1024 * KiB,
} as const;

/** The body limit an endpoint declares, or the default for its kind. */
export function maxBodyBytesOf(definition: Pick<Endpoint, 'body' | 'maxBodyBytes'>): number {
  return definition.maxBodyBytes ?? (definition.body === undefined ? BODY_LIMITS.none : BODY_LIMITS.default);
}

export function endpoint<
  Params extends z.ZodType,
  Query extends z.ZodType,
  Body extends z.ZodType,
  Response extends z.ZodType | RawResponse,
  Headers extends z.ZodType,
  Format extends BodyFormat = 'json',
>(definition: Endpoint<Params, Query, Body, Response, Headers, Format>): Endpoint<Params, Query, Body, Response, Headers, Format> {
  return definition;
}

export function rawResponse(description: string, ...contentTypes: string[]): RawResponse {
  return { raw: true, contentTypes, description };
}

export function isRawResponse(response: z.ZodType | RawResponse): response is RawResponse {
  return 'raw' in response;
}

/**
 * The URL of a call: `path` with its `:name` segments filled and `query` as the search string
 * (keys in the order given, undefined and null left out). The client calls it and the server
 * names the same URL in its preload links, so the two match byte for byte.
 */
export function endpointUrl(path: string, params?: Record<string, string | number>, query?: object): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const text = search.toString();
  return `${buildPath(path, params)}${text === '' ? '' : `?${text}`}`;
}

/** Fills `:name` segments of an endpoint path, URL-encoding each value. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
