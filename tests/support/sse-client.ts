import http from 'node:http';
import { vi } from 'vitest';
import { EVENTUALLY } from './eventually';
import { takeSseBlocks } from './sse-blocks.mjs';

/** One event of a text/event-stream, as EventSource would see it (comments and retry lines kept apart). */
export type SseEvent = { id: string | undefined; event: string; data: string };

export type SseStream = {
  status: number;
  headers: http.IncomingHttpHeaders;
  events: SseEvent[];
  /** `retry:` values, in order. */
  retries: number[];
  comments: string[];
  /** Resolves when the server ends the stream (or it is closed here). */
  ended: Promise<void>;
  isEnded: () => boolean;
  /** Waits (EVENTUALLY's bound) for an event matching `match`, and returns it. */
  next: (match: (event: SseEvent) => boolean) => Promise<SseEvent>;
  close: () => void;
};

/** Parses complete blocks of a stream; returns what is left of an unfinished one. */
function parse(buffer: string, stream: Pick<SseStream, 'events' | 'retries' | 'comments'>): string {
  const { blocks, rest } = takeSseBlocks(buffer);
  for (const { id, event, data, retry, comments } of blocks) {
    stream.comments.push(...comments);
    if (retry !== undefined) stream.retries.push(retry);
    if (data !== undefined) stream.events.push({ id, event, data });
  }
  return rest;
}

/** Opens an event stream over a real connection (tests of the live routes). */
export function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (response) => {
      const stream: SseStream = {
        status: response.statusCode ?? 0,
        headers: response.headers,
        events: [],
        retries: [],
        comments: [],
        ended: new Promise((done) => {
          response.on('close', () => {
            ended = true;
            done();
          });
        }),
        isEnded: () => ended,
        next: (match) =>
          vi.waitFor(() => {
            const found = stream.events.find(match);
            if (found === undefined)
              throw new Error(`no matching event yet among ${stream.events.map((e) => `${e.id}:${e.event}`).join(' ')}`);
            return found;
          }, EVENTUALLY),
        close: () => {
          request.destroy();
        },
      };
      let ended = false;
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer = parse(buffer + chunk, stream);
      });
      response.on('error', () => undefined);
      resolve(stream);
    });
    request.on('error', reject);
  });
}
