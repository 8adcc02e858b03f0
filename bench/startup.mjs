// Start-up benchmark of the production build (run `npm run build` first): time from spawning
// `node dist/server/server.js` to /readyz answering 200, the peak RSS (the kernel's VmHWM) and
// the RSS a few seconds after ready ("steady"), first on a fresh DATA_DIR (demo content on, as a
// new install starts), then a restart on the same directory. Both are set against PGlite's bare
// open of that directory and against the floor (bench/restart-floor.ts): PGlite's thread and
// /readyz with none of the app. Prints the figures against the goals and exits 0: a measurement,
// not a gate. Linux only (reads /proc). Ports: 127.0.0.1, free ones.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { freePort, spawnServer } from './bench-utils.mjs';

const STEADY_AFTER_MS = Number(process.env.STEADY_AFTER_MS ?? 3000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);

function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

/** CPU time (user + system) the process has used: less sensitive to other load than wall time. */
function cpuMsOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in 1/100 s ticks
}

/**
 * `tmpDir` is the server's TMPDIR: its module compile cache (Node 22.8+, server.ts) is kept in
 * `os.tmpdir()` by default, and each round starts with an empty one, as a new install does.
 * `program` starts the floor instead of the server; `steady: false` skips the wait for the
 * steady RSS.
 */
async function startOnce(dataDir, tmpDir, { program, steady = true } = {}) {
  const port = await freePort();
  const started = performance.now();
  const floorEnv = program === undefined ? {} : { PGLITE_TEMPLATE_DIR: TEMPLATE_DIR };
  const child = spawnServer(port, dataDir, { DATABASE_URL: '', DEMO_DATA: 'true', TMPDIR: tmpDir, ...floorEnv }, program);
  try {
    let readyMs;
    let cpuMs;
    while (readyMs === undefined) {
      if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
      if (performance.now() - started > 180_000) throw new Error('not ready within 180 s');
      try {
        const response = await fetch(`http://127.0.0.1:${port}/readyz`);
        if (response.status === 200) {
          readyMs = performance.now() - started;
          cpuMs = cpuMsOf(child.pid);
        }
      } catch {
        // not listening yet
      }
      // Every 5 ms: the bare open reports ready on its stdout at once, so a coarser poll would add
      // up to its interval to the server alone.
      if (readyMs === undefined) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    if (steady) await new Promise((resolve) => setTimeout(resolve, STEADY_AFTER_MS));
    const { rssMb, peakMb } = memoryOf(child.pid);
    return { readyMs, cpuMs, peakMb, steadyMb: rssMb };
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

/**
 * The server has PGlite's WebAssembly compiled by one background task (server.ts): the same V8
 * setting for the bare open, which makes PGlite alone open faster too, as a second reference.
 */
const SERVER_WASM_SETTING = '--wasm-num-compilation-tasks=1';

const DIST_DIR = process.env.DIST_DIR ?? 'dist';
/** The build's migrated data directory, which a fresh start copies (server.ts). */
const TEMPLATE_DIR = path.resolve(DIST_DIR, 'server', 'pglite-template');

/**
 * The floor (decision 220), bundled as the server is, beside a copy of PGlite's worker program, in
 * node_modules/.cache (PGlite resolves from there; the build's dist stays as shipped); returns the
 * program to spawn in the server's place.
 */
async function buildFloor() {
  const outdir = path.join(import.meta.dirname, '..', 'node_modules', '.cache', 'mingo-restart-floor');
  await build({
    entryPoints: { 'restart-floor': path.join(import.meta.dirname, 'restart-floor.ts') },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    target: 'node20.19',
    format: 'esm',
    external: ['@electric-sql/pglite'],
    logLevel: 'warning',
  });
  copyFileSync(path.join(import.meta.dirname, '..', 'src', 'server', 'db', 'pglite-worker.mjs'), path.join(outdir, 'pglite-worker.mjs'));
  return [path.join(outdir, 'restart-floor.mjs'), SERVER_WASM_SETTING];
}

/**
 * PGlite alone opening the same data directory (bench/pglite-open.mjs), spawn to ready: the
 * reference; `nodeFlags` are given to its Node.
 */
async function bareOpen(dataDir, nodeFlags = [], env = {}) {
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeFlags, path.join(import.meta.dirname, 'pglite-open.mjs'), dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`pglite-open exited with ${code}`)));
  });
  const readyMs = performance.now() - started;
  await new Promise((resolve) => child.once('exit', resolve));
  return readyMs;
}

const CORES = os.availableParallelism();
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const floor = await buildFloor();
const results = { fresh: [], restart: [], floorFresh: [], floorRestart: [], bare: [], bareAsServer: [], bareCached: [] };
for (let round = 0; round < ROUNDS; round += 1) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mingo-startup-'));
  const floorDataDir = mkdtempSync(path.join(os.tmpdir(), 'mingo-startup-floor-'));
  const tmpDir = mkdtempSync(path.join(os.tmpdir(), 'mingo-startup-tmp-'));
  try {
    // The server and the floor take turns at going first: a fresh start's copy is slower just
    // after another's (the file system, decision 211).
    const server = async () => {
      results.fresh.push(await startOnce(dataDir, tmpDir));
      results.restart.push(await startOnce(dataDir, tmpDir));
    };
    const floorStarts = async () => {
      results.floorFresh.push(await startOnce(floorDataDir, tmpDir, { program: floor, steady: false }));
      results.floorRestart.push(await startOnce(floorDataDir, tmpDir, { program: floor, steady: false }));
    };
    for (const starts of round % 2 === 0 ? [server, floorStarts] : [floorStarts, server]) await starts();
    results.bare.push(await bareOpen(dataDir));
    results.bareAsServer.push(await bareOpen(dataDir, [SERVER_WASM_SETTING]));
    // A third reference: PGlite alone with a warm compile cache of its own (where Node has one).
    const cached = { NODE_COMPILE_CACHE: path.join(tmpDir, 'bare-compile-cache') };
    await bareOpen(dataDir, [], cached);
    results.bareCached.push(await bareOpen(dataDir, [], cached));
  } finally {
    for (const dir of [dataDir, floorDataDir, tmpDir]) rmSync(dir, { recursive: true, force: true });
  }
}
const bareMs = median(results.bare);
const bareAsServerMs = median(results.bareAsServer);
const bareCachedMs = median(results.bareCached);

const goals = { fresh: { readyMs: 2500, peakMb: 600, steadyMb: 350 }, restart: { readyMs: 1500, peakMb: Infinity, steadyMb: 350 } };
// Issue 34: ready within this many times PGlite's bare open of the same data directory, same run.
const ratioGoals = { fresh: 2.5, restart: 1.5 };
console.log(
  `load average: ${os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(' ')} (${os.cpus().length} CPUs), ${ROUNDS} rounds, medians`,
);
for (const kind of ['fresh', 'restart']) {
  const runs = results[kind];
  const figures = {
    readyMs: median(runs.map((r) => r.readyMs)),
    peakMb: median(runs.map((r) => r.peakMb)),
    steadyMb: median(runs.map((r) => r.steadyMb)),
  };
  const cpuMs = median(runs.map((r) => r.cpuMs));
  const mark = (key) => (figures[key] <= goals[kind][key] ? 'ok' : 'MISSED');
  console.log(
    `${kind.padEnd(8)} ready ${figures.readyMs.toFixed(0)} ms (goal ≤ ${goals[kind].readyMs}, ${mark('readyMs')})` +
      `  peak RSS ${figures.peakMb.toFixed(0)} MB${goals[kind].peakMb === Infinity ? '' : ` (goal ≤ ${goals[kind].peakMb}, ${mark('peakMb')})`}` +
      `  steady RSS ${figures.steadyMb.toFixed(0)} MB (goal ≤ ${goals[kind].steadyMb}, ${mark('steadyMb')})` +
      `  CPU to ready ${cpuMs.toFixed(0)} ms  runs: ${runs.map((r) => r.readyMs.toFixed(0)).join(', ')} ms`,
  );
  const ratio = figures.readyMs / bareMs;
  console.log(
    `${''.padEnd(8)} = ${ratio.toFixed(2)}× PGlite's bare open (goal ≤ ${ratioGoals[kind]}×, ${ratio <= ratioGoals[kind] ? 'ok' : 'MISSED'})` +
      `, ${(figures.readyMs / bareAsServerMs).toFixed(2)}× the bare open with the server's ${SERVER_WASM_SETTING}` +
      `, ${(figures.readyMs / bareCachedMs).toFixed(2)}× the bare open with a warm compile cache`,
  );
  // What the server must do before any of its app's code runs (decision 220).
  const floorRuns = results[kind === 'fresh' ? 'floorFresh' : 'floorRestart'];
  const floorMs = median(floorRuns.map((r) => r.readyMs));
  console.log(
    `${''.padEnd(8)}   the floor (PGlite's thread and /readyz, none of the app) ${floorMs.toFixed(0)} ms, CPU ${median(floorRuns.map((r) => r.cpuMs)).toFixed(0)} ms: ` +
      `${(floorMs / bareMs).toFixed(2)}× PGlite's bare open; the server takes ${(figures.readyMs / floorMs).toFixed(2)}× the floor  runs: ${floorRuns.map((r) => r.readyMs.toFixed(0)).join(', ')} ms`,
  );
  // No start can be sooner than its CPU spread over every core (decision 219).
  console.log(
    `${''.padEnd(8)}   its CPU to ready, spread over ${CORES} cores with no waiting, takes ${(cpuMs / CORES).toFixed(0)} ms: ` +
      `no less than ${(cpuMs / CORES / bareMs).toFixed(2)}× PGlite's bare open`,
  );
}
console.log(
  `bare PGlite open of the same data directory (spawn to first query) ${bareMs.toFixed(0)} ms  runs: ${results.bare.map((ms) => ms.toFixed(0)).join(', ')} ms`,
);
console.log(
  `the same with ${SERVER_WASM_SETTING} ${bareAsServerMs.toFixed(0)} ms  runs: ${results.bareAsServer.map((ms) => ms.toFixed(0)).join(', ')} ms`,
);
console.log(
  `the same with a warm compile cache ${bareCachedMs.toFixed(0)} ms  runs: ${results.bareCached.map((ms) => ms.toFixed(0)).join(', ')} ms`,
);
