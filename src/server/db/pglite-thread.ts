import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { acquireDataDirLock } from './lock';
import { holdsDatabase, seedFromTemplate } from './pglite-data-dir';
import pgliteStartParams from './pglite-start-params.json';

type ErrorData = { message: string; name: string } & Record<string, unknown>;
type Reply = { id: number; result?: unknown; error?: ErrorData };
type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type QueryResult = { rows: unknown[]; affectedRows?: number };

/** The worker's program: plain JavaScript, so Node runs it from the sources and, copied, from dist/server. */
const PROGRAM = new URL('./pglite-worker.mjs', import.meta.url);

/** A PostgreSQL error from the thread, with its fields (code, constraint, detail …) as PGlite gave them. */
function errorFrom(data: ErrorData): Error {
  const { message, name, ...fields } = data;
  return Object.assign(new Error(message), fields, { name });
}

/**
 * PGlite in a worker thread of its own (decision 208): the same calls as a PGlite client
 * (`query`, `listen`, `dumpDataDir`, `close`, `closed`), answered by `pglite-worker.mjs`. PGlite
 * opens and runs its queries beside the main thread instead of on it, so the app's modules load
 * and its routes are set up while the database opens, and a query no longer stops the event loop.
 * Calls made before PGlite has opened wait for it, in order; if it cannot open, they fail with its
 * error, as `opened` does.
 */
export class PgliteThread {
  closed = false;
  /** Resolves once PGlite has opened the data directory; rejects with its error if it cannot. */
  readonly opened: Promise<void>;
  private nextId = 0;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private readonly worker: Worker;

  /**
   * Starts the thread on `dataDir` (a PGlite data directory, locked by the caller). `onLost` is
   * called once if the thread dies after it opened, other than by `close`: the database is gone.
   */
  constructor(options: {
    dataDir: string;
    startParams: string[];
    onLost: (error: Error) => void;
    /** PGlite opens only once `seeded()` is called (the data directory is still being made). */
    waitForSeed?: boolean;
  }) {
    const worker = new Worker(PROGRAM, {
      workerData: { dataDir: options.dataDir, startParams: options.startParams, waitForSeed: options.waitForSeed === true },
    });
    this.worker = worker;
    let opened = false;
    let openError: Error | undefined;
    this.opened = new Promise<void>((resolve, reject) => {
      worker.on('message', (message: Reply | { channel: string; payload: string } | { opened: true } | { openFailed: ErrorData }) => {
        if ('opened' in message) {
          opened = true;
          resolve();
        } else if ('openFailed' in message) {
          openError = errorFrom(message.openFailed);
          reject(openError);
        } else if ('channel' in message) {
          for (const listener of this.listeners.get(message.channel) ?? []) listener(message.payload);
        } else {
          const waiting = this.pending.get(message.id);
          this.pending.delete(message.id);
          if (message.error !== undefined) waiting?.reject(errorFrom(message.error));
          else waiting?.resolve(message.result);
        }
      });
      // An error the thread's program did not catch; 'exit' follows.
      let crash: Error | undefined;
      worker.on('error', (error) => (crash = error));
      worker.once('exit', (code) => {
        const wasClosed = this.closed;
        this.closed = true;
        const lost =
          openError ?? new Error(`the PGlite thread stopped (exit code ${code}${crash === undefined ? '' : `: ${crash.message}`})`);
        reject(lost);
        for (const waiting of this.pending.values()) waiting.reject(lost);
        this.pending.clear();
        if (opened && !wasClosed) options.onLost(lost);
      });
    });
    // Whoever needs the outcome awaits `opened` or a call; an unawaited failure is not unhandled.
    this.opened.catch(() => undefined);
  }

  private call<T>(message: Record<string, unknown>): Promise<T> {
    if (this.closed) return Promise.reject(new Error('PGlite is closed'));
    const id = (this.nextId += 1);
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  /** The data directory is ready: PGlite may open it (see `waitForSeed`). */
  seeded(): void {
    this.worker.postMessage({ op: 'seeded' });
  }

  /** Ends the thread at once, without closing PGlite (it never opened). */
  async abandon(): Promise<void> {
    this.closed = true;
    await this.worker.terminate();
  }

  query(sql: string, params: unknown[] = []): Promise<QueryResult> {
    return this.call<QueryResult>({ op: 'query', sql, params });
  }

  /**
   * Resolves at once: the thread runs LISTEN before any query sent after this call (its messages
   * are answered in order), so no notice of a later commit is missed, and the app's set-up need
   * not wait for PGlite to open. A LISTEN that fails is reported as a process warning.
   */
  async listen(channel: string, listener: (payload: string) => void): Promise<() => Promise<void>> {
    let listeners = this.listeners.get(channel);
    if (listeners === undefined) {
      listeners = new Set();
      this.listeners.set(channel, listeners);
      this.call({ op: 'listen', channel }).catch((error: unknown) => {
        if (!this.closed) process.emitWarning(`PGlite could not LISTEN on ${channel}: ${String(error)}`);
      });
    }
    const own = listeners;
    own.add(listener);
    return async () => {
      own.delete(listener);
      if (own.size > 0 || this.listeners.get(channel) !== own) return;
      this.listeners.delete(channel);
      if (!this.closed) await this.call({ op: 'unlisten', channel });
    };
  }

  async dumpDataDir(compression: 'gzip' | 'none' = 'gzip'): Promise<Blob> {
    const { type, bytes } = await this.call<{ type: string; bytes: ArrayBuffer }>({ op: 'dump', compression });
    return new Blob([bytes], { type });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    const exited = new Promise((resolve) => this.worker.once('exit', resolve));
    await this.call({ op: 'close' }).catch(() => undefined);
    this.closed = true;
    await exited;
  }
}

/** The database is gone under a running server: one line, and the process ends (its supervisor restarts it). */
function exitOnLostDatabase(error: Error): never {
  process.stderr.write(`MINGO stopped: ${error.message}\n`);
  process.exit(1);
}

/**
 * The server's PGlite (decision 208): `dataDir` locked and, when new, seeded from `templateDir`,
 * then its thread started. Resolves before PGlite has opened (`client.opened`): the app is set up
 * meanwhile, and its queries wait for the open. `onLost` runs if the thread dies later (default:
 * the process ends with one line). `lock` is released by the handle's close (pgliteHandle).
 */
export async function openPgliteThread(options: {
  dataDir: string;
  templateDir?: string | undefined;
  onLost?: (error: Error) => void;
}): Promise<{ client: PgliteThread; lock: { release: () => void } }> {
  const lock = acquireDataDirLock(options.dataDir);
  // A restart's PGlite opens as soon as its thread has loaded it; a fresh directory's template is
  // copied meanwhile, and PGlite opens once the copy is done. The main thread is busy loading the
  // app by then, and would be late to say so when there is nothing to wait for.
  const fresh = !holdsDatabase(options.dataDir);
  const client = new PgliteThread({
    dataDir: path.join(options.dataDir, 'pgdata'),
    startParams: pgliteStartParams,
    onLost: options.onLost ?? exitOnLostDatabase,
    waitForSeed: fresh,
  });
  try {
    // Also clears what an interrupted copy left beside the database.
    await seedFromTemplate(options.dataDir, options.templateDir);
  } catch (error) {
    await client.abandon();
    lock.release();
    throw error;
  }
  if (fresh) client.seeded();
  return { client, lock };
}
