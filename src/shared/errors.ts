import { z } from 'zod';

/**
 * Stable error codes shared by server and web, each with the one HTTP status it is sent with.
 * A code names the cause (`invalid_json`, `route_not_found`, `uri_too_long`), not just the status.
 * Add a code here (and a factory below) before using it.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  malformed_url: 400,
  validation_failed: 400,
  invalid_json: 400,
  json_too_deep: 400,
  invalid_multipart: 400,
  invalid_signature: 400,
  invalid_event: 400,
  unauthenticated: 401,
  forbidden: 403,
  cross_site_request: 403,
  forbidden_path: 403,
  not_found: 404,
  route_not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  conflict: 409,
  precondition_failed: 412,
  payload_too_large: 413,
  too_many_parts: 413,
  uri_too_long: 414,
  headers_too_large: 431,
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  rate_limited: 429,
  // A 4xx status from a dependency that no code above names: `clientErrorFor` keeps that status.
  client_error: 400,
  internal_error: 500,
  service_unavailable: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** One problem of a refused request body, query or params: where (dotted path) and what. */
export const ValidationIssueSchema = z.object({ path: z.string(), message: z.string() });
export type ValidationIssue = z.infer<typeof ValidationIssueSchema>;

/** The one application error type: the server's error handler maps it to `{ error: { code, message } }`. */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    /** Only for `client_error`, which keeps the status a dependency raised (see clientErrorFor). */
    status?: number,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = code === 'client_error' && status !== undefined ? status : ERROR_STATUS[code];
  }

  toBody(): ErrorBody {
    return {
      error: { code: this.code, message: this.message, ...(this.details === undefined ? {} : { details: this.details }) },
    };
  }
}

// One factory per code: call sites name the cause, the table above decides the status.
export const badRequest = (message: string) => new AppError('bad_request', message);
export const malformedUrl = (message = 'The request address is malformed (bad percent-encoding).') =>
  new AppError('malformed_url', message);
export const validationFailed = (message: string, details?: ValidationIssue[]) => new AppError('validation_failed', message, details);
export const invalidJson = (message = 'The request body is not valid JSON.') => new AppError('invalid_json', message);
export const jsonTooDeep = (message = 'The JSON body is nested too deeply.') => new AppError('json_too_deep', message);
export const invalidMultipart = (message: string) => new AppError('invalid_multipart', message);
export const invalidSignature = (message = 'Invalid webhook signature.') => new AppError('invalid_signature', message);
export const invalidEvent = (message = 'Invalid webhook event.') => new AppError('invalid_event', message);
export const unauthenticated = (message = 'Please sign in first.') => new AppError('unauthenticated', message);
export const forbidden = (message = 'You are not allowed to do this.') => new AppError('forbidden', message);
export const crossSiteRequest = (message = 'Cross-site requests are not allowed.') => new AppError('cross_site_request', message);
export const forbiddenPath = (message = 'This path cannot be served.') => new AppError('forbidden_path', message);
export const notFound = (message = 'Not found.') => new AppError('not_found', message);
export const routeNotFound = (method: string, path: string) => new AppError('route_not_found', `No route for ${method} ${path}`);
export const methodNotAllowed = (message = 'This method is not allowed here.') => new AppError('method_not_allowed', message);
export const requestTimeout = (message = 'The request body took too long to arrive.') => new AppError('request_timeout', message);
export const conflict = (message: string) => new AppError('conflict', message);
export const preconditionFailed = (message = 'A precondition of the request (If-Match, If-Unmodified-Since) failed.') =>
  new AppError('precondition_failed', message);
export const payloadTooLarge = (message = 'The request body is too large.') => new AppError('payload_too_large', message);
export const tooManyParts = (message = 'The form has too many parts or fields.') => new AppError('too_many_parts', message);
export const uriTooLong = (message = 'The request address is too long.') => new AppError('uri_too_long', message);
export const headersTooLarge = (message = 'The request headers are too large.') => new AppError('headers_too_large', message);
export const unsupportedMediaType = (message = 'Unsupported content type.') => new AppError('unsupported_media_type', message);
export const rangeNotSatisfiable = (message: string) => new AppError('range_not_satisfiable', message);
export const rateLimited = (message = 'Too many requests. Please try again later.') => new AppError('rate_limited', message);
export const internalError = (message = 'Something went wrong on our side.') => new AppError('internal_error', message);
export const serviceUnavailable = (message: string) => new AppError('service_unavailable', message);

/** The generic code of each 4xx status a dependency (Fastify, its plugins, better-auth) may answer with. */
const CODE_OF_STATUS: Partial<Record<number, ErrorCode>> = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  412: 'precondition_failed',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  416: 'range_not_satisfiable',
  429: 'rate_limited',
};

/**
 * A dependency's 4xx answer that nothing more specific names, with the status it was raised with:
 * the status's generic code, or `client_error` for a status without one (a 406, 422 …).
 */
export function clientErrorFor(status: number, message: string): AppError {
  const code = CODE_OF_STATUS[status];
  return code === undefined ? new AppError('client_error', message, undefined, status) : new AppError(code, message);
}

// In a module of its own, without zod, for the server's first modules (server.ts, decision 208).
export { hasErrnoCode } from './errno';
