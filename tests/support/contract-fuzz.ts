import { isWellFormedText } from '../../src/shared/text';
import { multipart } from './test-multipart';

/**
 * Hostile requests generated from the OpenAPI document (decision 173): every documented operation,
 * for every role, with hostile path, query, header and body values derived from the schemas the
 * document declares. Nothing here names a route: a route documented tomorrow is fuzzed tomorrow.
 * Generation is deterministic (no randomness, the document's order) and bounded per operation.
 */

type JsonSchema = {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
};

type Parameter = { name: string; in: string; required: boolean; schema: JsonSchema };
type Operation = {
  operationId: string;
  description: string;
  security: Record<string, string[]>[];
  parameters: Parameter[];
  requestBody?: { description?: string; required: boolean; content: Record<string, { schema: JsonSchema }> };
};
export type FuzzDocument = { paths: Record<string, Record<string, Operation>> };

export type Role = 'anonymous' | 'staff' | 'admin';
export type FuzzMethod = 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export type FuzzCase = {
  /** `method path`, as the document names the operation. */
  operation: string;
  name: string;
  method: FuzzMethod;
  /** The request target, already percent-encoded. */
  url: string;
  as: Role;
  headers: Record<string, string>;
  body?: Buffer;
};

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** Text no field may store (control characters, a lone surrogate, far too long). */
const REFUSED_TEXT: [string, string][] = [
  ['NUL', 'abc\u0000def'],
  ['escape', 'a\u001b[31mred'],
  ['DEL', 'a\u007fb'],
  ['lone surrogate', 'a\ud800b'],
  ['huge', 'x'.repeat(100_000)],
];

/** Odd but legitimate text: sent only where it is looked up (path, query, headers), never to a body. */
const LOOKUP_TEXT: [string, string][] = [
  ['RTL override', '\u202eevil'],
  ['zero-width', '\u200b\u200b'],
  ['traversal', '../../../../etc/passwd'],
  ['encoded traversal', '..%2f..%2fetc%2fpasswd'],
  ['SQL', "' OR 1=1; DROP TABLE products; --"],
  ['emoji', '🎬'.repeat(300)],
  ['empty', ''],
  // Refused by one-line fields only (a description may hold line breaks).
  ['CR LF', 'a\r\nSet-Cookie: x=1'],
];

/** Numbers, as URL text, that no integer field should take in stride. */
const NUMBER_TEXT = ['NaN', 'Infinity', '-1', '1e308', '9007199254740993', '1.5', '-0', '0x10', ' 1', 'abc'];

/** Body values of the wrong type or out of every range. */
const NASTY_JSON: [string, unknown][] = [
  ['null', null],
  ['array', []],
  ['object', {}],
  ['true', true],
  ['string', 'x'],
  ['negative', -1],
  ['huge number', 1e308],
  ['unsafe integer', 2 ** 53 + 1],
  ['float', 0.0001],
  ['prototype key', JSON.parse('{"__proto__":{"admin":true}}') as unknown],
];

const schemaTypes = (schema: JsonSchema): string[] => (schema.type === undefined ? [] : [schema.type].flat());

function resolve(schema: JsonSchema, root: JsonSchema): JsonSchema {
  if (schema.$ref?.startsWith('#/$defs/') === true) return root.$defs?.[schema.$ref.slice('#/$defs/'.length)] ?? {};
  const options = schema.anyOf ?? schema.oneOf;
  if (options !== undefined) {
    const first = options.map((option) => resolve(option, root)).find((option) => !schemaTypes(option).includes('null'));
    return first ?? {};
  }
  if (schema.allOf?.[0] !== undefined) return resolve(schema.allOf[0], root);
  return schema;
}

/** A value the schema accepts, where it can be made without knowing the domain (the base every mutation changes one part of). */
export function sample(given: JsonSchema, root: JsonSchema = given, depth = 0): unknown {
  const schema = resolve(given, root);
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum !== undefined) return schema.enum[0];
  const type = schemaTypes(schema).find((name) => name !== 'null') ?? (schema.properties === undefined ? 'string' : 'object');
  switch (type) {
    case 'string': {
      if (schema.format === 'uuid') return UNKNOWN_ID;
      if (schema.format === 'email') return 'fuzz@test.local';
      if (schema.format === 'date-time') return '2026-01-01T00:00:00.000Z';
      return 'f'.repeat(Math.max(schema.minLength ?? 1, 1));
    }
    case 'integer':
    case 'number': {
      const low = schema.minimum ?? (schema.exclusiveMinimum === undefined ? 1 : schema.exclusiveMinimum + 1);
      return Math.min(low, schema.maximum ?? low);
    }
    case 'boolean':
      return false;
    case 'array': {
      if (depth > 4) return [];
      return Array.from({ length: Math.min(schema.minItems ?? 0, 30) }, () => sample(schema.items ?? {}, root, depth + 1));
    }
    case 'object': {
      if (depth > 4) return {};
      const required = new Set(schema.required ?? []);
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([name]) => required.has(name))
          .map(([name, property]) => [name, sample(property, root, depth + 1)]),
      );
    }
    default:
      return 'f';
  }
}

/** Values that break `schema` for a text position (path, query, header): all sent as text. */
function hostileText(schema: JsonSchema, where: 'path' | 'query' | 'header'): [string, string][] {
  const values: [string, string][] = [...REFUSED_TEXT, ...LOOKUP_TEXT];
  const types = schemaTypes(schema);
  if (types.includes('integer') || types.includes('number')) for (const text of NUMBER_TEXT) values.push([`number ${text}`, text]);
  if (schema.maximum !== undefined) values.push(['above maximum', String(schema.maximum + 1)]);
  if (schema.minimum !== undefined) values.push(['below minimum', String(schema.minimum - 1)]);
  if (schema.maxLength !== undefined) values.push(['one too long', 'x'.repeat(schema.maxLength + 1)]);
  if (schema.enum !== undefined || schema.format !== undefined || schema.pattern !== undefined)
    values.push(['not the form', 'zz-not-valid']);
  // Header values are Latin-1 without control characters on the wire (Node refuses others before sending).
  if (where === 'header') return values.filter(([, text]) => /^[\x20-\x7e]*$/.test(text) && text.length <= 8000);
  return values;
}

/** A URL path segment or query value; a lone surrogate has no UTF-8 form, so its CESU bytes (invalid UTF-8) instead. */
function urlText(text: string): string {
  return isWellFormedText(text) ? encodeURIComponent(text) : 'a%ED%A0%80b';
}

/** Values that break one property of a JSON body (its type, its range, its text). */
function hostileJson(property: JsonSchema, root: JsonSchema): [string, unknown][] {
  const schema = resolve(property, root);
  const types = schemaTypes(schema);
  const values: [string, unknown][] = NASTY_JSON.filter(([, value]) => {
    // Only values of a type the property does not take: a mutation must break the contract.
    const kind = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'object' ? 'object' : typeof value;
    if (types.length === 0) return false;
    if (kind === 'number') return !types.includes('number') && !types.includes('integer');
    return !types.includes(kind);
  });
  if (types.includes('string')) for (const [label, text] of REFUSED_TEXT) values.push([`text ${label}`, text]);
  if (types.includes('integer')) values.push(['fraction', 1.5]);
  if (schema.maximum !== undefined) values.push(['above maximum', schema.maximum + 1]);
  if (schema.minimum !== undefined) values.push(['below minimum', schema.minimum - 1]);
  if (schema.maxLength !== undefined && schema.maxLength < 100_000) values.push(['one too long', 'x'.repeat(schema.maxLength + 1)]);
  if (schema.maxItems !== undefined)
    values.push(['too many items', Array.from({ length: schema.maxItems + 1 }, () => sample(schema.items ?? {}, root))]);
  if (schema.enum !== undefined) values.push(['not a member', 'zz-not-a-member']);
  return values;
}

/** "At most 16384 bytes" in the request body's description (the route's limit, decision 170). */
function bodyLimitOf(operation: Operation): number | undefined {
  const match = /At most (\d+) bytes/.exec(operation.requestBody?.description ?? '');
  return match === null ? undefined : Number(match[1]);
}

function rolesOf(operation: Operation): { allowed: Role[]; refused: Role[] } {
  if (operation.security.length === 0) return { allowed: ['anonymous', 'staff', 'admin'], refused: [] };
  if (operation.description.includes('Admins only.')) return { allowed: ['admin'], refused: ['anonymous', 'staff'] };
  return { allowed: ['staff', 'admin'], refused: ['anonymous'] };
}

type Variation = {
  name: string;
  params?: Record<string, string>;
  query?: string;
  headers?: Record<string, string>;
  body?: Buffer;
  contentType?: string;
};

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

/** Every hostile variation of one operation, before roles. */
function variations(method: FuzzMethod, operation: Operation): Variation[] {
  const list: Variation[] = [];
  const byPlace = (place: string) => operation.parameters.filter((parameter) => parameter.in === place);

  for (const parameter of byPlace('path')) {
    for (const [label, text] of hostileText(parameter.schema, 'path')) {
      list.push({ name: `path ${parameter.name} ${label}`, params: { [parameter.name]: urlText(text) } });
    }
  }
  for (const parameter of byPlace('query')) {
    for (const [label, text] of hostileText(parameter.schema, 'query')) {
      list.push({ name: `query ${parameter.name} ${label}`, query: `${parameter.name}=${urlText(text)}` });
    }
    list.push({ name: `query ${parameter.name} repeated`, query: `${parameter.name}=1&${parameter.name}=2` });
    list.push({ name: `query ${parameter.name} bracketed`, query: `${parameter.name}[a]=1&${parameter.name}[__proto__]=x` });
  }
  // Unknown keys are dropped, so the request is otherwise as valid as its samples: reads only.
  if (method === 'GET' || method === 'HEAD')
    list.push({ name: 'query unknown keys', query: '__proto__[admin]=1&constructor=x&drop=table' });
  for (const parameter of byPlace('header')) {
    for (const [label, text] of hostileText(parameter.schema, 'header')) {
      list.push({ name: `header ${parameter.name} ${label}`, headers: { [parameter.name]: text } });
    }
  }

  const content = operation.requestBody?.content ?? {};
  const jsonSchema = content['application/json']?.schema;
  if (jsonSchema !== undefined) {
    const base = sample(jsonSchema);
    const resolved = resolve(jsonSchema, jsonSchema);
    for (const [label, value] of hostileJson(jsonSchema, jsonSchema))
      list.push({ name: `body ${label}`, body: json(value), contentType: 'application/json' });
    // One property at a time (of the body, or of its first item when it is a list of objects).
    const itemSchema = schemaTypes(resolved).includes('array') ? resolve(resolved.items ?? {}, jsonSchema) : undefined;
    const target = itemSchema ?? resolved;
    const wrap = (value: Record<string, unknown>) => (itemSchema === undefined ? value : [value]);
    const baseObject = (itemSchema === undefined ? base : sample(itemSchema, jsonSchema)) as Record<string, unknown>;
    if (typeof baseObject === 'object' && baseObject !== null) {
      for (const [name, property] of Object.entries(target.properties ?? {})) {
        if ((target.required ?? []).includes(name)) {
          const { [name]: _missing, ...rest } = baseObject;
          list.push({ name: `body without ${name}`, body: json(wrap(rest)), contentType: 'application/json' });
        }
        for (const [label, value] of hostileJson(property, jsonSchema)) {
          list.push({ name: `body ${name} ${label}`, body: json(wrap({ ...baseObject, [name]: value })), contentType: 'application/json' });
        }
      }
    }
    const limit = bodyLimitOf(operation);
    list.push(
      { name: 'body nested 50000 deep', body: Buffer.from(`${'['.repeat(50_000)}${']'.repeat(50_000)}`), contentType: 'application/json' },
      { name: 'body broken JSON', body: Buffer.from('{"a": '), contentType: 'application/json' },
      { name: 'body as text/plain', body: json(base), contentType: 'text/plain' },
      ...(limit === undefined
        ? []
        : [
            {
              name: 'body one byte over its limit',
              body: json({ a: 'x'.repeat(limit) }).subarray(0, limit + 1),
              contentType: 'application/json',
            },
          ]),
    );
  }
  const formSchema = content['multipart/form-data']?.schema ?? content['application/x-www-form-urlencoded']?.schema;
  if (formSchema !== undefined) {
    const isMultipart = content['multipart/form-data'] !== undefined;
    const base = sample(formSchema) as Record<string, unknown>;
    const fields = Object.keys(resolve(formSchema, formSchema).properties ?? {});
    for (const name of fields) {
      // Multipart text travels as UTF-8: a lone surrogate cannot (it would arrive as U+FFFD).
      for (const [label, text] of REFUSED_TEXT.filter(([, value]) => isWellFormedText(value))) {
        const values = Object.entries({ ...base, [name]: text }).map(([field, value]) => ({
          name: field,
          value: typeof value === 'string' ? value : JSON.stringify(value),
        }));
        if (isMultipart) {
          const form = multipart(values);
          list.push({ name: `form ${name} ${label}`, body: form.payload, contentType: form.headers['content-type'] ?? '' });
        } else {
          const body = new URLSearchParams(values.map(({ name: field, value }) => [field, value])).toString();
          list.push({ name: `form ${name} ${label}`, body: Buffer.from(body), contentType: 'application/x-www-form-urlencoded' });
        }
      }
    }
    if (isMultipart) {
      list.push(
        { name: 'multipart without boundary', body: Buffer.from('--x\r\n'), contentType: 'multipart/form-data' },
        {
          name: 'multipart truncated',
          body: Buffer.from('--b\r\nContent-Disposition: form-data; name="title"\r\n\r\nab'),
          contentType: 'multipart/form-data; boundary=b',
        },
        {
          name: 'multipart part without a name',
          body: Buffer.from('--b\r\nContent-Disposition: form-data\r\n\r\nab\r\n--b--\r\n'),
          contentType: 'multipart/form-data; boundary=b',
        },
      );
    }
  }
  // An operation with nothing to vary (no parameters, no body) still acts for whoever its cookies
  // name: forged ones, a session token and a well-formed player key that no browser holds.
  if (list.length === 0)
    list.push({ name: 'forged cookies', headers: { cookie: `mingo_player=${'A'.repeat(43)}; mingo.session_token=forged` } });
  return list;
}

/** Fills `{name}` segments: the varied ones with their hostile text, the others with a sample of their schema. */
function target(path: string, operation: Operation, variation: Variation): string {
  const filled = path.replace(/\{([A-Za-z0-9_]+)\}/g, (_, name: string) => {
    const given = variation.params?.[name];
    if (given !== undefined) return given;
    const parameter = operation.parameters.find((candidate) => candidate.in === 'path' && candidate.name === name);
    return encodeURIComponent(String(sample(parameter?.schema ?? {})));
  });
  return variation.query === undefined ? filled : `${filled}?${variation.query}`;
}

export type FuzzOptions = {
  /** Operations left out, by `method path` (e.g. a route that signs the caller out). */
  skip?: (operation: string) => boolean;
};

/** Every operation of the document × its roles × its hostile variations, in the document's order. */
export function fuzzCases(document: FuzzDocument, options: FuzzOptions = {}): FuzzCase[] {
  const cases: FuzzCase[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [lowerMethod, operation] of Object.entries(item)) {
      const method = lowerMethod.toUpperCase() as FuzzMethod;
      const name = `${method} ${path}`;
      if (options.skip?.(name) === true) continue;
      const { allowed, refused } = rolesOf(operation);
      const all = variations(method, operation);
      // A role that may not call the operation: refused, in the error shape, whatever it sends.
      for (const as of refused) {
        for (const variation of all.slice(0, 3)) cases.push(toCase(name, path, method, operation, variation, as));
      }
      // The roles that may call it share the variations in turn (each variation is sent once, each
      // role gets a third or a half of them, and all of the first three): bounded, and every
      // role meets every part of the request.
      all.forEach((variation, index) => {
        allowed.forEach((as, turn) => {
          if (index < 3 || index % allowed.length === turn) cases.push(toCase(name, path, method, operation, variation, as));
        });
      });
    }
  }
  return cases;
}

function toCase(operation: string, path: string, method: FuzzMethod, op: Operation, variation: Variation, as: Role): FuzzCase {
  const headers: Record<string, string> = { ...variation.headers };
  if (variation.contentType !== undefined) headers['content-type'] = variation.contentType;
  return {
    operation,
    name: `${operation} as ${as}: ${variation.name}`,
    method,
    url: target(path, op, variation),
    as,
    headers,
    ...(variation.body === undefined || method === 'GET' || method === 'HEAD' ? {} : { body: variation.body }),
  };
}
