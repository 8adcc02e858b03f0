// Upload memory budget (issue 5): streaming a 1 GiB clip upload must grow the server's resident
// memory by less than 100 MiB — the upload goes to storage part by part, never into memory whole.
//
//   node bench/upload-memory.mjs          # starts node $DIST_DIR/server/server.js (default dist)
//
// Run `npm run build` (or DIST_DIR=… npm run build) first. The server listens on 127.0.0.1 with
// MAX_CLIP_BYTES raised; the 1 GiB body is generated on the fly (a WebM header, then filler).
// It prints numbers and the ratio and always exits 0 unless it cannot run at all; never gates CI.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { startServerAsAdmin } from './bench-utils.mjs';

const VIDEO_BYTES = 1024 * 1024 * 1024;
const BUDGET_BYTES = 100 * 1024 * 1024;
const CHUNK_BYTES = 256 * 1024;
const SAMPLE_MS = 50;

const rss = (pid) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match === null ? 0 : Number(match[1]) * 1024;
};
const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

let server;
try {
  server = await startServerAsAdmin({ MAX_CLIP_BYTES: String(VIDEO_BYTES + 1024 * 1024) });
  const {
    url: origin,
    headers: { cookie },
    child: app,
  } = server;

  // Warm the upload path with a small clip, then take the baseline.
  const demo = readFileSync('assets/demo-clips/sinners.webm');
  const screenshot = readFileSync('assets/demo-clips/sinners.jpg');
  const boundary = `----mingobench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nBench clip\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="big.webm"\r\nContent-Type: video/webm\r\n\r\n`,
  );
  const tail = Buffer.concat([
    Buffer.from(
      `\r\n--${boundary}\r\nContent-Disposition: form-data; name="screenshot"; filename="shot.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    screenshot,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);

  /** Streams one upload of `videoBytes` (the demo WebM's header, then filler); resolves with the status. */
  const upload = (videoBytes, onChunk = () => {}) =>
    new Promise((resolve, reject) => {
      const request = http.request(
        `${origin}/api/clips`,
        {
          method: 'POST',
          headers: {
            cookie,
            origin,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': String(head.length + videoBytes + tail.length),
          },
        },
        (response) => {
          let body = '';
          response.on('data', (chunk) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode, body }));
        },
      );
      request.on('error', reject);
      const filler = randomBytes(CHUNK_BYTES);
      let sent = 0;
      const pump = () => {
        while (sent < videoBytes) {
          const piece =
            sent === 0 ? demo.subarray(0, Math.min(demo.length, videoBytes)) : filler.subarray(0, Math.min(CHUNK_BYTES, videoBytes - sent));
          sent += piece.length;
          onChunk(sent);
          if (!request.write(piece)) {
            request.once('drain', pump);
            return;
          }
        }
        request.end(tail);
      };
      request.write(head);
      pump();
    });

  const warm = await upload(8 * 1024 * 1024);
  if (warm.status !== 201) throw new Error(`warm-up upload failed: HTTP ${warm.status} ${warm.body}`);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const baseline = rss(app.pid);
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rss(app.pid));
  }, SAMPLE_MS);

  const started = performance.now();
  const result = await upload(VIDEO_BYTES);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rss(app.pid));
  if (result.status !== 201) throw new Error(`1 GiB upload failed: HTTP ${result.status} ${result.body}`);
  const clip = JSON.parse(result.body);
  const stored = await fetch(`${origin}${clip.url}`, { method: 'HEAD' });

  const growth = peak - baseline;
  console.log(
    `uploaded ${mib(VIDEO_BYTES)} in ${seconds.toFixed(1)} s (${mib(VIDEO_BYTES / seconds)}/s); stored ${stored.headers.get('content-length')} bytes`,
  );
  console.log(`server RSS: baseline ${mib(baseline)}, peak ${mib(peak)}, growth ${mib(growth)}`);
  console.log(
    `growth ${(growth / BUDGET_BYTES).toFixed(2)}× the 100 MiB budget: ${growth < BUDGET_BYTES ? 'within budget' : 'OVER BUDGET'}`,
  );
} finally {
  await server?.stop();
}
