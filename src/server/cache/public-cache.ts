import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { internalError } from '../../shared/errors';
import type { DatabaseHandle } from '../db/database';

/**
 * An in-process cache of public read responses (catalogue, clips, product images).
 *
 * - Entries are the serialized bytes of a response, parsed through the endpoint's PUBLIC
 *   response schema first: zod drops every key the schema does not name, so a staff-only field
 *   can never reach an entry, whatever a handler returns.
 * - Strong ETags (a hash of the bytes; one per content encoding) and 304 on If-None-Match.
 *   `Cache-Control: public, max-age=0, s-maxage=1, must-revalidate`: browsers revalidate every
 *   time (a 304 costs no query), a shared cache (nginx, CDN) may answer for 1 s.
 * - Invalidation: database triggers (migration 0020) NOTIFY `mingo_public_cache` with the tag of
 *   the table written, when the writing transaction commits; every process LISTENs and drops the
 *   entries of that tag. While a PostgreSQL listener is disconnected the cache is bypassed (it
 *   could miss a notice) and emptied when it is back.
 * - A response computed while a write committed is not stored (a generation per tag), so a
 *   stale read can never outlive the notice that should have removed it.
 */
export type CacheTag = 'products' | 'product_images' | 'clips' | 'boards';
const TAGS: readonly CacheTag[] = ['products', 'product_images', 'clips', 'boards'];
export const PUBLIC_CACHE_CHANNEL = 'mingo_public_cache';

export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=1, must-revalidate';
const MAX_ENTRIES = 2000;
const MAX_BYTES = 64 * 1024 * 1024;
/** Bodies below this size are sent uncompressed (as @fastify/compress does). */
const COMPRESS_THRESHOLD = 1024;

type Encoding = 'br' | 'gzip' | 'identity';

type JsonEntry = {
  tag: CacheTag;
  hash: string;
  body: Buffer;
  /** Compressed once when the entry is made (bodies of COMPRESS_THRESHOLD bytes or more). */
  br?: Buffer;
  gzip?: Buffer;
};

type Stored = { tag: CacheTag; size: number; value: unknown };

export type PublicCache = {
  /**
   * Sends the stored answer for this request's URL when there is one (true), before anything else
   * about the request is looked at: the URL only has an entry if it was answered successfully.
   */
  sendHit: (tag: CacheTag, request: FastifyRequest, reply: FastifyReply) => boolean;
  /**
   * Answers a public GET with JSON from memory, keyed by its URL. On a miss `compute` runs (and
   * may throw: errors are never cached) and its result is parsed by `schema` before it is stored;
   * a result outside the schema is logged and answered 500 `internal_error`, like route() does.
   */
  json: <S extends z.ZodType>(
    request: FastifyRequest,
    reply: FastifyReply,
    options: { tag: CacheTag; schema: S },
    compute: () => Promise<z.input<S>>,
  ) => Promise<FastifyReply>;
  /** Memoises any value (e.g. an image's bytes) under `key`; `undefined` results are not kept. */
  remember: <T extends { bytes: Buffer } | undefined>(tag: CacheTag, key: string, compute: () => Promise<T>) => Promise<T>;
  /** Drops every entry of `tag` in this process (notices from the database do this too). */
  invalidate: (tag: CacheTag) => void;
  /** Entries held, for tests and diagnostics. */
  entries: () => { key: string; tag: CacheTag; body?: string }[];
  close: () => Promise<void>;
};

function preferredEncoding(header: string | string[] | undefined): Encoding {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const accepted = new Set(
    value
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => q === undefined || !/^q=0(\.0*)?$/.test(q.trim()))
      .map(([name]) => name?.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

/** Entity tags of one entry: the hash of the JSON, with the content coding for compressed bodies. */
const etagOf = (hash: string, encoding: Encoding): string =>
  encoding === 'identity' ? `"${hash}"` : `"${hash}-${encoding === 'br' ? 'br' : 'gz'}"`;

function matches(ifNoneMatch: string | undefined, hash: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === '*' || tag === `"${hash}"` || tag === `"${hash}-br"` || tag === `"${hash}-gz"`;
  });
}

function makeEntry(tag: CacheTag, value: unknown): JsonEntry {
  const body = Buffer.from(JSON.stringify(value));
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  if (body.length < COMPRESS_THRESHOLD) return { tag, hash, body };
  return {
    tag,
    hash,
    body,
    br: brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 6 } }),
    gzip: gzipSync(body, { level: 6 }),
  };
}

export async function createPublicCache(database: DatabaseHandle, log: FastifyBaseLogger): Promise<PublicCache> {
  const json = new Map<string, JsonEntry>();
  const values = new Map<string, Stored>();
  const inflight = new Map<string, Promise<JsonEntry>>();
  const generation: Record<CacheTag, number> = { products: 0, product_images: 0, clips: 0, boards: 0 };
  let bytes = 0;
  let connected = false;

  const sizeOf = (entry: JsonEntry): number => entry.body.length + (entry.br?.length ?? 0) + (entry.gzip?.length ?? 0);

  const invalidate = (tag: CacheTag): void => {
    generation[tag] += 1;
    for (const [key, entry] of json) {
      if (entry.tag === tag) {
        json.delete(key);
        bytes -= sizeOf(entry);
      }
    }
    for (const [key, entry] of values) {
      if (entry.tag === tag) {
        values.delete(key);
        bytes -= entry.size;
      }
    }
  };
  const invalidateAll = (): void => TAGS.forEach(invalidate);

  /** Oldest entries go first once a limit is passed. */
  const evict = (): void => {
    while (json.size + values.size > MAX_ENTRIES || bytes > MAX_BYTES) {
      const oldestJson = json.entries().next();
      if (oldestJson.done !== true) {
        json.delete(oldestJson.value[0]);
        bytes -= sizeOf(oldestJson.value[1]);
        continue;
      }
      const oldestValue = values.entries().next();
      if (oldestValue.done === true) return;
      values.delete(oldestValue.value[0]);
      bytes -= oldestValue.value[1].size;
    }
  };

  const stopListening = await database.listen(PUBLIC_CACHE_CHANNEL, {
    onNotify: (payload) => {
      if ((TAGS as readonly string[]).includes(payload)) invalidate(payload as CacheTag);
    },
    onConnected: (isConnected) => {
      // Notices sent while disconnected are lost: start again from an empty cache.
      invalidateAll();
      connected = isConnected;
      if (!isConnected) log.warn('public cache: database listener disconnected; serving without cache until it is back');
    },
  });

  const send = (request: FastifyRequest, reply: FastifyReply, entry: JsonEntry): FastifyReply => {
    const encoding = entry.br === undefined ? 'identity' : preferredEncoding(request.headers['accept-encoding']);
    reply.header('cache-control', PUBLIC_CACHE_CONTROL).header('vary', 'Accept-Encoding').header('etag', etagOf(entry.hash, encoding));
    if (matches(request.headers['if-none-match'], entry.hash)) return reply.code(304).send();
    const body = encoding === 'br' ? entry.br : encoding === 'gzip' ? entry.gzip : entry.body;
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.type('application/json; charset=utf-8').send(body);
  };

  return {
    sendHit(tag, request, reply) {
      const hit = json.get(`${tag} ${request.url}`);
      if (hit === undefined) return false;
      send(request, reply, hit);
      return true;
    },

    async json(request, reply, { tag, schema }, compute) {
      const key = `${tag} ${request.url}`;
      const hit = json.get(key);
      if (hit !== undefined) return send(request, reply, hit);

      let pending = inflight.get(key);
      if (pending === undefined) {
        const startedAt = generation[tag];
        pending = (async () => {
          const parsed = schema.safeParse(await compute());
          if (!parsed.success) {
            // The server broke its own contract: a logged 500, as route() answers it, never the
            // client's 400 (a ZodError reaching the error handler would be one).
            request.log.error(
              { issues: parsed.error.issues },
              `${request.method} ${request.routeOptions.url ?? request.url} answered outside its contract`,
            );
            throw internalError();
          }
          const entry = makeEntry(tag, parsed.data);
          // Not stored when a write committed meanwhile, or when notices could be missed.
          if (connected && generation[tag] === startedAt) {
            json.set(key, entry);
            bytes += sizeOf(entry);
            evict();
          }
          return entry;
        })().finally(() => inflight.delete(key));
        inflight.set(key, pending);
      }
      return send(request, reply, await pending);
    },

    async remember(tag, key, compute) {
      const fullKey = `${tag} ${key}`;
      const hit = values.get(fullKey);
      if (hit !== undefined) return hit.value as Awaited<ReturnType<typeof compute>>;
      const startedAt = generation[tag];
      const value = await compute();
      if (value !== undefined && connected && generation[tag] === startedAt) {
        values.set(fullKey, { tag, size: value.bytes.length, value });
        bytes += value.bytes.length;
        evict();
      }
      return value;
    },

    invalidate,

    entries: () => [
      ...[...json.entries()].map(([key, entry]) => ({ key, tag: entry.tag, body: entry.body.toString('utf8') })),
      ...[...values.entries()].map(([key, entry]) => ({ key, tag: entry.tag })),
    ],

    async close() {
      await stopListening();
      invalidateAll();
    },
  };
}
