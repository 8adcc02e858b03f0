import type * as Http from 'node:http';
import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { ZodError } from 'zod';
import {
  AppError,
  badRequest,
  clientErrorFor,
  forbiddenPath,
  hasErrnoCode,
  headersTooLarge,
  internalError,
  invalidJson,
  invalidMultipart,
  malformedUrl,
  payloadTooLarge,
  requestTimeout,
  tooManyParts,
  unsupportedMediaType,
  uriTooLong,
  validationFailed,
} from '../shared/errors';

// node:http through require: an ES module import of it makes Node 24 read all its exports, one
// of which loads Node's fetch (undici): 15 ms of the start for a table of status texts.
const { STATUS_CODES } = createRequire(import.meta.url)('node:http') as typeof Http;

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

/**
 * The client closed the connection before its request was read or answered (an abandoned upload,
 * a closed tab): there is nobody to answer and nothing went wrong on our side, so it is no 5xx and
 * no error in the log (a flood of them would bury real errors).
 */
function clientWentAway(error: unknown, request: FastifyRequest): boolean {
  if (hasErrnoCode(error, 'ECONNRESET') || hasErrnoCode(error, 'ERR_STREAM_PREMATURE_CLOSE')) return true;
  return request.socket.destroyed;
}

function send(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (clientWentAway(error, request)) {
    request.log.info({ reason: (error as Partial<Error>).message }, 'client went away before the answer');
    return reply.code(400).type('application/json; charset=utf-8').send(badRequest('The request was cut short.').toBody());
  }
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

/**
 * What Node's HTTP parser refuses before Fastify sees a request (headers over 16 KB, a malformed
 * request line, a body framing it cannot read such as a chunked DELETE it will not parse), in
 * the app's error shape instead of Fastify's `{"error":"Bad Request","message":"Client Error"}`.
 * Like Fastify's own handler it writes the answer on the socket and closes it.
 */
export const clientErrorHandler: NonNullable<FastifyServerOptions['clientErrorHandler']> = function (
  this: FastifyInstance, // Fastify calls it bound to the app
  error: Error,
  socket: Socket,
) {
  const code = (error as NodeJS.ErrnoException).code;
  // A reset connection has nobody to answer.
  if (code === 'ECONNRESET' || socket.destroyed) return;
  const refusal =
    code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? requestTimeout('The request took too long to arrive.')
      : code === 'HPE_HEADER_OVERFLOW'
        ? headersTooLarge()
        : badRequest('The request is malformed.');
  this.log.debug({ err: error }, `client error answered ${refusal.statusCode}`);
  writeRawAnswer(socket, refusal.statusCode, JSON.stringify(refusal.toBody()), isHeadRequest(error));
};

/**
 * Whether the refused request is a HEAD, from the bytes the parser failed on (Node's `rawPacket`):
 * an answer to HEAD has no body, and a client reading one would fail on the bytes after the head
 * (to it, a dropped connection). A request whose first bytes came in an earlier packet is not
 * recognised and gets the body.
 */
function isHeadRequest(error: Error): boolean {
  const { rawPacket } = error as { rawPacket?: unknown };
  return Buffer.isBuffer(rawPacket) && rawPacket.subarray(0, 5).toString('latin1') === 'HEAD ';
}

function writeRawAnswer(socket: Socket, status: number, body: string, head: boolean): void {
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${head ? '' : body}`,
    );
  }
  socket.destroy();
}

/** The one error handler: every error answer is `{ error: { code, message } }`; 5xx internals are logged, never sent. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (error, request, reply) => send(error, request, reply));
}
