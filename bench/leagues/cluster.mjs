// Issue 34's cluster goals: three instances from the production build on one PostgreSQL database
// behind nginx (deploy/nginx.conf), streams spread over them through nginx, players marking:
// - a mark made on one instance reaches the subscribers held by the others: p99 ≤ 1 s, with
//   PostgreSQL NOTIFY and again with REDIS_URL (Redis pub/sub);
// - SIGKILL of one instance under that load: its clients are back through nginx ≤ 10 s, and every
//   subscriber ends with the complete event sequence (0 missing, 0 twice);
// - a rolling restart of all three under load: 0 failed mark requests, 0 missing events.
// Apps on core 0, nginx and the clients on core 1 (taskset); PostgreSQL and Redis on their own.
// Every client (stream or marker) has its own loopback address, as every fan has their own.
//
//   node --import tsx bench/leagues/cluster.mjs [--leagues 150] [--per-league 20] [--seconds 30] [--rate 50] [--variant postgres|redis]
// Build first (`npm run build`); needs PostgreSQL, Redis on 127.0.0.1:6379 and nginx.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { adminQuery, servedThroughNginx, startNginx } from '../../tests/cluster/support.ts';
import { freePort } from '../bench-utils.mjs';
import { createDatabase, fmt, loadAverage, percentile, seedLeagues, sleep, startApp, startClients } from './support.mjs';

const { values } = parseArgs({
  options: {
    leagues: { type: 'string', default: '150' },
    'per-league': { type: 'string', default: '20' },
    seconds: { type: 'string', default: '30' },
    variant: { type: 'string', default: 'both' },
    // Marks a second offered to the cluster (every player's own address, spread over the second).
    rate: { type: 'string', default: '50' },
  },
});
const LEAGUES = Number(values.leagues);
const PER_LEAGUE = Number(values['per-league']);
const SECONDS = Number(values.seconds);
const here = path.dirname(new URL(import.meta.url).pathname);
const addressOf = (index) => `127.4.${(index >> 8) + 1}.${index & 255}`;

/** Each distinct warning or error message the apps logged, with its count. */
function logSummary(apps) {
  const counts = new Map();
  for (const app of apps) {
    for (const line of app.output(50_000_000).split('\n')) {
      if (!line.startsWith('{')) continue;
      try {
        const entry = JSON.parse(line);
        if (entry.level < 40) continue;
        const key = `${entry.level} ${entry.msg} ${entry.err?.message ?? ''}`.slice(0, 200);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      } catch {
        // a line cut by output()'s window
      }
    }
  }
  return [...counts].map(([key, count]) => `    ${count}× ${key}`).join('\n') || '    (nothing)';
}

/** nginx's error log, each distinct complaint (time, connection and client left out) with its count. */
function nginxSummary(file) {
  const counts = new Map();
  for (const line of existsSync(file) ? readFileSync(file, 'utf8').split('\n') : []) {
    const key = line
      .replace(/^\S+ \S+ /, '')
      .replace(/\d+#\d+: \*\d+ /, '')
      .replace(/, client: .*$/, '');
    if (key !== '') counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, count]) => `    ${count}× ${key}`).join('\n') || '    (nothing)';
}

async function cluster(variant) {
  const tempDir = mkdtempSync(path.join(os.tmpdir(), `mingo-bench-cluster-${variant}-`));
  const database = await createDatabase(`mingo_bench_cluster_${variant}`);
  const lbPort = await freePort();
  const lb = `http://127.0.0.1:${lbPort}`;
  const env = {
    DATABASE_URL: database.url,
    PUBLIC_URL: lb,
    TRUST_PROXY: '1',
    SHUTDOWN_DRAIN_MS: '2000',
    DATABASE_POOL_SIZE: '5',
    ...(variant === 'redis' ? { REDIS_URL: 'redis://127.0.0.1:6379' } : {}),
  };
  const ports = [await freePort(), await freePort(), await freePort()];
  const apps = await Promise.all(ports.map((port) => startApp({ env, cpu: 0, port })));
  const nginx = await startNginx(tempDir, lbPort, ports, Math.min(9_500, 4 * LEAGUES * PER_LEAGUE + 1024));
  const { players, leagues } = await seedLeagues(database, { leagues: LEAGUES, perLeague: PER_LEAGUE });
  const board = (await (await fetch(`${lb}/api/boards/2025`)).json()).movies.map((movie) => movie.id).filter((_, cell) => cell !== 12);
  const clients = [startClients(1, 'cluster-clients.mjs'), startClients(1, 'cluster-clients.mjs')];
  const targets = players.map((player, index) => ({
    url: `${lb}/api/leagues/${leagues[player.league].code}/events`,
    cookie: player.cookie,
    from: addressOf(index),
    league: leagues[player.league].code,
    start: 0,
  }));
  const half = Math.ceil(targets.length / 2);
  await Promise.all([clients[0].open(targets.slice(0, half)), clients[1].open(targets.slice(half))]);
  const streamsAt = async () => (await Promise.all(clients.map((client) => client.report()))).flatMap((report) => report.streams);
  const spread = new Map();
  for (const stream of await streamsAt()) spread.set(stream.upstreams[0], (spread.get(stream.upstreams[0]) ?? 0) + 1);
  console.log(
    `${variant}: ${targets.length} streams through nginx (${LEAGUES} leagues × ${PER_LEAGUE}) spread ${JSON.stringify(Object.fromEntries(spread))}; load ${loadAverage()}`,
  );

  let step = 0;
  /** A plan of marks: each player in turn marks its next movie (seen, then unseen on the next pass). */
  const planOf = (count, urlOf) =>
    Array.from({ length: count }, () => {
      const index = step % players.length;
      const pass = Math.floor(step / players.length);
      step += 1;
      const player = players[index];
      return {
        url: urlOf(index),
        cookie: player.cookie,
        from: addressOf(index),
        movieId: board[(index + pass) % board.length],
        seen: Math.floor(pass / board.length) % 2 === 0,
        key: `${player.memberId}:${board[(index + pass) % board.length]}`,
      };
    });
  const markers = spawn('taskset', ['-c', '1', process.execPath, path.join(here, 'markers.mjs')], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const runMarks = (plan, durationMs) =>
    new Promise((resolve) => {
      markers.once('message', (message) => resolve(message.done));
      markers.send({ run: { origin: lb, durationMs, plan } });
    });

  const results = {};
  try {
    // 1. Cross-instance delivery: marks sent straight to instance i % 3, so each mark's instance is known.
    const rate = Number(values.rate);
    const direct = planOf(rate * SECONDS, (index) => apps[index % 3].url);
    const instanceOfKey = new Map(direct.map((mark, index) => [mark.key, `127.0.0.1:${ports[index % 3]}`]));
    const marked = await runMarks(direct, SECONDS * 1000);
    await sleep(3_000);
    const crossLatencies = [];
    let sameInstance = 0;
    for (const stream of await streamsAt()) {
      for (const event of stream.events) {
        if (event.name !== 'marks' || !instanceOfKey.has(event.key)) continue;
        if (instanceOfKey.get(event.key) === event.upstream) sameInstance += 1;
        else crossLatencies.push(event.at - event.made);
      }
    }
    results.cross = {
      p50: percentile(crossLatencies, 50),
      p99: percentile(crossLatencies, 99),
      count: crossLatencies.length,
      sameInstance,
      marks: marked,
    };
    console.log(
      `  cross-instance: ${marked.latencies.length} marks (${JSON.stringify(marked.statuses)}), mark request p99 ${fmt(percentile(marked.latencies, 99))}; ` +
        `${crossLatencies.length} deliveries to streams on another instance: p50 ${fmt(results.cross.p50)}, p99 ${fmt(results.cross.p99)} ` +
        `(goal ≤ 1 s: ${results.cross.p99 <= 1000 ? 'MET' : 'NOT MET'}); ${sameInstance} on the same instance`,
    );

    if (variant === 'postgres') {
      // 2. SIGKILL of one instance under load (marks through nginx).
      const through = planOf(rate * SECONDS, () => lb);
      const killMarks = runMarks(through, SECONDS * 1000);
      await sleep((SECONDS * 1000) / 3);
      const victim = apps[1];
      const killedAt = performance.timeOrigin + performance.now();
      victim.child.kill('SIGKILL');
      await victim.exited;
      await sleep(5_000);
      apps[1] = await startApp({ env, cpu: 0, port: ports[1] });
      const killed = await killMarks;
      await sleep(5_000);
      const streams = await streamsAt();
      const back = streams
        .filter((stream) => stream.dropped.some((at) => at >= killedAt - 100))
        .map((stream) => {
          const drop = stream.dropped.find((at) => at >= killedAt - 100);
          const reopened = stream.opened.find((at) => at > drop);
          return reopened === undefined ? Infinity : reopened - drop;
        });
      results.kill = { dropped: back.length, p99: percentile(back, 99), max: Math.max(...back), marks: killed };
      console.log(
        `  SIGKILL: ${back.length} streams lost their instance; back through nginx p50 ${fmt(percentile(back, 50))}, p99 ${fmt(results.kill.p99)}, max ${fmt(results.kill.max)} ` +
          `(goal ≤ 10 s: ${results.kill.max <= 10_000 ? 'MET' : 'NOT MET'}); marks ${JSON.stringify(killed.statuses)}`,
      );
      results.killSequences = await checkSequences(database, streamsAt);

      // 3. Rolling restart under load.
      const rolling = planOf(rate * (SECONDS + 30), () => lb);
      const rollingMarks = runMarks(rolling, (SECONDS + 30) * 1000);
      await sleep(2_000);
      const stopped = [];
      for (let index = 0; index < 3; index++) {
        stopped.push(apps[index]);
        await apps[index].stop('SIGTERM');
        apps[index] = await startApp({ env, cpu: 0, port: ports[index] });
        await servedThroughNginx(lb, ports[index]);
        await sleep(1_500);
      }
      const rolled = await rollingMarks;
      await sleep(5_000);
      results.rolling = { marks: rolled };
      if (rolled.errors > 0) {
        console.log(`  what the stopped instances logged (warn and up):\n${logSummary(stopped)}`);
        console.log(`  what nginx logged:\n${nginxSummary(path.join(tempDir, 'error.log'))}`);
      }
      console.log(
        `  rolling restart: ${rolled.latencies.length} marks, ${rolled.errors} failed (goal 0: ${rolled.errors === 0 ? 'MET' : 'NOT MET'}) ${JSON.stringify(rolled.statuses)}`,
      );
      results.rollingSequences = await checkSequences(database, streamsAt);
    }
  } finally {
    markers.kill();
    await Promise.all(clients.map((client) => client.close()));
    await nginx.stop();
    await Promise.all(apps.map((app) => app.stop()));
    await database.drop();
    rmSync(tempDir, { recursive: true, force: true });
  }
  return results;
}

/** Every subscriber's events against its league's log: nothing missing, nothing twice. */
async function checkSequences(database, streamsAt) {
  const rows = await adminQuery(database.url, 'select code, last_event_id from leagues');
  const last = new Map(rows.map((row) => [row.code, Number(row.last_event_id)]));
  let missing = 0;
  let twice = 0;
  let behind = 0;
  for (const stream of await streamsAt()) {
    let position = stream.start;
    for (const event of stream.events) {
      if (event.name === 'reset') position = Math.max(position, event.id);
      else if (event.id <= position) twice += 1;
      else {
        missing += event.id - position - 1;
        position = event.id;
      }
    }
    if (position < last.get(stream.league)) behind += 1;
  }
  console.log(
    `  sequences: ${missing} missing, ${twice} twice, ${behind} streams behind their league's last event (goal 0, 0, 0: ${missing + twice + behind === 0 ? 'MET' : 'NOT MET'})`,
  );
  return { missing, twice, behind };
}

console.log(`leagues cluster benchmark, load average ${loadAverage()}`);
if (values.variant !== 'redis') await cluster('postgres');
if (values.variant !== 'postgres') await cluster('redis');
console.log(`load average at the end ${loadAverage()}`);
