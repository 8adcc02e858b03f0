import { sql, type Insertable, type Selectable } from 'kysely';
import type { Executor } from '../db/database';
import type { BoardImportJobsTable } from './board-tables';

export type ImportJobRow = Selectable<BoardImportJobsTable>;

type JobError = { code: string; message: string };

/** The board import jobs' rows (migration 0095; decision 194). Every write to a job is guarded by its `running` state. */
export function createImportJobRepository(db: Executor) {
  const running = (id: string) => db.updateTable('board_import_jobs').where('id', '=', id).where('state', '=', 'running');

  return {
    /**
     * Marks failed with `error` every running job not owned by `owner`: all of them (`staleAfterMs`
     * undefined) or those whose heartbeat is older than that. Returns how many.
     */
    async failRunningOfOthers(owner: string, error: JobError, staleAfterMs: number | undefined): Promise<number> {
      let query = db
        .updateTable('board_import_jobs')
        .set({ state: 'failed', finished_at: sql`now()`, error: JSON.stringify(error) })
        .where('state', '=', 'running')
        .where('owner', '<>', owner);
      if (staleAfterMs !== undefined)
        query = query.where('heartbeat_at', '<=', sql<Date>`now() - make_interval(secs => ${staleAfterMs / 1000})`);
      const { numUpdatedRows } = await query.executeTakeFirstOrThrow();
      return Number(numUpdatedRows);
    },

    async touch(id: string): Promise<void> {
      await running(id)
        .set({ heartbeat_at: sql`now()` })
        .execute();
    },

    async progress(id: string, progress: Pick<ImportJobRow, 'phase' | 'done' | 'total'>): Promise<void> {
      await running(id)
        .set({ ...progress, heartbeat_at: sql`now()` })
        .execute();
    },

    /** Marks the job done with its result (in the import's own transaction); false when it no longer runs. */
    async markDone(id: string, total: number, result: unknown): Promise<boolean> {
      const { numUpdatedRows } = await running(id)
        .set({ state: 'done', phase: 'finished', done: total, finished_at: sql`now()`, result: JSON.stringify(result) })
        .executeTakeFirstOrThrow();
      return numUpdatedRows > 0n;
    },

    async markFailed(id: string, error: JobError): Promise<void> {
      await running(id)
        .set({ state: 'failed', finished_at: sql`now()`, error: JSON.stringify(error) })
        .execute();
    },

    /** Records a running job; the unique index on running rows refuses a second one (23505). */
    async insertRunning(values: Omit<Insertable<BoardImportJobsTable>, 'state'>): Promise<ImportJobRow> {
      return db
        .insertInto('board_import_jobs')
        .values({ ...values, state: 'running' })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** The file hash of the running job, if one runs. */
    async runningFileSha256(): Promise<string | undefined> {
      const row = await db.selectFrom('board_import_jobs').select('file_sha256').where('state', '=', 'running').executeTakeFirst();
      return row?.file_sha256;
    },

    /** Deletes finished jobs beyond the `keep` most recent. */
    async pruneFinished(keep: number): Promise<void> {
      await db
        .deleteFrom('board_import_jobs')
        .where('state', '<>', 'running')
        .where('id', 'not in', db.selectFrom('board_import_jobs').select('id').orderBy('started_at', 'desc').limit(keep))
        .execute();
    },

    async byId(id: string): Promise<ImportJobRow | undefined> {
      return db.selectFrom('board_import_jobs').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async latest(): Promise<ImportJobRow | undefined> {
      return db.selectFrom('board_import_jobs').selectAll().orderBy('started_at', 'desc').orderBy('id').limit(1).executeTakeFirst();
    },
  };
}
