// @ts-check
// The PGlite thread's whole program (decision 208): it opens the data directory it is given and
// answers the main thread's messages. Plain JavaScript, so that Node runs it as it is, from the
// sources (tests, `npm run dev`) and, copied beside the bundle, from dist/server.
// In:  { op: 'seeded' } first when started with `waitForSeed` (the data directory is ready);
//      then { id, op: 'query', sql, params } | { id, op: 'listen' | 'unlisten', channel }
//      | { id, op: 'dump', compression } | { id, op: 'close' }
// Out: { opened: true } | { openFailed: error } once; { id, result } | { id, error } per message;
//      { channel, payload } for each NOTIFY heard.
/* global WebAssembly */
import { Blob } from 'node:buffer';
import { readFile } from 'node:fs/promises';
import process from 'node:process';
import { URL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
const { dataDir, startParams, waitForSeed } = workerData;

/** An error as plain data: its message, name and PostgreSQL's fields (code, constraint, detail …). */
function plain(error) {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error' };
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    if (key !== 'query' && key !== 'params' && (value === null || typeof value !== 'object')) fields[key] = value;
  }
  return { ...fields, message: error.message, name: error.name };
}

/**
 * PGlite's WebAssembly, compiled, and its bundle of PostgreSQL's own files: what PGlite.create
 * would load itself before it opens the data directory, loaded here so that it can be done before.
 */
async function loadPglite() {
  const [wasm, bundle] = await Promise.all(
    ['@electric-sql/pglite/pglite.wasm', '@electric-sql/pglite/pglite.data'].map((name) => readFile(new URL(import.meta.resolve(name)))),
  );
  return { pgliteWasmModule: await WebAssembly.compile(wasm), fsBundle: new Blob([bundle]) };
}

// A fresh data directory is being copied from the template meanwhile (pglite-thread.ts): this
// thread starts and loads PGlite beside the copy, and opens once told it is done.
let markSeeded = () => {};
const seeded = waitForSeed === true ? new Promise((resolve) => (markSeeded = resolve)) : Promise.resolve();
const opening = Promise.all([loadPglite(), seeded]).then(([loaded]) =>
  PGlite.create({
    dataDir,
    startParams,
    ...loaded,
    // int8 as a number, as on the main thread's drivers (database.ts).
    parsers: { [types.INT8]: (value) => Number.parseInt(value, 10) },
  }),
);
const stopListening = new Map();

/** @param {PGlite} client */
async function handle(client, message) {
  switch (message.op) {
    case 'query': {
      const { rows, affectedRows } = await client.query(message.sql, message.params);
      return { rows, affectedRows };
    }
    case 'listen': {
      if (!stopListening.has(message.channel)) {
        const stop = await client.listen(message.channel, (payload) => port.postMessage({ channel: message.channel, payload }));
        stopListening.set(message.channel, stop);
      }
      return null;
    }
    case 'unlisten': {
      const stop = stopListening.get(message.channel);
      stopListening.delete(message.channel);
      if (stop !== undefined && !client.closed) await stop();
      return null;
    }
    case 'dump': {
      const blob = await client.dumpDataDir(message.compression);
      return { type: blob.type, bytes: await blob.arrayBuffer() };
    }
    case 'close': {
      if (!client.closed) await client.close();
      return null;
    }
    default:
      throw new Error(`unknown operation ${message.op}`);
  }
}

// Listening from the start: messages sent while PGlite opens wait for it. It also keeps this
// thread's event loop alive while PGlite opens. With nothing left for the loop to wait on during
// the open, Node would block the thread until V8's background compilation of PGlite's WebAssembly
// had finished: some 300 ms after the open in which nothing could run (decision 208).
// One message at a time, in the order sent: PGlite would not keep a LISTEN before a later query.
let previous = Promise.resolve();
port.on('message', (message) => {
  if (message.op === 'seeded') {
    markSeeded();
    return;
  }
  previous = previous.then(async () => {
    try {
      const result = await handle(await opening, message);
      const transfer = result?.bytes instanceof ArrayBuffer ? [result.bytes] : [];
      port.postMessage({ id: message.id, result }, transfer);
      if (message.op === 'close') port.close();
    } catch (error) {
      port.postMessage({ id: message.id, error: plain(error) });
    }
  });
});
try {
  await opening;
  port.postMessage({ opened: true });
} catch (error) {
  port.postMessage({ openFailed: plain(error) });
  process.exit(1);
}
