import type { FastifyPluginAsync } from 'fastify';
import type { RouteOptions } from '../context';
import { AppError, notFound } from '../errors';
import { isNotModified, parseRange, rangeStillValid } from '../media/range';
import { isMediaKey } from '../media/storage';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * GET/HEAD /media/:key — uploaded media from local disk or S3, streamed. Keys are immutable
 * (a changed file gets a new key), so responses are cached for a year. One byte range per
 * request (206), 416 past the end, conditional requests via ETag / Last-Modified, never
 * compressed (video and images are compressed already, and Range offsets must stay exact).
 */
export const mediaRoutes: FastifyPluginAsync<RouteOptions> = async (app, { ctx }) => {
  const { storage } = ctx;

  app.route<{ Params: { key: string } }>({
    method: ['GET', 'HEAD'],
    url: '/media/:key',
    config: { access: 'public' },
    compress: false,
    handler: async (request, reply) => {
      const { key } = request.params;
      if (!isMediaKey(key)) throw notFound('No such media file.');
      const object = await storage.stat(key);
      if (object === null) throw notFound('No such media file.');

      const cacheHeaders = {
        'Accept-Ranges': 'bytes',
        ETag: object.etag,
        'Last-Modified': object.lastModified.toUTCString(),
        'Cache-Control': IMMUTABLE,
        'X-Content-Type-Options': 'nosniff',
      };
      // RFC 9110 section 13.2.2: the cache validators are evaluated before Range.
      if (isNotModified(request.headers, object)) return reply.code(304).headers(cacheHeaders).send();

      const ifRange = request.headers['if-range'];
      const outcome = rangeStillValid(typeof ifRange === 'string' ? ifRange : undefined, object)
        ? parseRange(request.headers.range, object.size)
        : ({ kind: 'full' } as const);
      if (outcome.kind === 'unsatisfiable') {
        reply.header('Accept-Ranges', 'bytes').header('Content-Range', `bytes */${object.size}`);
        throw new AppError(416, 'range_not_satisfiable', `The requested range is outside the file (${object.size} bytes).`);
      }

      reply.headers(cacheHeaders);
      reply.type(object.contentType);
      if (outcome.kind === 'partial') {
        const { start, end } = outcome.range;
        reply
          .code(206)
          .header('Content-Range', `bytes ${start}-${end}/${object.size}`)
          .header('Content-Length', end - start + 1);
        if (request.method === 'HEAD') return reply.send();
        return reply.send(await storage.read(key, outcome.range));
      }
      reply.header('Content-Length', object.size);
      if (request.method === 'HEAD') return reply.send();
      return reply.send(await storage.read(key));
    },
  });
};
