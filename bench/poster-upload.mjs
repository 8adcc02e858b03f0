// Poster upload (issue 21): a 5 MB JPEG uploaded as a movie's poster must have its renditions
// (WebP + AVIF at three widths) ready within 3 s, and grow the server's resident memory by at
// most 64 MiB. Starts node $DIST_DIR/server/server.js (default dist) on a temporary data dir;
// run `npm run build` first. Prints the figures (median of 3 uploads, RSS peak growth sampled
// every 20 ms against the RSS after a warm-up upload) and exits 0: a measurement, never a CI gate.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import sharp from 'sharp';
import { startServerAsAdmin } from './bench-utils.mjs';

const rss = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** A photo-like JPEG of about 5 MB: smooth gradients with noise, 4000 × 6000. */
async function fiveMegabyteJpeg() {
  const width = 4000;
  const height = 6000;
  const noise = await sharp({ create: { width, height, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .blur(1.2)
    .jpeg({ quality: 90 })
    .toBuffer();
  return noise;
}

let server;
try {
  const jpeg = await fiveMegabyteJpeg();
  server = await startServerAsAdmin();
  const { url: origin, headers, child: app } = server;
  const created = await fetch(`${origin}/api/admin/movies`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'The Quiet Lighthouse', year: 2026, starRatingA: 4, starRatingB: 4, runtime: 100 }),
  });
  const { id } = await created.json();
  const upload = async (bytes) => {
    const form = new FormData();
    form.append('poster', new Blob([bytes], { type: 'image/jpeg' }), 'poster.jpg');
    const started = performance.now();
    const response = await fetch(`${origin}/api/admin/movies/${id}/poster`, { method: 'PUT', headers, body: form });
    if (!response.ok) throw new Error(`upload failed: HTTP ${response.status} ${await response.text()}`);
    await response.json();
    return performance.now() - started;
  };
  await upload(await sharp(jpeg).resize(600).jpeg().toBuffer()); // warm-up: sharp loaded, code paths hot
  const baseline = rss(app.pid);
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rss(app.pid));
  }, 20);
  const times = [];
  for (let i = 0; i < 3; i++) times.push(await upload(jpeg));
  clearInterval(sampler);
  times.sort((a, b) => a - b);
  console.log(`JPEG ${mib(jpeg.length)} (4000×6000), ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(2)}`);
  console.log(
    `upload → renditions stored: median ${(times[1] / 1000).toFixed(2)} s (runs ${times.map((t) => (t / 1000).toFixed(2)).join(', ')} s; goal ≤ 3 s)`,
  );
  console.log(`server RSS: baseline ${mib(baseline)}, peak ${mib(peak)}, growth ${mib(peak - baseline)} (goal ≤ 64 MiB)`);
} finally {
  await server?.stop();
}
