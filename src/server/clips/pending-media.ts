import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../db/database';
import type { MediaStorage } from '../media/storage';

/**
 * Media files that may exist without a clip row naming them are recorded in `pending_media`, in
 * the same database as the clips, for as long as that is so: an upload records its keys before it
 * writes the files and drops the records in the transaction that commits its clip row; a deletion
 * records the keys in the transaction that deletes the row and drops them once the files are gone.
 * A process killed in between leaves records behind, and the media sweep (media-sweep.ts) removes
 * the files they name — on local disk and on S3 alike, whichever process runs it (decision 113).
 *
 * Each record has an owner (one per batch) and a heartbeat: a live batch touches its records every
 * HEARTBEAT_MS, so a record untouched for STALE_AFTER_MS belongs to a process that died. A sweep
 * takes a stale record over (owner and touch) before removing its files, and a batch commits only
 * records it still owns, so a clip row never names a file a sweep has removed.
 */
export const HEARTBEAT_MS = 10_000;
/** Six missed heartbeats; also far beyond the 15 s a live upload may stay silent (IDLE_TIMEOUT_MS). */
export const STALE_AFTER_MS = 60_000;

const ownerName = () => `${os.hostname()}/${process.pid}/${randomUUID()}`;

export class PendingMediaLostError extends Error {
  constructor(keys: string[]) {
    super(`The media sweep took over ${keys.join(', ')} before the clip was committed`);
    this.name = 'PendingMediaLostError';
  }
}

export type PendingBatch = {
  /** Records keys (before their files are written, or in the transaction that deletes their clip row). */
  add(keys: string[], executor?: Executor): Promise<void>;
  /**
   * Inside the transaction that commits the rows naming every added key: drops the records. Throws
   * PendingMediaLostError (so the transaction rolls back) when a sweep took any of them over.
   */
  commit(executor: Executor): Promise<void>;
  /** The keys added so far. */
  keys(): string[];
  /** Once the files are gone: drops the records. */
  release(): Promise<void>;
  /** Stops the heartbeat; call once, whatever happened. */
  end(): void;
};

/** A batch of keys this process owns until it commits or releases them. */
export function beginPendingBatch(db: Db, log: FastifyBaseLogger): PendingBatch {
  const owner = ownerName();
  const keys: string[] = [];
  const timer = setInterval(() => {
    db.updateTable('pending_media')
      .set({ touched_at: sql`now()` })
      .where('owner', '=', owner)
      .execute()
      .catch((error: unknown) => log.warn({ err: error }, 'could not refresh the pending media records of this process'));
  }, HEARTBEAT_MS);
  timer.unref();

  return {
    async add(added, executor = db) {
      if (added.length === 0) return;
      await executor
        .insertInto('pending_media')
        .values(added.map((key) => ({ key, owner })))
        .execute();
      keys.push(...added);
    },
    async commit(executor) {
      if (keys.length === 0) return;
      const dropped = await executor
        .deleteFrom('pending_media')
        .where('owner', '=', owner)
        .where('key', 'in', keys)
        .returning('key')
        .execute();
      if (dropped.length !== keys.length) {
        const kept = new Set(dropped.map((row) => row.key));
        throw new PendingMediaLostError(keys.filter((key) => !kept.has(key)));
      }
    },
    keys: () => [...keys],
    release: () => dropOwned(db, owner, keys),
    end() {
      clearInterval(timer);
    },
  };
}

async function dropOwned(db: Db, owner: string, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.deleteFrom('pending_media').where('owner', '=', owner).where('key', 'in', keys).execute();
}

/** The keys every record holds, whatever process owns it. */
export async function pendingKeys(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('pending_media').select('key').execute();
  return rows.map((row) => row.key);
}

/**
 * Takes over every record untouched for `staleAfterMs` (0: all of them), in one statement, so two
 * sweeps never take the same record. The caller removes the files and then calls `release()`.
 */
export async function claimStale(db: Db, staleAfterMs: number): Promise<{ keys: string[]; release: (keys: string[]) => Promise<void> }> {
  const owner = ownerName();
  const rows = await db
    .updateTable('pending_media')
    .set({ owner, touched_at: sql`now()` })
    .where('touched_at', '<=', sql<Date>`now() - make_interval(secs => ${staleAfterMs / 1000})`)
    .returning('key')
    .execute();
  return { keys: rows.map((row) => row.key), release: (keys) => dropOwned(db, owner, keys) };
}

/**
 * Removes the files of every key in `batch`, then its records. Never throws: a file that will not
 * go is logged and keeps its record, so the media sweep removes it later.
 */
export async function removeBatchFiles(batch: PendingBatch, storage: MediaStorage, log: FastifyBaseLogger): Promise<void> {
  let allGone = true;
  for (const key of batch.keys()) {
    await storage.remove(key).catch((error: unknown) => {
      allGone = false;
      log.error({ err: error, key }, 'could not remove a media file; the media sweep will');
    });
  }
  if (!allGone) return;
  await batch.release().catch((error: unknown) => {
    log.warn({ err: error }, 'could not drop pending media records; the media sweep will');
  });
}
