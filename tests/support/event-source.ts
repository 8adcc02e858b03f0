import http from 'node:http';
import { takeSseBlocks, type SseBlock } from './sse-blocks.mjs';

/** One event as a subscriber applied it (resets included; heartbeats and retry lines are not events). */
export type ReceivedEvent = { id: number | undefined; name: string; data: string; at: number };

/**
 * A reconnecting event-stream client that behaves like the browser's EventSource: `retry:` sets
 * the reconnection delay, a dropped connection is opened again with `Last-Event-ID` (the last
 * `id:` seen), and a 4xx answer ends it for good. A 5xx or a refused connection is retried too
 * (the league page opens a new EventSource then). For the cluster tests and their checker.
 */
export class ReconnectingEventSource {
  readonly events: ReceivedEvent[] = [];
  /** When each connection was (re)opened and answered 200. */
  readonly opened: number[] = [];
  /** When each connection was lost. */
  readonly dropped: number[] = [];
  status = 0;
  private lastEventId: string | undefined;
  private retryMs = 2_000;
  private request: http.ClientRequest | undefined;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly headers: Record<string, string>,
    lastEventId?: number,
    /** The client's source address on loopback (one per simulated browser behind nginx). */
    private readonly from?: string,
  ) {
    this.lastEventId = lastEventId === undefined ? undefined : String(lastEventId);
    this.connect();
  }

  get connected(): boolean {
    return this.opened.length > this.dropped.length;
  }

  private connect(): void {
    if (this.stopped) return;
    const headers = {
      accept: 'text/event-stream',
      ...this.headers,
      ...(this.lastEventId === undefined ? {} : { 'last-event-id': this.lastEventId }),
    };
    const request = http.get(this.url, { headers, agent: false, localAddress: this.from }, (response) => {
      this.status = response.statusCode ?? 0;
      if (this.status >= 400 && this.status < 500) {
        response.resume();
        this.stopped = true;
        return;
      }
      if (this.status !== 200) {
        response.resume();
        response.on('end', () => this.reconnect());
        return;
      }
      this.opened.push(Date.now());
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        const { blocks, rest } = takeSseBlocks(buffer + chunk);
        buffer = rest;
        for (const block of blocks) this.take(block);
      });
      response.on('close', () => {
        this.dropped.push(Date.now());
        this.reconnect();
      });
      response.on('error', () => undefined);
    });
    request.on('error', () => {
      if (this.request === request) this.reconnect();
    });
    this.request = request;
  }

  private take({ id, event, data, retry }: SseBlock): void {
    if (retry !== undefined) this.retryMs = retry;
    if (id !== undefined) this.lastEventId = id;
    if (data !== undefined) this.events.push({ id: id === undefined ? undefined : Number(id), name: event, data, at: Date.now() });
  }

  private reconnect(): void {
    this.request = undefined;
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), this.retryMs);
  }

  close(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.request?.destroy();
  }
}

/**
 * Checks what one subscriber applied against the league's log, as the league page applies it:
 * after a reset its position is the reset's id; every other logged event must be the next one.
 * `missing` and `twice` must both stay 0; `end` is where the subscriber stands.
 */
export function checkSequence(
  events: readonly ReceivedEvent[],
  start: number,
): { missing: number[]; twice: number[]; resets: number; end: number } {
  let position = start;
  const missing: number[] = [];
  const twice: number[] = [];
  let resets = 0;
  for (const event of events) {
    if (event.id === undefined) continue; // coalesced standings are not logged
    if (event.name === 'reset') {
      resets += 1;
      position = Math.max(position, event.id);
      continue;
    }
    if (event.id <= position) twice.push(event.id);
    else {
      for (let id = position + 1; id < event.id; id++) missing.push(id);
      position = event.id;
    }
  }
  return { missing, twice, resets, end: position };
}
