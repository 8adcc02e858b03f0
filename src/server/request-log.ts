import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Query parameters that are secrets and never reach the log: the one-time setup link's token. */
const SECRET_QUERY = /([?&]token=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

/** Fastify's request serializer (method, url, host, address), with the URL's secrets redacted. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}

type LoggerOption = FastifyServerOptions['logger'];

/** The logger options with the redacting request serializer (a logger given as an instance is left as it is). */
export function withRedactedRequests(logger: LoggerOption): LoggerOption {
  if (typeof logger !== 'object' || logger === null) return logger;
  return { ...logger, serializers: { ...logger.serializers, req: serializeRequest } };
}
