import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { isRawResponse, type BodyFormat, type Endpoint, type RawResponse } from '../shared/contract';
import { internalError, notFound, unsupportedMediaType } from '../shared/errors';
import { parseInput } from './http';
import type { CacheTag, PublicCache } from './cache/public-cache';
import type { RouteAccess } from './security';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The shared definition a route was registered from (see route.ts); read by the OpenAPI document. */
    endpoint?: Endpoint;
  }
}

/* eslint-disable @typescript-eslint/no-explicit-any -- `any` only marks the positions `infer` ignores */
type ParamsOf<E> = E extends Endpoint<infer P, any, any, any, any, any> ? z.output<P> : never;
type QueryOf<E> = E extends Endpoint<any, infer Q, any, any, any, any> ? z.output<Q> : never;
type BodyOf<E> = E extends Endpoint<any, any, infer B, any, any, any> ? z.output<B> : never;
type HeadersOf<E> = E extends Endpoint<any, any, any, any, infer H, any> ? z.output<H> : never;
type FormatOf<E> = E extends Endpoint<any, any, any, any, any, infer F> ? F : never;
type ResponseOf<E> = E extends Endpoint<any, any, any, infer R, any, any> ? R : never;
/* eslint-enable @typescript-eslint/no-explicit-any */

/** What a JSON or form body turns into; multipart and raw bodies are read from `request` by the handler. */
type ParsedBody<E> =
  FormatOf<E> extends 'multipart' | 'raw' ? undefined : FormatOf<E> extends 'multipart-or-json' ? BodyOf<E> | undefined : BodyOf<E>;

/** The validated input a handler gets: nothing in it came from the request unparsed. */
export type RouteInput<E extends Endpoint> = {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  headers: HeadersOf<E>;
  body: ParsedBody<E>;
  request: FastifyRequest;
  reply: FastifyReply;
  /** Validates multipart form fields with the endpoint's body schema (the same 400 as a JSON body). */
  parseFields: (fields: Record<string, string>) => BodyOf<E>;
};

/** JSON endpoints return their response (serialized through its schema); raw ones send on `reply` and return it. */
type HandlerResult<E extends Endpoint> =
  ResponseOf<E> extends RawResponse ? FastifyReply : ResponseOf<E> extends z.ZodType ? z.input<ResponseOf<E>> | FastifyReply : never;

export type RouteSettings = {
  access: RouteAccess;
  /**
   * A public read answered from the in-process cache (cache/public-cache.ts): a hit is sent before
   * the request is parsed; on a miss the handler's answer is stored under `tag`.
   */
  cache?: { store: PublicCache; tag: CacheTag };
  rateLimit?: FastifyContextConfig['rateLimit'];
  /** Media and images are compressed already, and Range offsets must stay exact. */
  compress?: false;
  /** A JSON body larger than the app's 1 MB limit (e.g. a boards import file); 413 above it. */
  bodyLimit?: number;
};

type RequestPart = 'params' | 'query' | 'headers' | 'body';
const WHAT: Record<RequestPart, string> = { params: 'path parameter', query: 'query', headers: 'header', body: 'body' };

function parseOptional(schema: z.ZodType | undefined, value: unknown, part: RequestPart): unknown {
  return schema === undefined ? undefined : parseInput(schema, value, WHAT[part]);
}

function parseParams(definition: Endpoint, value: unknown): unknown {
  if (definition.params === undefined || definition.paramsNotFound === undefined) return parseOptional(definition.params, value, 'params');
  const result = definition.params.safeParse(value);
  if (!result.success) throw notFound(definition.paramsNotFound);
  return result.data;
}

function bodyFormatOf(definition: Endpoint): BodyFormat | undefined {
  return definition.bodyFormat ?? (definition.body === undefined ? undefined : 'json');
}

function readBody(definition: Endpoint, request: FastifyRequest): unknown {
  const format = bodyFormatOf(definition);
  if (format === 'multipart' || format === 'multipart-or-json') {
    // The content type, not request.isMultipart(): that only exists where @fastify/multipart is registered.
    if (/^multipart\/form-data\b/i.test(request.headers['content-type'] ?? '')) return undefined;
    if (format === 'multipart') throw unsupportedMediaType('Send this as multipart/form-data.');
  }
  if (format === 'raw') return undefined;
  if (definition.body === undefined) return undefined;
  return parseInput(definition.body, request.body, WHAT.body, definition.describeIssue);
}

/**
 * Registers one route from its shared endpoint definition: method and path come from the
 * definition; params, query, headers and body are parsed with its schemas before the handler
 * runs; a JSON answer is serialized through the response schema, so no field the contract
 * does not name can leave the server. Access rules stay declared here, per route.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  definition: E,
  settings: RouteSettings,
  handler: (input: RouteInput<E>) => Promise<HandlerResult<E>>,
): void {
  const response = definition.response;
  const cache = settings.cache;
  app.route({
    method: definition.head === true ? [definition.method, 'HEAD'] : definition.method,
    url: definition.path,
    config: {
      access: settings.access,
      endpoint: definition,
      ...(settings.rateLimit === undefined ? {} : { rateLimit: settings.rateLimit }),
    },
    ...(settings.compress === false ? { compress: false } : {}),
    ...(settings.bodyLimit === undefined ? {} : { bodyLimit: settings.bodyLimit }),
    ...(cache === undefined
      ? {}
      : {
          onRequest: (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
            if (!cache.store.sendHit(cache.tag, request, reply)) done();
          },
        }),
    handler: async (request, reply) => {
      const input = {
        params: parseParams(definition, request.params),
        query: parseOptional(definition.query, request.query, 'query'),
        headers: parseOptional(definition.headers, request.headers, 'headers'),
        body: readBody(definition, request),
        request,
        reply,
        parseFields: (fields: Record<string, string>) => parseOptional(definition.body, fields, 'body'),
      } as RouteInput<E>;
      reply.code(definition.status ?? 200);
      if (cache !== undefined && !isRawResponse(response)) {
        return cache.store.json(
          request,
          reply,
          { tag: cache.tag, schema: response },
          async () => (await handler(input)) as z.input<typeof response>,
        );
      }
      const result: unknown = await handler(input);
      // A handler that sent its answer returns `reply`; an async function hands back a thenable's
      // settled value instead (Fastify's Reply has `then`), so `reply.sent` is what tells.
      if (result === reply || reply.sent) return reply;
      if (isRawResponse(response)) throw new Error(`${definition.method} ${definition.path} must send its raw answer`);
      if (reply.statusCode === 204) return reply.send();
      const parsed = response.safeParse(result);
      if (!parsed.success) {
        // The server broke its own contract: a 500, not the client's 400.
        request.log.error({ issues: parsed.error.issues }, `${definition.method} ${definition.path} answered outside its contract`);
        throw internalError();
      }
      return reply.send(parsed.data);
    },
  });
}
