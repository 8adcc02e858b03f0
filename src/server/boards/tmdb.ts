import { z } from 'zod';
import { BOARD_LIMITS, type TmdbMovie, type TmdbResult } from '../../shared/boards';
import { notFound, payloadTooLarge, serviceUnavailable } from '../../shared/errors';

/**
 * The optional TMDB look-up of the board editor (decision 150/151): search and details through
 * the server (the key never reaches a browser), and poster downloads from TMDB's image host only.
 * Every call has a deadline; anything but a clear answer is a 503 with a message the form shows.
 */
export type TmdbConfig = { apiKey: string; apiUrl: string };

/** Image hosts a poster may come from: TMDB's own, or the API's host (a self-hosted mirror, the tests' fake). */
const IMAGE_HOSTS = new Set(['image.tmdb.org']);
/** A poster size TMDB offers, wide enough for the largest rendition (480 px). */
const POSTER_SIZE = 'w780';
export const TMDB_TIMEOUT_MS = 8_000;
const RESULTS_MAX = 20;

const unavailable = () => serviceUnavailable('TMDB is not answering right now. Fill in the movie by hand, or try again later.');
const posterTooLarge = () => payloadTooLarge('The TMDB poster is too large.');

/** A TMDB JSON answer is a few kilobytes; anything past this is not TMDB. */
const JSON_MAX_BYTES = 1024 * 1024;

type Fetched = { status: number; ok: boolean; body: Buffer };

/**
 * One request, its body read whole within the deadline and at most `maxBytes` of it: past the
 * limit the download is cancelled (the connection closes) and nothing more is read or kept.
 *
 * The deadline and the limit cancel the body's own reader, not just the request's signal. Node's
 * fetch passes an abort on through a weak reference that the garbage collector may clear once
 * fetch() has resolved (nodejs/node#55428): an abort while the body arrives could then go
 * nowhere and leave the download open, as the size-limit test caught on a loaded machine.
 */
async function fetchAtMost(url: URL, init: RequestInit, timeoutMs: number, maxBytes: number, tooLarge: () => Error): Promise<Fetched> {
  const abort = new AbortController();
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  const deadline = setTimeout(() => {
    abort.abort();
    reader?.cancel().catch(() => undefined);
  }, timeoutMs);
  try {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: abort.signal });
    } catch {
      throw unavailable();
    }
    const { status, ok } = response;
    // Only a clear answer's body is read: the callers refuse any other by its status alone.
    if (!ok || response.body === null) {
      await response.body?.cancel();
      return { status, ok, body: Buffer.alloc(0) };
    }
    reader = response.body.getReader();
    if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    const chunks: Uint8Array[] = [];
    let bytes = 0;
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch {
        throw unavailable(); // TMDB went away mid-file
      }
      if (abort.signal.aborted) throw unavailable(); // the deadline: a cancelled read ends as if done
      if (chunk.done) return { status, ok, body: Buffer.concat(chunks, bytes) };
      bytes += chunk.value.byteLength;
      if (bytes > maxBytes) {
        await reader.cancel();
        throw tooLarge();
      }
      chunks.push(chunk.value);
    }
  } finally {
    clearTimeout(deadline);
  }
}

const SearchSchema = z.object({
  results: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      release_date: z.string().nullish(),
      overview: z.string().nullish(),
      poster_path: z.string().nullish(),
    }),
  ),
});
const DetailsSchema = SearchSchema.shape.results.element.extend({ runtime: z.number().int().nullish() });
const ConfigurationSchema = z.object({ images: z.object({ secure_base_url: z.string() }) });
type Details = z.infer<typeof DetailsSchema>;

const yearOf = (date: string | null | undefined): number | null => {
  const year = Number.parseInt((date ?? '').slice(0, 4), 10);
  return Number.isInteger(year) && year >= BOARD_LIMITS.movieYearMin && year <= BOARD_LIMITS.movieYearMax ? year : null;
};

function toResult(movie: Details): TmdbResult {
  return {
    tmdbId: movie.id,
    title: movie.title,
    year: yearOf(movie.release_date),
    overview: movie.overview ?? '',
    hasPoster: typeof movie.poster_path === 'string' && movie.poster_path !== '',
  };
}

export function createTmdbClient(config: TmdbConfig, timeoutMs = TMDB_TIMEOUT_MS) {
  // A v4 read access token is a JWT; a v3 key is 32 hex characters and travels as api_key.
  const bearer = config.apiKey.startsWith('eyJ');

  const call = async (path: string, query: Record<string, string> = {}): Promise<unknown> => {
    const url = new URL(`${config.apiUrl}${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    if (!bearer) url.searchParams.set('api_key', config.apiKey);
    const response = await fetchAtMost(
      url,
      { headers: { accept: 'application/json', ...(bearer ? { authorization: `Bearer ${config.apiKey}` } : {}) } },
      timeoutMs,
      JSON_MAX_BYTES,
      unavailable,
    );
    if (response.status === 404) throw notFound('There is no such TMDB movie.');
    if (!response.ok) throw unavailable();
    try {
      return JSON.parse(response.body.toString('utf8')) as unknown;
    } catch {
      throw unavailable();
    }
  };
  const parsed = <T>(schema: z.ZodType<T>, value: unknown): T => {
    const result = schema.safeParse(value);
    if (!result.success) throw unavailable();
    return result.data;
  };
  const details = async (tmdbId: number) => parsed(DetailsSchema, await call(`/movie/${tmdbId}`));

  return {
    async search(query: string, year: number | undefined): Promise<TmdbResult[]> {
      const found = parsed(
        SearchSchema,
        await call('/search/movie', { query, include_adult: 'false', ...(year === undefined ? {} : { year: String(year) }) }),
      );
      return found.results.slice(0, RESULTS_MAX).map(toResult);
    },

    async movie(tmdbId: number): Promise<TmdbMovie> {
      const movie = await details(tmdbId);
      const runtime = movie.runtime ?? null;
      return { ...toResult(movie), runtime: runtime !== null && runtime >= 0 && runtime <= BOARD_LIMITS.runtimeMax ? runtime : null };
    },

    /** The movie's poster file from TMDB's image host (at most posterMaxBytes). */
    async poster(tmdbId: number): Promise<Buffer> {
      const movie = await details(tmdbId);
      if (typeof movie.poster_path !== 'string' || !/^\/[A-Za-z0-9_-]+\.(jpg|jpeg|png|webp)$/.test(movie.poster_path)) {
        throw notFound('This TMDB movie has no poster.');
      }
      const base = new URL(parsed(ConfigurationSchema, await call('/configuration')).images.secure_base_url);
      if (!IMAGE_HOSTS.has(base.hostname) && base.host !== new URL(config.apiUrl).host) throw unavailable();
      // Cancelled at the limit: a poster bigger than posterMaxBytes is never read whole (issue 33).
      const poster = await fetchAtMost(
        new URL(`${base.pathname.replace(/\/?$/, '/')}${POSTER_SIZE}${movie.poster_path}`, base),
        { redirect: 'error' },
        timeoutMs,
        BOARD_LIMITS.posterMaxBytes,
        posterTooLarge,
      );
      if (!poster.ok) throw unavailable();
      return poster.body;
    },
  };
}

export type TmdbClient = ReturnType<typeof createTmdbClient>;
