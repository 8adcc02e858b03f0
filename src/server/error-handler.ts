import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { ZodError } from 'zod';
import {
  AppError,
  badRequest,
  clientErrorFor,
  forbiddenPath,
  internalError,
  invalidJson,
  invalidMultipart,
  malformedUrl,
  payloadTooLarge,
  tooManyParts,
  unsupportedMediaType,
  uriTooLong,
  validationFailed,
} from '../shared/errors';

/** Fastify's and its plugins' own errors, each mapped to the code that names its cause. */
const FASTIFY_ERRORS: Record<string, () => AppError> = {
  FST_ERR_CTP_BODY_TOO_LARGE: () => payloadTooLarge(),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => badRequest('The Content-Length header does not match the body.'),
  FST_REQ_FILE_TOO_LARGE: () => payloadTooLarge('The uploaded file is too large.'),
  FST_PARTS_LIMIT: () => tooManyParts('The form has too many parts.'),
  FST_FILES_LIMIT: () => tooManyParts('The form has too many files.'),
  FST_FIELDS_LIMIT: () => tooManyParts('The form has too many fields.'),
  FST_PROTO_VIOLATION: () => invalidMultipart('A form field has a forbidden name.'),
  FST_INVALID_MULTIPART_CONTENT_TYPE: () => invalidMultipart('Expected a multipart/form-data request.'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => unsupportedMediaType(),
  FST_ERR_CTP_INVALID_TYPE: () => unsupportedMediaType(),
  FST_ERR_CTP_INVALID_JSON_BODY: () => invalidJson(),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => invalidJson('The request body is empty.'),
  FST_ERR_BAD_URL: () => malformedUrl(),
  FST_ERR_INVALID_URL: () => malformedUrl('The request address is not a valid URL.'),
  FST_STATIC_FORBIDDEN_PATH: () => forbiddenPath(),
  FST_ERR_MAX_PARAM_LENGTH: () => uriTooLong('A part of the request address is too long.'),
  FST_ERR_ASYNC_CONSTRAINT: () => badRequest('The request could not be routed.'),
};

/** What the multipart parser (busboy) throws for a truncated or malformed body: the client's fault. */
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Unexpected end of (multipart data|form)|Part terminated early due to unexpected end of multipart data|Malformed part header)/;

function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) return validationFailed('Invalid request.');
  const fastifyError = error as Partial<FastifyError>;
  const known = fastifyError.code === undefined ? undefined : FASTIFY_ERRORS[fastifyError.code];
  if (known !== undefined) return known();
  if (fastifyError.statusCode === undefined && typeof fastifyError.message === 'string' && MALFORMED_MULTIPART.test(fastifyError.message)) {
    return invalidMultipart('The multipart body is malformed or incomplete.');
  }
  const status = fastifyError.statusCode ?? 500;
  // Invalid JSON bodies surface as a SyntaxError with a 400 status from the JSON parser.
  if (status === 400 && error instanceof SyntaxError) return invalidJson();
  // Our own refusals are AppErrors, so a bare 403 comes from @fastify/static's `send`: a path it will not serve.
  if (status === 403) return forbiddenPath();
  if (status >= 400 && status < 500) {
    const message = fastifyError.message ?? 'The request was refused.';
    return fastifyError.validation === undefined ? clientErrorFor(status, message) : validationFailed(message);
  }
  return internalError();
}

function send(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const mapped = toAppError(error);
  const status = mapped.statusCode;
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.info({ code: mapped.code, status }, mapped.message);
  return reply.code(status).type('application/json; charset=utf-8').send(mapped.toBody());
}

/** Errors Fastify raises before routing (malformed URL, over-long path parameter), in the same shape. */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (error, request, reply) => {
  send(error, request, reply);
};

/** The one error handler: every error answer is `{ error: { code, message } }`; 5xx internals are logged, never sent. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (error, request, reply) => send(error, request, reply));
}
