import type { FastifyPluginAsync } from 'fastify';
import { getMedia } from '../../shared/clips';
import type { RouteOptions } from '../context';
import { notFound, rangeNotSatisfiable } from '../../shared/errors';
import { localMediaPath } from '../media/local-storage';
import { isNotModified, parseRange, rangeStillValid } from '../media/range';
import { isMediaKey } from '../media/storage';
import { route } from '../route';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * GET/HEAD /media/:key — uploaded media from local disk or S3, streamed. Keys are immutable
 * (a changed file gets a new key), so responses are cached for a year. One byte range per
 * request (206), 416 past the end, conditional requests via ETag / Last-Modified, never
 * compressed (video and images are compressed already, and Range offsets must stay exact).
 */
export const mediaRoutes: FastifyPluginAsync<RouteOptions> = async (app, { ctx }) => {
  const { storage } = ctx;
  const delivery = ctx.config.mediaDelivery;

  route(app, getMedia, { access: 'public', compress: false }, async ({ params: { key }, headers, request, reply }) => {
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
    if (isNotModified(headers, object)) return reply.code(304).headers(cacheHeaders).send();

    if (delivery.kind === 'nginx') {
      // nginx serves the bytes (Range, If-Range, HEAD) from its internal location; the
      // checks above and these headers stay the app's.
      reply.headers(cacheHeaders).type(object.contentType);
      return reply.header('X-Accel-Redirect', `${delivery.prefix}${localMediaPath(key)}`).send();
    }
    if (delivery.kind === 's3-redirect' && storage.presignedUrl !== undefined) {
      // A short-lived URL to the bucket: not cacheable beyond its own lifetime.
      const url = await storage.presignedUrl(key, delivery.ttlSeconds);
      return reply.code(302).header('Cache-Control', 'private, max-age=60').header('Location', url).send();
    }

    const outcome = rangeStillValid(headers['if-range'], object) ? parseRange(headers.range, object.size) : ({ kind: 'full' } as const);
    if (outcome.kind === 'unsatisfiable') {
      reply.header('Accept-Ranges', 'bytes').header('Content-Range', `bytes */${object.size}`);
      throw rangeNotSatisfiable(`The requested range is outside the file (${object.size} bytes).`);
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
  });
};
