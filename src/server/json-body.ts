import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest, invalidJson, jsonTooDeep, payloadTooLarge } from '../shared/errors';

/**
 * JSON request bodies (decision 170). Fastify's own parser buffers the whole body and hands it to
 * JSON.parse, which spends 0.3–0.6 s of the event loop on a 1 MB `[[[[…` before any rule can refuse
 * it. This parser reads the body chunk by chunk and counts the nesting as the bytes arrive (outside
 * strings), so a body nested deeper than MAX_JSON_DEPTH or longer than the route's limit is refused
 * at the chunk that crosses the line: nothing too deep or too long ever reaches JSON.parse.
 */
export const MAX_JSON_DEPTH = 16;

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * The nesting of a JSON text read in pieces. Works on UTF-8 bytes: every byte of a multi-byte
 * character is ≥ 0x80, so none of them can be taken for a bracket, a quote or a backslash.
 */
export class JsonDepthScanner {
  private depth = 0;
  private inString = false;
  private escaped = false;

  constructor(private readonly maxDepth: number) {}

  /** Scans the next piece; false as soon as the nesting goes deeper than the bound. */
  push(chunk: Uint8Array): boolean {
    for (const byte of chunk) {
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (byte === BACKSLASH) this.escaped = true;
        else if (byte === QUOTE) this.inString = false;
      } else if (byte === QUOTE) {
        this.inString = true;
      } else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
        this.depth += 1;
        if (this.depth > this.maxDepth) return false;
      } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
        // Unbalanced closers are JSON.parse's to refuse; the count only has to stay an upper bound.
        this.depth = Math.max(0, this.depth - 1);
      }
    }
    return true;
  }
}

type Done = (error: Error | null, body?: unknown) => void;

/** The route's body limit (its `bodyLimit`, else the server's). */
function limitOf(request: FastifyRequest): number {
  return request.routeOptions.bodyLimit;
}

/**
 * Replaces Fastify's `application/json` parser for the whole app (register before any route).
 * Encapsulated plugins that parse bodies themselves (the Stripe webhook keeps raw bytes) are
 * unaffected. Errors are AppErrors, so the one error handler answers them in the error shape.
 */
export function registerJsonBody(app: FastifyInstance, maxDepth = MAX_JSON_DEPTH): void {
  // Fastify's own JSON.parse step, with its prototype-poisoning protection ('error' for both).
  const parseText = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', (request: FastifyRequest, payload: Readable, done: Done) => {
    const limit = limitOf(request);
    const declared = Number(request.headers['content-length']);
    if (declared > limit) {
      done(payloadTooLarge(`The request body is too large: the limit here is ${limit} bytes.`));
      return;
    }
    const scanner = new JsonDepthScanner(maxDepth);
    const chunks: Buffer[] = [];
    let received = 0;

    const stop = () => {
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onError);
    };
    function onData(chunk: Buffer | string) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      received += bytes.length;
      if (received > limit) {
        stop();
        done(payloadTooLarge(`The request body is too large: the limit here is ${limit} bytes.`));
        return;
      }
      if (!scanner.push(bytes)) {
        stop();
        done(jsonTooDeep(`The JSON body is nested too deeply: at most ${maxDepth} levels.`));
        return;
      }
      chunks.push(bytes);
    }
    function onError(error: Error & { statusCode?: number }) {
      stop();
      // A client that went away, or the body deadline (body-timeout.ts): never a 5xx.
      done(error instanceof AppError || (error.statusCode ?? 0) >= 400 ? error : badRequest('The request body could not be read.'));
    }
    function onEnd() {
      stop();
      if (!Number.isNaN(declared) && received !== declared) {
        done(badRequest('The Content-Length header does not match the body.'));
        return;
      }
      const text = Buffer.concat(chunks, received).toString('utf8');
      if (text.length === 0) {
        done(invalidJson('The request body is empty.'));
        return;
      }
      void parseText(request, text, (error, body) => {
        if (error === null) done(null, body);
        else done(invalidJson());
      });
    }
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
    payload.resume();
  });
}
