// Issue 34's community-league goal: one instance, a community league of 10,000 members each
// holding its live stream, while 2,000 of them mark 10 movies each over 60 s (333 marks a second).
// Goals: 0 errors; every subscriber ≤ 1 standings message a second; p99 of a mark request
// ≤ 250 ms; the server's RSS steady. The server runs on core 0, the stream clients (two
// processes) and the markers (one) on core 1 (taskset), with PostgreSQL (`--pg-core any`: unpinned).
// By default the measured marks start on a cold instance (its mark path not yet run). `--warm-up 3`
// first has it serve other members' marks for 3 s at the same rate, then measures a warm instance
// as on 1 May; the warm-up's own latencies are reported beside (decision 215).
//
//   node --import tsx bench/leagues/community.mjs [--members 10000] [--markers 2000] [--seconds 60]
//     [--warm-up 0|3] [--pool 20] [--semi-space 32|default] [--heap-growing 50|default] [--pg-core 1|any]
// Build first (`npm run build`); needs PostgreSQL (TEST_DATABASE_URL or 127.0.0.1:5432).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { spacing, startCapture } from './capture.mjs';
import {
  coresBusy,
  coreTimes,
  cpuMs,
  createDatabase,
  fmt,
  loadAverage,
  openAll,
  percentile,
  pinPostgres,
  reportAll,
  rssKb,
  seedLeagues,
  sleep,
  startApp,
  startClients,
} from './support.mjs';

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '10000' },
    markers: { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '60' },
    'warm-up': { type: 'string', default: '0' },
    // The core PostgreSQL runs on ('any': where the kernel puts it; it then takes the server's core too).
    'pg-core': { type: 'string', default: '1' },
    // The event-day settings (decision 083): PostgreSQL connections, and V8's young generation (MB).
    pool: { type: 'string', default: '20' },
    'semi-space': { type: 'string', default: '32' },
    // How far V8 lets the old generation grow past what survived its last full collection (%).
    'heap-growing': { type: 'string', default: '50' },
  },
});
const MEMBERS = Number(values.members);
const MARKERS = Number(values.markers);
const SECONDS = Number(values.seconds);
const WARM_UP_SECONDS = Number(values['warm-up']);
const here = path.dirname(new URL(import.meta.url).pathname);

console.log(
  `community league benchmark: ${MEMBERS} members with a stream each, ${MARKERS} marking 10 movies over ${SECONDS} s; load average ${loadAverage()}; ` +
    `DATABASE_POOL_SIZE=${values.pool}, young generation ${values['semi-space'] === 'default' ? "V8's default" : `--max-semi-space-size=${values['semi-space']}`}, ` +
    `old generation ${values['heap-growing'] === 'default' ? "V8's default growth" : `--heap-growing-percent=${values['heap-growing']}`}`,
);
const unpinPostgres = values['pg-core'] === 'any' ? undefined : pinPostgres(Number(values['pg-core']));
console.log(
  unpinPostgres === undefined
    ? 'PostgreSQL on any core'
    : `PostgreSQL pinned to core ${values['pg-core']} (with the clients; the server's core is its own)`,
);
const database = await createDatabase('mingo_bench_community');
const server = await startApp({
  cpu: 0,
  env: { DATABASE_URL: database.url, LEAGUE_STREAMS_PER_ADDRESS: String(MEMBERS * 2), DATABASE_POOL_SIZE: values.pool },
  nodeArgs: [
    ...(values['semi-space'] === 'default' ? [] : [`--max-semi-space-size=${values['semi-space']}`]),
    ...(values['heap-growing'] === 'default' ? [] : [`--heap-growing-percent=${values['heap-growing']}`]),
  ],
});
// The stream clients read below PostgreSQL's and the markers' priority: 10,000 standings messages
// arrive at once each tick, and reading them must not hold up the marks' statements on that core.
const clients = [startClients(1, undefined, { nice: 10 }), startClients(1, undefined, { nice: 10 })];
const markers = spawn('taskset', ['-c', '1', process.execPath, path.join(here, 'markers.mjs')], {
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
let capture;
try {
  const { players, leagues } = await seedLeagues(database, { leagues: 1, perLeague: MEMBERS, community: true });
  const board = (await (await fetch(`${server.url}/api/boards/2025`)).json()).movies
    .map((movie) => movie.id)
    .filter((_, cell) => cell !== 12);
  const opened = await openAll(
    clients,
    players.map((player) => ({ url: `${server.url}/api/leagues/${leagues[0].code}/events?lastEventId=0`, cookie: player.cookie })),
  );
  console.log(`${opened.opened} streams open (${opened.failed} failed); server RSS ${(rssKb(server.pid) / 1024).toFixed(0)} MB`);
  await sleep(3_000);
  if (WARM_UP_SECONDS > 0) {
    // Members who do not mark in the run, at the run's rate: the mark path compiled, the pool's
    // connections opened and their statements planned. Then a pause, so the run starts calm.
    const warmUp = players.slice(MARKERS, MARKERS + Math.round((MARKERS * 10 * WARM_UP_SECONDS) / SECONDS));
    const answered = new Promise((resolve) => markers.once('message', (message) => resolve(message.done)));
    markers.send({
      run: {
        origin: server.url,
        durationMs: WARM_UP_SECONDS * 1000,
        plan: warmUp.map((player, index) => ({
          url: server.url,
          cookie: player.cookie,
          from: `127.3.${(index >> 8) + 1}.${index & 255}`,
          movieId: board[index % board.length],
          seen: true,
        })),
      },
    });
    const warmed = await answered;
    console.log(
      `warm-up (a cold instance's first seconds, not in the goals): ${warmed.latencies.length} marks by other members in ${WARM_UP_SECONDS} s, ` +
        `statuses ${JSON.stringify(warmed.statuses)}; latency p50 ${fmt(percentile(warmed.latencies, 50))}, p99 ${fmt(percentile(warmed.latencies, 99))}, max ${fmt(Math.max(...warmed.latencies))}`,
    );
    await sleep(3_000);
  }
  await Promise.all(clients.map((client) => client.mark()));
  const rss = [];
  const sampler = setInterval(() => rss.push(rssKb(server.pid) / 1024), 5_000);
  const cpuBefore = cpuMs(server.pid);
  const coresBefore = coreTimes();
  const started = performance.now();
  const done = new Promise((resolve) => markers.once('message', (message) => resolve(message.done)));
  // Each marker's 10 movies are spread over the whole run; each fan from an address of their own,
  // as on the internet (the per-address request limits).
  const plan = [];
  for (let n = 0; n < 10; n++) {
    players.slice(0, MARKERS).forEach((player, index) => {
      plan.push({
        url: server.url,
        cookie: player.cookie,
        from: `127.2.${(index >> 8) + 1}.${index & 255}`,
        movieId: board[(index + n) % board.length],
        seen: true,
      });
    });
  }
  // The standings as the server sent them (tcpdump on loopback), beside the clients' view as received.
  capture = await startCapture(new URL(server.url).port);
  markers.send({ run: { origin: server.url, durationMs: SECONDS * 1000, plan } });
  const result = await done;
  // When the slow marks came (seconds into the run): bursts point at a stall, a spread at a saturated server.
  const gapMs = (SECONDS * 1000) / result.latencies.length;
  const slowAt = result.latencies.flatMap((ms, index) => (ms > 150 ? [Math.floor((index * gapMs) / 1000)] : []));
  const bySecond = [...slowAt.reduce((counts, second) => counts.set(second, (counts.get(second) ?? 0) + 1), new Map())];
  console.log(
    `marks over 150 ms: ${slowAt.length}; by second of the run: ${bySecond.map(([second, count]) => `${second}s ×${count}`).join(', ')}`,
  );
  await sleep(2_000);
  const sent = await capture?.stop();
  clearInterval(sampler);
  const wallMs = performance.now() - started;
  const serverCpu = cpuMs(server.pid) - cpuBefore;
  const busy = coresBusy(coresBefore, coreTimes());
  const { streams, cpuShares } = await reportAll(clients);
  const gaps = streams.map((stream) => stream.minStandingsGapMs).filter((gap) => gap !== undefined);
  const minGap = Math.min(...gaps);
  const perSecond = Math.max(...streams.map((stream) => stream.maxStandingsPerSecond));
  const standings = streams.map((stream) => stream.standings);
  const dropped = streams.filter((stream) => stream.dropped).length;
  console.log(`load average at the end ${loadAverage()}`);
  console.log(
    `marks: ${result.latencies.length} in ${(result.tookMs / 1000).toFixed(1)} s, statuses ${JSON.stringify(result.statuses)}, ${result.retried} resent once on a closed kept-alive connection${result.firstRefusal === undefined ? '' : ` (first refusal: ${result.firstRefusal})`}${result.failures?.length ? ` (no answer: ${result.failures.join(', ')})` : ''}; ` +
      `latency p50 ${fmt(percentile(result.latencies, 50))}, p99 ${fmt(percentile(result.latencies, 99))}, max ${fmt(Math.max(...result.latencies))}`,
  );
  console.log(
    `standings: each subscriber got ${Math.min(...standings)}–${Math.max(...standings)} messages (${standings.reduce((sum, n) => sum + n, 0)} in all); shortest gap between two at one subscriber ${fmt(minGap)} ` +
      `(as received: the server sends them ≥ 1 s apart, delivery jitter moves them); at most ${perSecond} in one clock second; ${dropped} streams dropped`,
  );
  const asSent = sent === undefined ? undefined : spacing(sent.sends);
  console.log(
    asSent === undefined
      ? 'standings as sent: not measured (needs tcpdump and the right to capture on lo)'
      : `standings as sent (packet capture on lo, ${sent.droppedByKernel} packets dropped by the kernel): ${asSent.messages} messages to ${asSent.subscribers} subscribers; ` +
          `shortest gap between two to one subscriber ${fmt(asSent.minGapMs)}; at most ${asSent.maxPerSecond} to one in a clock second`,
  );
  console.log(
    `server: ${serverCpu} ms of CPU over ${(wallMs / 1000).toFixed(0)} s (${((serverCpu / wallMs) * 100).toFixed(0)} % of its core); RSS every 5 s: ${rss.map((mb) => mb.toFixed(0)).join(', ')} MB`,
  );
  console.log(`stream clients: busiest process ${(Math.max(...cpuShares) * 100).toFixed(0)} % of a core`);
  const { generator } = result;
  console.log(
    `markers (the load generator): requests left late by p99 ${fmt(generator.lateP99Ms)}, max ${fmt(generator.lateMaxMs)}; ` +
      `its event loop's delay p99 ${fmt(generator.loopDelayP99Ms)}, max ${fmt(generator.loopDelayMaxMs)} (a busy generator adds its delay to the latencies)`,
  );
  // Core 1 holds PostgreSQL and the whole load generator: when it is full, the marks wait on it, not on the server.
  console.log(
    `cores busy over the run: core 0 (the server) ${(busy[0] * 100).toFixed(0)} %, core 1 (PostgreSQL, markers, stream clients) ${(busy[1] * 100).toFixed(0)} %`,
  );
  const p99 = percentile(result.latencies, 99);
  const steady = rss.length < 4 || Math.max(...rss.slice(2)) - Math.min(...rss.slice(2)) < 0.15 * Math.min(...rss.slice(2));
  console.log(
    `goals: 0 errors ${result.errors === 0 ? 'MET' : 'NOT MET'}; ≤ 1 standings a second (no two within 900 ms as received) ${minGap >= 900 ? 'MET' : 'NOT MET'}; ` +
      `${asSent === undefined ? '' : `≤ 1 standings a second as sent (no two within 900 ms) ${asSent.minGapMs >= 900 && asSent.maxPerSecond <= 1 ? 'MET' : 'NOT MET'}; `}` +
      `p99 mark ≤ 250 ms ${p99 <= 250 ? 'MET' : 'NOT MET'}; RSS steady (within 15 % after the first 10 s) ${steady ? 'MET' : 'NOT MET'}`,
  );
} finally {
  await capture?.stop().catch(() => undefined);
  markers.kill();
  await Promise.all(clients.map((client) => client.close()));
  await server.stop();
  await database.drop();
  unpinPostgres?.();
}
