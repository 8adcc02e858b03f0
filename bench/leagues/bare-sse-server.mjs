// The reference of the leagues benchmarks: a bare Node `http` server holding Server-Sent Events
// streams, with nothing else in it. GET /events opens a stream; POST /broadcast writes one event,
// `{"t": <send time>}`, to every stream. Listens on 127.0.0.1:$PORT.
import http from 'node:http';

const streams = new Set();
const server = http.createServer((request, response) => {
  if (request.method === 'GET' && request.url.startsWith('/events')) {
    response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' });
    response.write('retry: 2000\n\n');
    streams.add(response);
    response.on('close', () => streams.delete(response));
    return;
  }
  if (request.method === 'POST' && request.url === '/broadcast') {
    const frame = `id: 1\nevent: draw\ndata: ${JSON.stringify({ t: performance.timeOrigin + performance.now() })}\n\n`;
    for (const stream of streams) stream.write(frame);
    response.end(String(streams.size));
    return;
  }
  if (request.url === '/readyz') {
    response.end('ok');
    return;
  }
  response.statusCode = 404;
  response.end();
});
server.keepAliveTimeout = 5_000;
server.requestTimeout = 0;
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => {
  for (const stream of streams) stream.destroy();
  server.close(() => process.exit(0));
});
