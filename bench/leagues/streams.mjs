// Issue 34's first two goals, against a bare Node `http` SSE server measured in the same run
// (bench/leagues/bare-sse-server.mjs): the memory of one instance holding 10,000 league streams
// (200 leagues × 50 players), and one event in each of the 200 leagues delivered to all 10,000.
// The server runs on core 0, the clients (two processes, 5,000 streams each: the open-file limit
// is 20,000 per process) on core 1 (taskset); PostgreSQL on its own. Goals: memory per stream
// ≤ 2× the bare server's; 100 % delivered; p99 ≤ 2× the bare server's p99 for one event to all.
//
//   node --import tsx bench/leagues/streams.mjs [--streams 10000] [--leagues 200]
// Build first (`npm run build`); needs PostgreSQL (TEST_DATABASE_URL or 127.0.0.1:5432).
import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort, waitFor } from '../bench-utils.mjs';
import {
  cpuMs,
  createDatabase,
  fmt,
  loadAverage,
  now,
  openAll,
  percentile,
  reportAll,
  rssKb,
  seedLeagues,
  sleep,
  startApp,
  startClients,
} from './support.mjs';

const { values } = parseArgs({ options: { streams: { type: 'string', default: '10000' }, leagues: { type: 'string', default: '200' } } });
const STREAMS = Number(values.streams);
const LEAGUES = Number(values.leagues);
const PER_LEAGUE = STREAMS / LEAGUES;
const SETTLE_MS = 5_000;
const WARM = 200;

const here = path.dirname(new URL(import.meta.url).pathname);

function post(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', headers: { 'content-length': 0, ...headers }, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

/** Opens `targets`, measures the server's RSS per stream, and closes nothing (the caller broadcasts next). */
async function memoryPerStream(pid, clients, warmTargets, targets) {
  // Warm: the same code paths run once before the baseline is read.
  const warm = startClients(1);
  await warm.open(warmTargets);
  await warm.close();
  await sleep(SETTLE_MS);
  const before = rssKb(pid);
  const opened = await openAll(clients, targets);
  await sleep(SETTLE_MS);
  const after = rssKb(pid);
  return { ...opened, before, after, perStreamKb: (after - before) / opened.opened };
}

async function bare() {
  const port = await freePort();
  const child = spawn('taskset', ['-c', '0', process.execPath, path.join(here, 'bare-sse-server.mjs')], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/readyz`, { child });
  const clients = [startClients(1), startClients(1)];
  const target = { url: `${url}/events` };
  try {
    const memory = await memoryPerStream(
      child.pid,
      clients,
      Array.from({ length: WARM }, () => target),
      Array.from({ length: STREAMS }, () => target),
    );
    const rounds = [];
    for (let round = 0; round < 3; round++) {
      await Promise.all(clients.map((client) => client.mark()));
      const cpuBefore = cpuMs(child.pid);
      const broadcastAt = now();
      await post(`${url}/broadcast`);
      await sleep(3_000);
      const { streams, cpuShares } = await reportAll(clients);
      rounds.push({ streams, cpuShares, broadcastAt, serverCpuMs: cpuMs(child.pid) - cpuBefore });
    }
    return { memory, rounds };
  } finally {
    await Promise.all(clients.map((client) => client.close()));
    child.kill('SIGTERM');
  }
}

async function app() {
  const database = await createDatabase('mingo_bench_streams');
  const server = await startApp({
    cpu: 0,
    env: { DATABASE_URL: database.url, LEAGUE_STREAMS_PER_ADDRESS: String(STREAMS * 2), DATABASE_POOL_SIZE: '10' },
  });
  const clients = [startClients(1), startClients(1)];
  try {
    const { players, leagues } = await seedLeagues(database, { leagues: LEAGUES, perLeague: PER_LEAGUE });
    // The warm-up streams are the first players' (opened, then closed again).
    const targets = players.map((player) => ({
      url: `${server.url}/api/leagues/${leagues[player.league].code}/events?lastEventId=0`,
      cookie: player.cookie,
    }));
    const memory = await memoryPerStream(server.pid, clients, targets.slice(0, WARM), targets);
    const rounds = [];
    for (let round = 0; round < 3; round++) {
      await Promise.all(clients.map((client) => client.mark()));
      const cpuBefore = cpuMs(server.pid);
      const started = new Map();
      // One draw in each league, by its owner, all at once.
      await Promise.all(
        leagues.map(async (league, index) => {
          started.set(index, now());
          const answer = await post(`${server.url}/api/leagues/${league.code}/draws`, { cookie: league.owner.cookie, origin: server.url });
          if (answer.status !== 201) throw new Error(`draw: ${answer.status} ${answer.body}`);
        }),
      );
      await sleep(3_000);
      const { streams, cpuShares } = await reportAll(clients);
      rounds.push({
        streams,
        cpuShares,
        started,
        leagueOf: players.map((player) => player.league),
        serverCpuMs: cpuMs(server.pid) - cpuBefore,
      });
    }
    return { memory, rounds };
  } finally {
    await Promise.all(clients.map((client) => client.close()));
    await server.stop();
    await database.drop();
  }
}

/** Per round: delivered, and percentiles of receipt − `from(round, stream, index, roundIndex)`. */
function latencies(rounds, from) {
  return rounds.map((round, roundIndex) => {
    const values = [];
    round.streams.forEach((stream, streamIndex) => {
      const at = stream.draws[roundIndex];
      if (at !== undefined) values.push(at - from(round, stream, streamIndex, roundIndex));
    });
    return { delivered: values.length, p50: percentile(values, 50), p99: percentile(values, 99), max: Math.max(...values) };
  });
}

const medianBy = (rows, key) => [...rows].sort((a, b) => a[key] - b[key])[Math.floor(rows.length / 2)];

function report(label, memory, rounds, endToEnd, fanOut) {
  console.log(
    `${label}: ${memory.opened} streams open (${memory.failed} failed); RSS ${(memory.before / 1024).toFixed(0)} → ${(memory.after / 1024).toFixed(0)} MB = ${memory.perStreamKb.toFixed(1)} KB a stream`,
  );
  rounds.forEach((round, index) => {
    console.log(
      `  round ${index + 1}: delivered ${fanOut[index].delivered}/${memory.opened}; from the event's making p50 ${fmt(fanOut[index].p50)}, p99 ${fmt(fanOut[index].p99)}; ` +
        `from the request's start p50 ${fmt(endToEnd[index].p50)}, p99 ${fmt(endToEnd[index].p99)}; server CPU ${round.serverCpuMs} ms; ` +
        `busiest client process ${(Math.max(...round.cpuShares) * 100).toFixed(0)} % of a core (over the round's 3 s)`,
    );
  });
  return { memory, fanOut: medianBy(fanOut, 'p99'), endToEnd: medianBy(endToEnd, 'p99') };
}

console.log(`leagues streams benchmark: ${STREAMS} streams (${LEAGUES} leagues × ${PER_LEAGUE}), load average at start ${loadAverage()}`);
const reference = await bare();
const bareResult = report(
  'bare Node http SSE server (reference)',
  reference.memory,
  reference.rounds,
  latencies(reference.rounds, (round) => round.broadcastAt),
  latencies(reference.rounds, (_round, stream, _index, roundIndex) => stream.drawsMade[roundIndex]),
);
const measured = await app();
const appResult = report(
  'MINGO (one instance, PostgreSQL)',
  measured.memory,
  measured.rounds,
  latencies(measured.rounds, (round, _stream, streamIndex) => round.started.get(round.leagueOf[streamIndex])),
  latencies(measured.rounds, (_round, stream, _index, roundIndex) => stream.drawsMade[roundIndex]),
);
const memoryRatio = appResult.memory.perStreamKb / bareResult.memory.perStreamKb;
const fanOutRatio = appResult.fanOut.p99 / bareResult.fanOut.p99;
console.log(`load average at the end ${loadAverage()}`);
console.log(
  `memory per stream: ${appResult.memory.perStreamKb.toFixed(1)} KB vs ${bareResult.memory.perStreamKb.toFixed(1)} KB = ${memoryRatio.toFixed(2)}× (goal ≤ 2×) ${memoryRatio <= 2 ? 'MET' : 'NOT MET'}`,
);
console.log(
  `one event in each league to every stream, median round: delivered ${appResult.fanOut.delivered}/${appResult.memory.opened}; ` +
    `p99 from the event's making ${fmt(appResult.fanOut.p99)} vs the bare server's ${fmt(bareResult.fanOut.p99)} = ${fanOutRatio.toFixed(2)}× (goal 100 %, ≤ 2×) ` +
    `${appResult.fanOut.delivered === appResult.memory.opened && fanOutRatio <= 2 ? 'MET' : 'NOT MET'}; ` +
    `end to end (from the ${LEAGUES} draw requests' start, all at once) p99 ${fmt(appResult.endToEnd.p99)} vs ${fmt(bareResult.endToEnd.p99)}`,
);
