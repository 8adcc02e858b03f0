import http from 'node:http';
import { vi } from 'vitest';
import { EVENTUALLY } from './eventually';

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
  const blocks = buffer.split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let id: string | undefined;
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) stream.comments.push(line.slice(1).trim());
      else if (line.startsWith('id: ')) id = line.slice(4);
      else if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data.push(line.slice(6));
      else if (line.startsWith('retry: ')) stream.retries.push(Number(line.slice(7)));
    }
    if (data.length > 0) stream.events.push({ id, event, data: data.join('\n') });
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
