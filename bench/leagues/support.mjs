// Shared by the leagues benchmarks (run them with `node --import tsx`: they use the cluster suite's
// process helpers, tests/cluster/support.ts): the production server pinned to a core, players and
// leagues written straight into a fresh database (10,000 joins through the API would measure the
// set-up, not the streams), client processes pinned to the other core, and the figures (RSS, CPU
// time, percentiles). Everything listens on 127.0.0.1 only.
import { execFileSync, fork, spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adminQuery, startApp as startClusterApp, stopApp, waitReady } from '../../tests/cluster/support.ts';
import { freePort } from '../bench-utils.mjs';

export { createDatabase } from '../../tests/cluster/support.ts';
export { percentile } from '../bench-utils.mjs';

const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const here = path.dirname(new URL(import.meta.url).pathname);

export const now = () => performance.timeOrigin + performance.now();
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function rssKb(pid) {
  return Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
}

export function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Pins the local PostgreSQL (its postmaster and every backend; new backends inherit it) to `core`
 * and answers a function that gives it every core again: the server's core is then its own, as
 * with PostgreSQL on another machine. Without it, the backends a mark wakes often run on the
 * server's core and take its time. Undefined when no local PostgreSQL is found.
 */
export function pinPostgres(core) {
  const pidFile = readdirSync('/var/run/postgresql', { withFileTypes: true }).find((entry) => entry.name.endsWith('.pid'));
  const postmaster = pidFile === undefined ? '' : readFileSync(path.join('/var/run/postgresql', pidFile.name), 'utf8').split('\n')[0];
  if (!/^\d+$/.test(postmaster)) return undefined;
  const processes = () => {
    const children = execFileSync('pgrep', ['-P', postmaster], { encoding: 'utf8' }).split('\n').filter(Boolean);
    return [postmaster, ...children];
  };
  const pin = (cores) => {
    for (const pid of processes()) execFileSync('taskset', ['-p', '-c', cores, pid], { stdio: 'ignore' });
  };
  pin(String(core));
  return () => pin(`0-${os.cpus().length - 1}`);
}

/** Each core's busy and total time so far (jiffies, from /proc/stat); `coresBusy` turns two of these into shares. */
export function coreTimes() {
  return readFileSync('/proc/stat', 'utf8')
    .split('\n')
    .filter((line) => /^cpu\d+ /.test(line))
    .map((line) => {
      const [user, nice, system, idle, iowait, irq, softirq, steal] = line.split(/\s+/).slice(1, 9).map(Number);
      const total = user + nice + system + idle + iowait + irq + softirq + steal;
      return { busy: total - idle - iowait, total };
    });
}

/** How busy each core was between two `coreTimes()` readings, 0–1. */
export function coresBusy(before, after) {
  return after.map((core, index) => (core.busy - before[index].busy) / Math.max(1, core.total - before[index].total));
}

export function loadAverage() {
  return os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}

/**
 * The production server (`$DIST_DIR/server/server.js`) on 127.0.0.1, pinned to core `cpu`, with
 * the benchmark's `env`: the cluster suite's process helper, ready when /readyz answers.
 */
export async function startApp({ env, cpu, port, nodeArgs = [] }) {
  const app = startClusterApp(
    port ?? (await freePort()),
    {
      STATIC_DIR: path.join(process.env.DIST_DIR ?? 'dist', 'client'),
      DEMO_DATA: 'false',
      AUTH_SECRET: 'leagues-bench-auth-secret-0123456789abcdef',
      ...env,
    },
    // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops.
    // BENCH_NODE_ARGS: more of node's options for the server (space-separated).
    {
      cpu,
      nodeArgs: [
        ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
        ...nodeArgs,
        ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      ],
    },
  );
  await waitReady(app, 120_000);
  return { ...app, pid: app.child.pid, stop: (signal = 'SIGTERM') => stopApp(app, signal) };
}

function code() {
  let text = '';
  for (const byte of randomBytes(6)) text += CODE_ALPHABET[byte % CODE_ALPHABET.length];
  return text;
}

/**
 * Leagues and their players, written straight into a migrated database: `leagues` leagues of
 * `perLeague` players each (the first one the owner; `community`: one league, no owner). Each
 * player has a key of its own; its cookie is what a browser would hold.
 */
export async function seedLeagues(database, { leagues, perLeague, community = false, year = 2025 }) {
  const players = [];
  const created = [];
  for (let league = 0; league < leagues; league++) {
    const id = randomUUID();
    created.push({ id, code: code(), name: community ? `MINGO ${year}` : `Bench league ${league}` });
    for (let n = 0; n < perLeague; n++) {
      const key = randomBytes(32).toString('base64url');
      players.push({
        playerId: randomUUID(),
        memberId: randomUUID(),
        key,
        hash: createHash('sha256').update(key).digest('base64url'),
        cookie: `mingo_player=${key}`,
        league: league,
        leagueId: id,
        nickname: `Fan ${n}`,
        owner: !community && n === 0,
      });
    }
  }
  await adminQuery(
    database.url,
    'insert into leagues (id, code, name, year, community) select * from unnest($1::uuid[], $2::text[], $3::text[], $4::int[], $5::bool[])',
    [
      created.map((league) => league.id),
      created.map((league) => league.code),
      created.map((league) => league.name),
      created.map(() => year),
      created.map(() => community),
    ],
  );
  for (let start = 0; start < players.length; start += 2_000) {
    const batch = players.slice(start, start + 2_000);
    await adminQuery(database.url, 'insert into players (id) select unnest($1::uuid[])', [batch.map((player) => player.playerId)]);
    await adminQuery(database.url, 'insert into player_keys (key_hash, player_id) select * from unnest($1::text[], $2::uuid[])', [
      batch.map((player) => player.hash),
      batch.map((player) => player.playerId),
    ]);
    await adminQuery(
      database.url,
      `insert into league_members (id, league_id, player_id, nickname, nickname_key, is_owner)
       select * from unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::bool[])`,
      [
        batch.map((player) => player.memberId),
        batch.map((player) => player.leagueId),
        batch.map((player) => player.playerId),
        batch.map((player) => player.nickname),
        batch.map((player) => player.nickname.toLowerCase()),
        batch.map((player) => player.owner),
      ],
    );
  }
  return { players, leagues: created.map((league, index) => ({ ...league, owner: players[index * perLeague] })) };
}

/** A client process (bench/leagues/sse-clients.mjs) pinned to `cpu`, spoken to over IPC. */
export function startClients(cpu, script = 'sse-clients.mjs', { nice = 0 } = {}) {
  // `nice`: below the other processes of its core (a client that reads late moves only its own arrival times).
  const niced = nice === 0 ? [] : ['nice', '-n', String(nice)];
  const child =
    cpu === undefined
      ? fork(path.join(here, script), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
      : spawn(
          niced[0] ?? 'taskset',
          [...niced.slice(1), ...(niced.length > 0 ? ['taskset'] : []), '-c', String(cpu), process.execPath, path.join(here, script)],
          {
            stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
          },
        );
  const ask = (message, replyKey) =>
    new Promise((resolve) => {
      const onMessage = (answer) => {
        if (replyKey in answer) {
          child.off('message', onMessage);
          resolve(answer);
        }
      };
      child.on('message', onMessage);
      child.send(message);
    });
  return {
    child,
    open: (targets) => ask({ open: targets }, 'opened'),
    mark: () => ask({ mark: true }, 'marked'),
    report: async () => (await ask({ report: true }, 'report')).report,
    close: () => {
      child.send({ close: true });
      return new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/** Splits `targets` over `clients` and opens them all; the counts of opened and failed streams. */
export async function openAll(clients, targets) {
  const share = Math.ceil(targets.length / clients.length);
  const answers = await Promise.all(clients.map((client, index) => client.open(targets.slice(index * share, (index + 1) * share))));
  return answers.reduce((sum, answer) => ({ opened: sum.opened + answer.opened, failed: sum.failed + answer.failed }), {
    opened: 0,
    failed: 0,
  });
}

/** The streams of all clients, in the order their targets were given. */
export async function reportAll(clients) {
  const reports = await Promise.all(clients.map((client) => client.report()));
  return { streams: reports.flatMap((report) => report.streams), cpuShares: reports.map((report) => report.cpuShare) };
}

export function fmt(ms) {
  return Number.isNaN(ms) ? '—' : `${ms.toFixed(0)} ms`;
}
