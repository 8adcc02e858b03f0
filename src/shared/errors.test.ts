import { describe, expect, it } from 'vitest';
import * as errors from './errors';
import { AppError, clientErrorFor, ERROR_CODES, ERROR_STATUS, ErrorBodySchema, hasErrnoCode } from './errors';

describe('error factories', () => {
  // Each factory: the code it names, its status, and its default words (shown to people as they are).
  // Thunks: the factories must run inside the test (Stryker activates a mutant only while tests run).
  it.each([
    [() => errors.malformedUrl(), 'malformed_url', 400, 'The request address is malformed (bad percent-encoding).'],
    [() => errors.invalidJson(), 'invalid_json', 400, 'The request body is not valid JSON.'],
    [() => errors.jsonTooDeep(), 'json_too_deep', 400, 'The JSON body is nested too deeply.'],
    [() => errors.invalidSignature(), 'invalid_signature', 400, 'Invalid webhook signature.'],
    [() => errors.invalidEvent(), 'invalid_event', 400, 'Invalid webhook event.'],
    [() => errors.unauthenticated(), 'unauthenticated', 401, 'Please sign in first.'],
    [() => errors.forbidden(), 'forbidden', 403, 'You are not allowed to do this.'],
    [() => errors.crossSiteRequest(), 'cross_site_request', 403, 'Cross-site requests are not allowed.'],
    [() => errors.forbiddenPath(), 'forbidden_path', 403, 'This path cannot be served.'],
    [() => errors.notFound(), 'not_found', 404, 'Not found.'],
    [() => errors.routeNotFound('GET', '/nope'), 'route_not_found', 404, 'No route for GET /nope'],
    [() => errors.methodNotAllowed(), 'method_not_allowed', 405, 'This method is not allowed here.'],
    [() => errors.requestTimeout(), 'request_timeout', 408, 'The request body took too long to arrive.'],
    [
      () => errors.preconditionFailed(),
      'precondition_failed',
      412,
      'A precondition of the request (If-Match, If-Unmodified-Since) failed.',
    ],
    [() => errors.payloadTooLarge(), 'payload_too_large', 413, 'The request body is too large.'],
    [() => errors.tooManyParts(), 'too_many_parts', 413, 'The form has too many parts or fields.'],
    [() => errors.uriTooLong(), 'uri_too_long', 414, 'The request address is too long.'],
    [() => errors.headersTooLarge(), 'headers_too_large', 431, 'The request headers are too large.'],
    [() => errors.unsupportedMediaType(), 'unsupported_media_type', 415, 'Unsupported content type.'],
    [() => errors.rateLimited(), 'rate_limited', 429, 'Too many requests. Please try again later.'],
    [() => errors.internalError(), 'internal_error', 500, 'Something went wrong on our side.'],
    [() => errors.badRequest('Bad.'), 'bad_request', 400, 'Bad.'],
    [() => errors.validationFailed('Invalid.'), 'validation_failed', 400, 'Invalid.'],
    [() => errors.invalidMultipart('No name.'), 'invalid_multipart', 400, 'No name.'],
    [() => errors.conflict('Taken.'), 'conflict', 409, 'Taken.'],
    [() => errors.rangeNotSatisfiable('Past the end.'), 'range_not_satisfiable', 416, 'Past the end.'],
    [() => errors.serviceUnavailable('Down.'), 'service_unavailable', 503, 'Down.'],
  ])('%s', (make, code, status, message) => {
    const error = make();
    expect(error).toBeInstanceOf(AppError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('AppError');
    expect(error.code).toBe(code);
    expect(error.statusCode).toBe(status);
    expect(error.message).toBe(message);
    expect(error.toBody()).toEqual({ error: { code, message } });
    expect(Object.keys(error.toBody().error)).toEqual(['code', 'message']);
  });

  it('passes a custom message through', () => {
    expect(errors.notFound('No such clip.').message).toBe('No such clip.');
    expect(errors.forbidden('Admins only.').message).toBe('Admins only.');
  });

  it('carries validation details in the body', () => {
    const details = [{ path: 'name', message: 'Required' }];
    const error = errors.validationFailed('Invalid body.', details);
    expect(error.details).toBe(details);
    expect(error.toBody()).toEqual({ error: { code: 'validation_failed', message: 'Invalid body.', details } });
    expect(ErrorBodySchema.parse(error.toBody())).toEqual(error.toBody());
  });
});

describe('error codes', () => {
  it('lists every code with an HTTP error status', () => {
    expect(ERROR_CODES).toEqual(Object.keys(ERROR_STATUS));
    for (const code of ERROR_CODES) expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
  });

  it('keeps a client_error status only for client_error', () => {
    expect(new AppError('client_error', 'x', undefined, 422).statusCode).toBe(422);
    expect(new AppError('client_error', 'x').statusCode).toBe(400);
    expect(new AppError('not_found', 'x', undefined, 422).statusCode).toBe(404);
  });
});

describe('clientErrorFor', () => {
  it.each([
    [400, 'bad_request'],
    [401, 'unauthenticated'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [405, 'method_not_allowed'],
    [409, 'conflict'],
    [412, 'precondition_failed'],
    [413, 'payload_too_large'],
    [414, 'uri_too_long'],
    [415, 'unsupported_media_type'],
    [416, 'range_not_satisfiable'],
    [429, 'rate_limited'],
  ])('%i → %s', (status, code) => {
    const error = clientErrorFor(status, 'Refused.');
    expect(error.code).toBe(code);
    expect(error.statusCode).toBe(status);
    expect(error.message).toBe('Refused.');
  });

  it.each([406, 422, 451])('%i keeps its status as client_error', (status) => {
    const error = clientErrorFor(status, 'Refused.');
    expect(error.code).toBe('client_error');
    expect(error.statusCode).toBe(status);
  });
});

describe('hasErrnoCode', () => {
  it.each([
    [Object.assign(new Error('x'), { code: 'ENOENT' }), 'ENOENT', true],
    [Object.assign(new Error('x'), { code: 'EPERM' }), 'ENOENT', false],
    [new Error('x'), 'ENOENT', false],
    [{ code: 'ENOENT' }, 'ENOENT', true],
    [null, 'ENOENT', false],
    [undefined, 'ENOENT', false],
    ['ENOENT', 'ENOENT', false],
  ])('%o, %s → %s', (error, code, expected) => {
    expect(hasErrnoCode(error, code)).toBe(expected);
  });
});
