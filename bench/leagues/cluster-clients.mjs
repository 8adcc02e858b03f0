// The cluster benchmark's subscribers, as a child process (IPC). Each behaves like the browser's
// EventSource: `retry:` sets the delay, a lost connection is opened again through nginx with
// Last-Event-ID. Kept per stream: which instance answered (nginx's X-Upstream), every logged
// event's id and kind, for `marks` events the member, movie and the server's time of the change,
// and when each connection was lost and answered again.
// In: { open: [{ url, cookie, from, start }] }, { report: true }, { close: true }.
import http from 'node:http';
import { takeSseBlocks } from '../../tests/support/sse-blocks.mjs';

const now = () => performance.timeOrigin + performance.now();
const streams = [];
let stopped = false;

function connect(stream) {
  if (stopped) return;
  const headers = { accept: 'text/event-stream', cookie: stream.cookie, 'last-event-id': String(stream.lastId) };
  const request = http.get(stream.url, { agent: false, localAddress: stream.from, headers }, (response) => {
    if (response.statusCode !== 200) {
      response.resume();
      stream.refusals.push(response.statusCode);
      setTimeout(() => connect(stream), stream.retryMs);
      return;
    }
    stream.upstreams.push(
      String(response.headers['x-upstream'] ?? '')
        .split(', ')
        .at(-1),
    );
    stream.opened.push(now());
    let buffer = '';
    response.setEncoding('utf8');
    response.on('data', (chunk) => {
      const { blocks, rest } = takeSseBlocks(buffer + chunk);
      buffer = rest;
      for (const { id, event: name, data = '', retry } of blocks) {
        if (retry !== undefined) stream.retryMs = retry;
        if (id === undefined) continue;
        stream.lastId = Number(id);
        const event = { id: Number(id), name, at: now(), upstream: stream.upstreams.at(-1) };
        if (name === 'marks') {
          event.key = `${/"memberId":"([^"]+)"/.exec(data)?.[1]}:${/"movieId":"([^"]+)"/.exec(data)?.[1]}`;
          event.made = Date.parse(/"reachedAt":"([^"]+)"/.exec(data)?.[1] ?? '');
        }
        stream.events.push(event);
      }
    });
    response.on('close', () => {
      stream.dropped.push(now());
      setTimeout(() => connect(stream), stream.retryMs);
    });
    response.on('error', () => undefined);
  });
  request.on('error', () => setTimeout(() => connect(stream), stream.retryMs));
}

process.on('message', async (message) => {
  if (message.open !== undefined) {
    for (const target of message.open) {
      const stream = { ...target, lastId: target.start, retryMs: 2000, upstreams: [], opened: [], dropped: [], refusals: [], events: [] };
      streams.push(stream);
      connect(stream);
      if (streams.length % 200 === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    while (streams.some((stream) => stream.opened.length === 0)) await new Promise((resolve) => setTimeout(resolve, 100));
    process.send({ opened: message.open.length, failed: 0 });
  } else if (message.report !== undefined) {
    process.send({
      report: {
        cpuShare: 0,
        streams: streams.map(({ league, start, upstreams, opened, dropped, refusals, events }) => ({
          league,
          start,
          upstreams,
          opened,
          dropped,
          refusals,
          events,
        })),
      },
    });
  } else if (message.close !== undefined) {
    stopped = true;
    process.exit(0);
  }
});
