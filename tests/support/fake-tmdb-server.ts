import http from 'node:http';
import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import sharp from 'sharp';

/** What the fake TMDB knows: fictional movies only. */
const MOVIES = [
  {
    id: 501,
    title: 'The Quiet Lighthouse',
    release_date: '2026-03-14',
    overview: 'A keeper and her lamp.',
    poster_path: '/quiet.jpg',
    runtime: 104,
  },
  { id: 502, title: 'The Quiet Lighthouse II', release_date: '', overview: 'The lamp again.', poster_path: null, runtime: null },
];

/** An endless poster is cut off here, so that a client that reads everything still ends. */
export const ENDLESS_POSTER_CAP = 64 * 1024 * 1024;
const ENDLESS_CHUNK = Buffer.alloc(64 * 1024);

/** One download of an endless poster: how much was written, and whether the client closed it first. */
export type PosterDownload = { sent: number; closedEarly: boolean };

export type FakeTmdbServer = {
  url: string;
  apiKey: string;
  /** Paths asked for, in order (query strings left out). */
  requests: string[];
  /** ok: answers; down: every call is a 503; hang: every call waits for ever (a timeout). */
  setMode: (mode: 'ok' | 'down' | 'hang') => void;
  /**
   * ok: the poster image; endless: a poster with no Content-Length that never ends (until the
   * client closes the connection, or ENDLESS_POSTER_CAP bytes).
   */
  setPosterMode: (mode: 'ok' | 'endless') => void;
  /** The endless posters sent, in order. */
  posterDownloads: PosterDownload[];
  close: () => Promise<void>;
};

/**
 * A full garbage collection, as a loaded machine's would come at any moment. Node's fetch loses a
 * request's abort signal once the collector has run (nodejs/node#55428); the endless poster
 * collects while the client reads, so that a client that relies on that signal is caught every time (a collection at every fourth drain).
 */
function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

function sendEndless(response: http.ServerResponse, download: PosterDownload): void {
  response.writeHead(200, { 'content-type': 'image/jpeg' });
  response.on('close', () => {
    if (!response.writableFinished) download.closedEarly = true;
  });
  let drains = 0;
  const write = () => {
    if (download.sent > 0 && drains++ % 4 === 0) collectGarbage();
    while (download.sent < ENDLESS_POSTER_CAP) {
      if (response.destroyed) return;
      download.sent += ENDLESS_CHUNK.length;
      if (!response.write(ENDLESS_CHUNK)) {
        response.once('drain', write);
        return;
      }
    }
    response.end();
  };
  write();
}

/** A small TMDB API on 127.0.0.1 (search, details, configuration, poster images), as the Stripe fake. */
export async function startFakeTmdbServer(): Promise<FakeTmdbServer> {
  const apiKey = '0123456789abcdef0123456789abcdef';
  const poster = await sharp({ create: { width: 600, height: 900, channels: 3, background: '#2255aa' } })
    .jpeg()
    .toBuffer();
  const requests: string[] = [];
  let mode: 'ok' | 'down' | 'hang' = 'ok';
  let posterMode: 'ok' | 'endless' = 'ok';
  const posterDownloads: PosterDownload[] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    requests.push(url.pathname);
    if (mode === 'hang') {
      hanging.add(response);
      return;
    }
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (mode === 'down') return json(503, { status_message: 'Service unavailable' });
    if (url.pathname === '/t/p/w780/quiet.jpg') {
      if (posterMode === 'endless') {
        const download = { sent: 0, closedEarly: false };
        posterDownloads.push(download);
        sendEndless(response, download);
        return;
      }
      response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': poster.length }).end(poster);
      return;
    }
    if (url.searchParams.get('api_key') !== apiKey) return json(401, { status_message: 'Invalid API key' });
    if (url.pathname === '/configuration') return json(200, { images: { secure_base_url: `http://${request.headers.host ?? ''}/t/p/` } });
    if (url.pathname === '/search/movie') {
      const query = (url.searchParams.get('query') ?? '').toLowerCase();
      const year = url.searchParams.get('year');
      const results = MOVIES.filter(
        (movie) => movie.title.toLowerCase().includes(query) && (year === null || movie.release_date.startsWith(year)),
      );
      return json(200, { page: 1, results: results.map(({ runtime: _runtime, ...movie }) => movie) });
    }
    const details = /^\/movie\/(\d+)$/.exec(url.pathname);
    const movie = MOVIES.find((entry) => entry.id === Number(details?.[1]));
    if (movie !== undefined) return json(200, movie);
    return json(404, { status_message: 'The resource you requested could not be found.' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    requests,
    setMode: (next) => {
      mode = next;
    },
    setPosterMode: (next) => {
      posterMode = next;
    },
    posterDownloads,
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
