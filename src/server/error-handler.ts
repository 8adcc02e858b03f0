import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import type { ErrorBody, ErrorCode } from '../shared/errors';
import { AppError } from './errors';

type Mapped = { status: number; code: ErrorCode; message: string; details?: unknown };

const FASTIFY_CODES: Record<string, { code: ErrorCode; message?: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', message: 'The request body is too large.' },
  FST_REQ_FILE_TOO_LARGE: { code: 'payload_too_large', message: 'The uploaded file is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupported_media_type', message: 'Unsupported content type.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'bad_request', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'bad_request', message: 'The request body is empty.' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { code: 'bad_request', message: 'Expected a multipart/form-data request.' },
};

function mapError(error: unknown): Mapped {
  if (error instanceof AppError) {
    return { status: error.statusCode, code: error.code, message: error.message, details: error.details };
  }
  if (error instanceof ZodError) {
    return { status: 400, code: 'validation_failed', message: 'Invalid request.', details: error.issues };
  }
  const fastifyError = error as Partial<FastifyError>;
  const status = fastifyError.statusCode ?? 500;
  if (status === 429) {
    return { status, code: 'rate_limited', message: fastifyError.message ?? 'Too many requests. Please try again later.' };
  }
  if (status >= 400 && status < 500) {
    const known = fastifyError.code === undefined ? undefined : FASTIFY_CODES[fastifyError.code];
    return {
      status,
      code: known?.code ?? (fastifyError.validation === undefined ? 'bad_request' : 'validation_failed'),
      message: known?.message ?? fastifyError.message ?? 'Bad request.',
    };
  }
  return { status: status >= 500 ? status : 500, code: 'internal_error', message: 'Something went wrong on our side.' };
}

/** The one error handler: logs with request context and never leaks 5xx internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (error, request, reply) => {
    const mapped = mapError(error);
    if (mapped.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: mapped.code, status: mapped.status }, mapped.message);
    const body: ErrorBody = {
      error: { code: mapped.code, message: mapped.message, ...(mapped.details === undefined ? {} : { details: mapped.details }) },
    };
    return reply.code(mapped.status).type('application/json; charset=utf-8').send(body);
  });
}
