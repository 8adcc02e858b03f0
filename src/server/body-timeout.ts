import { PassThrough, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestTimeout } from '../shared/errors';

/**
 * Slow bodies (decision 070). Every connection is cut after IDLE_TIMEOUT_MS without a byte, but a
 * body trickled just faster than that would hold a connection forever; so a request body must
 * also arrive whole within `timeoutMs` of its headers. Streamed uploads (multipart to an upload
 * route, once the handler reads it) are exempt: a large video on a slow line may take minutes,
 * and the idle timeout alone bounds them.
 *
 * When the time is up and the body is still being read for parsing, the parser fails with 408 in
 * the error shape and the connection closes; when nothing reads the body, the connection is simply
 * closed. The answer ends the deadline, whether or not the body was read: an answer sent before
 * the whole body arrived (a refusal that never reads it) closes the connection once it is out,
 * rather than waiting for the rest of a body nobody will read.
 */
type Deadline = { timer: NodeJS.Timeout; body?: PassThrough };

/** A multipart request to a route that streams it (clip upload, product form, product image). */
function isStreamedUpload(request: FastifyRequest): boolean {
  const format = request.routeOptions.config.endpoint?.bodyFormat;
  return (
    (format === 'multipart' || format === 'multipart-or-json') && /^multipart\/form-data\b/i.test(request.headers['content-type'] ?? '')
  );
}

/** The whole body has arrived (a socket's request), or has been read (an injected one). */
function bodyDone(request: FastifyRequest): boolean {
  return request.raw.complete || request.raw.readableEnded;
}

function announcesBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** The same bytes through a stream that can be failed on its own, without destroying the socket. */
function interruptible(payload: Readable): PassThrough {
  const body = new PassThrough();
  payload.on('data', (chunk: Buffer) => {
    if (!body.write(chunk)) payload.pause();
  });
  body.on('drain', () => payload.resume());
  payload.on('end', () => body.end());
  // Node emits a request's errors (a client that went away) only to listeners: pass them on to
  // the body parser if one is reading, as Fastify would have seen them without this stream.
  payload.on('error', (error) => {
    if (body.listenerCount('error') > 0) body.destroy(error);
  });
  return body;
}

export function registerBodyTimeout(app: FastifyInstance, timeoutMs: number): void {
  const deadlines = new WeakMap<FastifyRequest, Deadline>();
  const clear = (request: FastifyRequest) => {
    const deadline = deadlines.get(request);
    if (deadline === undefined) return;
    clearTimeout(deadline.timer);
    deadlines.delete(request);
  };

  app.addHook('onRequest', (request, reply, done) => {
    if (bodyDone(request) || !announcesBody(request)) return done();
    const deadline: Deadline = {
      timer: setTimeout(() => {
        deadlines.delete(request);
        if (bodyDone(request)) return;
        const { body } = deadline;
        if (!reply.sent && body !== undefined && body.listenerCount('error') > 0) {
          request.log.info('request body too slow: answered 408');
          body.destroy(requestTimeout());
        } else {
          request.log.info('request body too slow: connection closed');
          request.raw.destroy();
        }
      }, timeoutMs),
    };
    deadline.timer.unref();
    deadlines.set(request, deadline);
    request.raw.once('end', () => clear(request));
    request.raw.once('close', () => clear(request));
    done();
  });

  app.addHook('preParsing', (request, _reply, payload, done) => {
    const deadline = deadlines.get(request);
    if (deadline === undefined || bodyDone(request) || isStreamedUpload(request)) return done(null, payload);
    deadline.body = interruptible(payload);
    done(null, deadline.body);
  });

  // An upload that reached its handler is streamed under the idle timeout only.
  app.addHook('preHandler', (request, _reply, done) => {
    if (isStreamedUpload(request)) clear(request);
    done();
  });

  // The answer ends the deadline. A body still on its way when the answer goes out is not waited
  // for (Node would read it to the end to keep the connection): the connection closes after it.
  app.addHook('onSend', (request, reply, payload, done) => {
    clear(request);
    if (announcesBody(request) && !bodyDone(request)) reply.header('connection', 'close');
    done(null, payload);
  });
}
