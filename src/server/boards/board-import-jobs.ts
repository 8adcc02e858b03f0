import { createHash, randomUUID } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { ImportJobSchema, type ImportFile, type ImportJob, type ImportPreview } from '../../shared/boards';
import { AppError, conflict, ERROR_CODES } from '../../shared/errors';
import type { DatabaseHandle, Db } from '../db/database';
import type { BoardImport, ImportOptions, ImportProgress, PreparedImport } from './board-import';
import { createImportJobRepository, type ImportJobRow } from './board-import-job-repository';

/**
 * Board imports as jobs (decision 194). `start` checks the file at once (400/409 as before) and
 * answers the job; the posters and the transaction run in the background on this process, and
 * the job's row (board_import_jobs) carries the state and progress for every instance, so a
 * reloaded page finds it again. At most one import runs at a time: the row's unique index makes
 * a second start a 409 on any instance, never a second import. The running process touches its
 * row every HEARTBEAT_MS; a running row untouched for STALE_AFTER_MS belongs to a process that
 * died and is marked failed by the next read or start (the import wrote nothing: its data is one
 * transaction, its posters are pending media the sweep removes). The job is marked done in the
 * import's own transaction, so "done" and the data commit together.
 */
export const HEARTBEAT_MS = 5_000;
/** Six missed heartbeats. */
export const STALE_AFTER_MS = 30_000;
/** Finished jobs kept (the latest one is what a reloaded page shows). */
const KEEP_FINISHED = 20;

const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === UNIQUE_VIOLATION;

type JobError = { code: string; message: string };

const STOPPED: JobError = {
  code: 'service_unavailable',
  message: 'The server stopped during the import, so nothing was imported: import the file again.',
};

const FAILED: JobError = {
  code: 'internal_error',
  message: 'The import failed, so nothing was imported. Try again; if it fails again, the server log says why.',
};

/** Thrown into a running import when the server closes. */
class ImportStoppedError extends Error {
  override name = 'ImportStoppedError';
}

/** The job row no longer says running (another instance took it for dead): the transaction rolls back. */
class JobLostError extends Error {
  override name = 'JobLostError';
}

function toJob(row: ImportJobRow): ImportJob {
  const error = ImportJobSchema.shape.error.parse(row.error);
  return {
    id: row.id,
    state: row.state,
    phase: row.phase,
    done: row.done,
    total: row.total,
    years: row.years,
    publish: row.publish,
    startedAt: row.started_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
    result: ImportJobSchema.shape.result.parse(row.result),
    error,
  };
}

function errorOf(error: unknown): JobError {
  if (error instanceof ImportStoppedError) return STOPPED;
  if (error instanceof AppError && error.statusCode < 500) return { code: error.code, message: error.message };
  return FAILED;
}

/** What the job runs: the prepared import's write, with its progress and last statement. */
type Runner = Pick<BoardImport, 'prepare' | 'write'>;

export type ImportJobsOptions = {
  db: Db;
  transfer: Runner;
  log: FastifyBaseLogger;
  /** The embedded database: this process is its only user, so a running row that is not ours is dead. */
  alone: boolean;
  /** After an import commits (the public cache drops its boards). */
  onCommitted?: () => void;
  heartbeatMs?: number;
  staleAfterMs?: number;
};

type LocalJob = { view: ImportJob; controller: AbortController; finished: Promise<void> };

type Dead = { db: Db; log: FastifyBaseLogger; alone: boolean; staleAfterMs: number };

/**
 * Marks failed every running job not `owner`'s whose process died: with the embedded database
 * every other one (this process is its only user); with PostgreSQL, one whose heartbeat stopped.
 */
async function failDead({ db, log, alone, staleAfterMs }: Dead, owner: string): Promise<void> {
  // Never by the job's id: a start racing with ours would read it before our row is ours.
  const failed = await createImportJobRepository(db).failRunningOfOthers(owner, STOPPED, alone ? undefined : staleAfterMs);
  if (failed > 0) log.warn({ jobs: failed }, 'board imports whose server stopped marked failed');
}

/** Start-up task (bootstrap.ts): the jobs of processes that died. No job is this process's yet. */
export function failInterruptedImports(ctx: { database: Pick<DatabaseHandle, 'db' | 'kind'> }, log: FastifyBaseLogger): Promise<void> {
  return failDead({ db: ctx.database.db, log, alone: ctx.database.kind === 'pglite', staleAfterMs: STALE_AFTER_MS }, '');
}

export function createImportJobs({
  db,
  transfer,
  log,
  alone,
  onCommitted,
  heartbeatMs = HEARTBEAT_MS,
  staleAfterMs = STALE_AFTER_MS,
}: ImportJobsOptions) {
  const owner = `${os.hostname()}/${process.pid}/${randomUUID()}`;
  const jobs = createImportJobRepository(db);
  /** The job this process runs (at most one runs anywhere). Read from memory: on PGlite its transaction holds the one connection. */
  let local: LocalJob | undefined;

  /** Marks failed every running job whose process died (this process's never). */
  async function failStale(): Promise<void> {
    await failDead({ db, log, alone, staleAfterMs }, owner);
  }

  async function run(job: LocalJob, prepared: PreparedImport): Promise<void> {
    const { id } = job.view;
    const heartbeat = setInterval(() => {
      jobs.touch(id).catch((error: unknown) => log.warn({ err: error, jobId: id }, 'could not touch the running board import'));
    }, heartbeatMs);
    heartbeat.unref();
    // The row first: this process then never answers with progress its row (what the other
    // instances read) does not have yet.
    const onProgress = async ({ phase, done, total }: ImportProgress) => {
      await jobs.progress(id, { phase, done, total });
      job.view = { ...job.view, phase, done, total };
    };
    const beforeCommit = async (trx: Db, result: ImportPreview) => {
      const marked = await createImportJobRepository(trx).markDone(id, job.view.total, { boards: result.boards });
      if (!marked) throw new JobLostError(`board import ${id} was marked failed by another instance`);
    };
    try {
      const result = await transfer.write(prepared, { signal: job.controller.signal, onProgress, beforeCommit });
      // Committed: until this process lets go of the job, it answers for it as its row now says.
      job.view = { ...job.view, state: 'done', phase: 'finished', finishedAt: new Date().toISOString(), result: { boards: result.boards } };
      log.info({ jobId: id, years: result.boards.map((board) => `${board.year}:${board.action}`) }, 'boards imported');
      onCommitted?.();
    } catch (error) {
      const failure = errorOf(error);
      job.view = { ...job.view, state: 'failed', finishedAt: new Date().toISOString(), error: failure };
      if (failure === FAILED) log.error({ err: error, jobId: id }, 'board import failed');
      else log.warn({ jobId: id, code: failure.code }, `board import failed: ${failure.message}`);
      await jobs
        .markFailed(id, failure)
        .catch((writeError: unknown) => log.error({ err: writeError, jobId: id }, 'could not mark a board import failed'));
    } finally {
      clearInterval(heartbeat);
    }
  }

  async function start(file: ImportFile, options: ImportOptions): Promise<{ job: ImportJob; finished: Promise<void> }> {
    const prepared = await transfer.prepare(file, options);
    await failStale();
    const sha256 = createHash('sha256')
      .update(JSON.stringify({ file, ...options }))
      .digest('hex');
    const id = randomUUID();
    const years = prepared.planned.boards.map((board) => board.year);
    let row: ImportJobRow;
    try {
      row = await jobs.insertRunning({
        id,
        phase: 'posters',
        total: prepared.planned.placeholders.length,
        years,
        publish: options.publish,
        file_sha256: sha256,
        owner,
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw conflict(
        (await jobs.runningFileSha256()) === sha256
          ? 'This file is being imported already: wait for that import to finish.'
          : 'Another import is running: wait for it to finish, then import this file.',
      );
    }
    await jobs.pruneFinished(KEEP_FINISHED);
    const job: LocalJob = { view: toJob(row), controller: new AbortController(), finished: Promise.resolve() };
    local = job;
    job.finished = run(job, prepared).finally(() => {
      if (local === job) local = undefined;
    });
    return { job: job.view, finished: job.finished };
  }

  async function get(id: string): Promise<ImportJob | undefined> {
    if (local?.view.id === id) return local.view;
    await failStale();
    const row = await jobs.byId(id);
    return row === undefined ? undefined : toJob(row);
  }

  return {
    /** Checks the file (400/409), records the job (409 while another runs) and starts it; answers at once. */
    async start(file: ImportFile, options: ImportOptions): Promise<ImportJob> {
      return (await start(file, options)).job;
    },

    /** The same import, waited for (the command line): what it did, or its failure thrown. */
    async run(file: ImportFile, options: ImportOptions): Promise<NonNullable<ImportJob['result']>> {
      const { job, finished } = await start(file, options);
      await finished;
      const outcome = await get(job.id);
      if (outcome?.state === 'done' && outcome.result !== null) return outcome.result;
      const error = outcome?.error ?? FAILED;
      const code = ERROR_CODES.find((known) => known === error.code) ?? 'internal_error';
      throw new AppError(code, error.message);
    },

    get,

    /** The running job, or else the latest one; null when there was none. */
    async latest(): Promise<ImportJob | null> {
      if (local !== undefined) return local.view;
      await failStale();
      const row = await jobs.latest();
      return row === undefined ? null : toJob(row);
    },

    /** Stops this process's import (it writes nothing and is marked failed) and waits for it. */
    async stop(): Promise<void> {
      const job = local;
      if (job === undefined) return;
      job.controller.abort(new ImportStoppedError('the server is stopping'));
      await job.finished;
    },
  };
}

export type ImportJobs = ReturnType<typeof createImportJobs>;
