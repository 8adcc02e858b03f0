import { z } from 'zod';
import { isRawResponse, maxBodyBytesOf, type Endpoint } from '../../shared/contract';
import { ERROR_STATUS, ErrorBodySchema, type ErrorCode } from '../../shared/errors';
import { errorExample, SUCCESS_EXAMPLES } from './examples';
import { PRODUCT_NAME } from '../../shared/product';
import { SESSION_COOKIE_PREFIX } from '../auth/auth';
import type { RegisteredRoute } from '../auth/route-registry';

// The OpenAPI 3.1 document, generated from the same endpoint definitions the routes are
// registered from (route.ts), so the document and the server cannot drift apart.

type JsonSchema = Record<string, unknown>;
type Response = OpenApiOperation['responses'][string];

export type OpenApiParameter = { name: string; in: string; required: boolean; description?: string; schema: JsonSchema };
export type OpenApiOperation = {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters: OpenApiParameter[];
  requestBody?: { description?: string; required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<
    string,
    {
      description: string;
      headers?: Record<string, unknown>;
      content?: Record<string, { schema?: unknown; example?: unknown; examples?: unknown }>;
    }
  >;
};
export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: Record<string, unknown>;
};

export type DocumentedRoute = Pick<RegisteredRoute, 'access' | 'rateLimit'> & { endpoint: Endpoint };

const SESSION_SCHEME = 'sessionCookie';

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect); `input` for requests, `output` for answers. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** `/api/clips/:id` → `/api/clips/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function parameters(schema: z.ZodType | undefined, where: 'path' | 'query' | 'header'): OpenApiParameter[] {
  if (schema === undefined) return [];
  const object = jsonSchema(schema, 'input');
  const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((object.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
    };
  });
}

function requestBody(endpoint: Endpoint): OpenApiOperation['requestBody'] {
  if (endpoint.body === undefined) return undefined;
  const schema = jsonSchema(endpoint.body, 'input');
  const format = endpoint.bodyFormat ?? 'json';
  const content: Record<string, { schema: JsonSchema }> = {};
  if (format === 'json' || format === 'multipart-or-json' || format === 'raw') content['application/json'] = { schema };
  if (format === 'multipart' || format === 'multipart-or-json') content['multipart/form-data'] = { schema };
  if (format === 'form') content['application/x-www-form-urlencoded'] = { schema };
  const limit =
    format === 'multipart' ? '' : `At most ${maxBodyBytesOf(endpoint)} bytes${format === 'multipart-or-json' ? ' as JSON' : ''}.`;
  return { ...(limit === '' ? {} : { description: limit }), required: format !== 'form', content };
}

function successResponse(endpoint: Endpoint): [string, Response] {
  const status = endpoint.status ?? 200;
  const { response } = endpoint;
  if (status === 204) return ['204', { description: 'Done; no content.' }];
  if (isRawResponse(response)) {
    const content = Object.fromEntries(response.contentTypes.map((type) => [type, { schema: { type: 'string' } }]));
    return [String(status), { description: response.description, content }];
  }
  const example = SUCCESS_EXAMPLES.get(endpoint);
  const media = { schema: jsonSchema(response, 'output'), ...(example === undefined ? {} : { example }) };
  return [String(status), { description: 'Success.', content: { 'application/json': media } }];
}

/** The error codes a route can answer with, from its definition and its registration. */
function errorCodes(route: DocumentedRoute): ErrorCode[] {
  const { endpoint, access } = route;
  const codes = new Set<ErrorCode>(endpoint.errors ?? []);
  // Path parameters with `paramsNotFound` answer a malformed value with not_found, not validation_failed.
  const params = endpoint.paramsNotFound === undefined ? endpoint.params : undefined;
  const hasInput = [params, endpoint.query, endpoint.headers, endpoint.body].some((part) => part !== undefined);
  if (hasInput) codes.add('validation_failed');
  if (endpoint.paramsNotFound !== undefined) codes.add('not_found');
  if (endpoint.body !== undefined && (endpoint.bodyFormat ?? 'json') !== 'raw') codes.add('invalid_json');
  // JSON bodies: the route's size limit and the nesting bound (json-body.ts).
  if (endpoint.body !== undefined && endpoint.bodyFormat !== 'multipart') codes.add('payload_too_large');
  if (endpoint.body !== undefined && [undefined, 'json', 'multipart-or-json'].includes(endpoint.bodyFormat)) codes.add('json_too_deep');
  // Bodies that do not arrive whole in time (body-timeout.ts); streamed uploads only have an idle timeout.
  if (endpoint.body !== undefined && endpoint.bodyFormat !== 'multipart') codes.add('request_timeout');
  if (access === 'signed-in' || access === 'admin') codes.add('unauthenticated');
  if (access === 'admin') codes.add('forbidden');
  if (endpoint.method !== 'GET' && access !== 'webhook') codes.add('cross_site_request');
  if (route.rateLimit !== undefined && route.rateLimit !== false) codes.add('rate_limited');
  codes.add('internal_error');
  return [...codes];
}

function errorResponses(codes: readonly ErrorCode[], endpoint: Endpoint): Record<string, Response> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  return Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, list]) => [
        String(status),
        {
          description: `Error: ${list.map((code) => `\`${code}\``).join(', ')}.`,
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/ErrorBody' },
              examples: Object.fromEntries(list.map((code) => [code, { value: errorExample(code, endpoint) }])),
            },
          },
        },
      ]),
  );
}

function operation(route: DocumentedRoute): OpenApiOperation {
  const { endpoint, access } = route;
  const [status, success] = successResponse(endpoint);
  const extra = Object.fromEntries(
    (endpoint.extraResponses ?? []).map((response) => [
      String(response.status),
      {
        description: response.description,
        ...(response.headers === undefined
          ? {}
          : {
              headers: Object.fromEntries(
                Object.entries(response.headers).map(([name, value]) => [name, { description: value, schema: { type: 'string' } }]),
              ),
            }),
      },
    ]),
  );
  const body = requestBody(endpoint);
  const guarded = access === 'signed-in' || access === 'admin';
  const who = {
    public: 'Anyone.',
    player: "Anyone; acts for the browser's player (the httpOnly `mingo_player` cookie).",
    'signed-in': 'Signed-in staff and admins.',
    admin: 'Admins only.',
    webhook: 'Stripe (signed).',
  };
  return {
    operationId: `${endpoint.method.toLowerCase()} ${endpoint.path}`,
    summary: endpoint.summary,
    description: [endpoint.description, `Access: ${access === undefined ? 'public' : who[access]}`].filter(Boolean).join('\n\n'),
    tags: [endpoint.tag],
    security: guarded ? [{ [SESSION_SCHEME]: [] }] : [],
    parameters: [...parameters(endpoint.params, 'path'), ...parameters(endpoint.query, 'query'), ...parameters(endpoint.headers, 'header')],
    ...(body === undefined ? {} : { requestBody: body }),
    responses: { [status]: success, ...extra, ...errorResponses(errorCodes(route), endpoint) },
  };
}

/** The OpenAPI 3.1 document of every given route (one operation per method and path; HEAD with its GET). */
export function buildOpenApiDocument(routes: readonly DocumentedRoute[], serverUrl: string): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) {
    const path = openApiPath(route.endpoint.path);
    const item = (paths[path] ??= {});
    item[route.endpoint.method.toLowerCase()] = operation(route);
    if (route.endpoint.head === true) {
      item.head = { ...operation(route), operationId: `head ${route.endpoint.path}`, summary: `${route.endpoint.summary} (headers only)` };
    }
  }
  const tags = [...new Set(routes.map((route) => route.endpoint.tag))].map((name) => ({ name }));
  return {
    openapi: '3.1.0',
    info: {
      title: `${PRODUCT_NAME} API`,
      version: '1.0.0',
      description:
        'Money travels as `price` in dollars with two decimals. Every error answer is `{ "error": { "code", "message" } }`; ' +
        'validation errors add `details` (one `{ path, message }` per problem). State-changing requests from browsers must be same-origin.',
    },
    servers: [{ url: serverUrl }],
    tags,
    paths,
    components: {
      schemas: { ErrorBody: jsonSchema(ErrorBodySchema, 'output') },
      securitySchemes: {
        [SESSION_SCHEME]: {
          type: 'apiKey',
          in: 'cookie',
          name: `${SESSION_COOKIE_PREFIX}.session_token`,
          description: 'The session cookie set by POST /api/auth/sign-in/email.',
        },
      },
    },
  };
}
