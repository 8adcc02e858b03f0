import { readdirSync, type Dirent } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import type { Db } from '../db/database';
import { isMediaKey, type MediaStorage } from '../media/storage';
import { hasErrnoCode } from '../../shared/errors';
import { startPeriodic, type Periodic } from '../periodic';
import { createBoardRepository } from '../boards/board-repository';
import { createClipRepository } from './clip-repository';
import { claimStale, pendingKeys, STALE_AFTER_MS } from './pending-media';

/** Unrecorded local files younger than this may come from a process older than pending_media. */
const SHARED_GRACE_MS = 60 * 60 * 1000;

type SweepContext = Pick<AppContext, 'config' | 'database' | 'storage'>;

/**
 * Every file under `root`, one directory read at a time and synchronously: this runs once, before
 * the server listens, so there is nothing to block. Asynchronous reads went through libuv's thread
 * pool one directory after another: 30–700 ms for the demo's 13 directories at start, depending on
 * the machine's load (and Node 20's `readdir(…, { recursive: true })` took 0.7 s for 23 files).
 */
function filesUnder(root: string): Dirent[] {
  const files: Dirent[] = [];
  const directories = [root];
  for (let directory = directories.pop(); directory !== undefined; directory = directories.pop()) {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      if (entry.isDirectory()) directories.push(path.join(directory, entry.name));
      else if (entry.isFile()) files.push(entry);
    }
  }
  return files;
}

/**
 * Removes the files of pending_media records untouched for `staleAfterMs` (their process died
 * between writing media and committing its row, or between deleting a row and its files), on
 * local disk or S3, then the records. A file that fails to go keeps its record for the next sweep.
 */
export async function sweepStalePendingMedia(db: Db, storage: MediaStorage, log: FastifyBaseLogger, staleAfterMs: number): Promise<number> {
  const { keys, release } = await claimStale(db, staleAfterMs);
  if (keys.length === 0) return 0;
  // A key a clip row names keeps its file, whatever a record says.
  const named = await createClipRepository(db).mediaKeys(keys);
  const gone: string[] = [];
  for (const key of keys) {
    try {
      if (!named.has(key)) await storage.remove(key);
      gone.push(key);
    } catch (error) {
      log.error({ err: error, key }, 'could not remove the media of an interrupted upload; the next sweep retries');
    }
  }
  await release(gone);
  const removed = gone.filter((key) => !named.has(key)).length;
  if (removed > 0) log.warn({ removed }, 'removed media left by interrupted uploads or deletions');
  return removed;
}

/**
 * The local media files the start-up sweep looks at (none with S3). Listed as start-up begins,
 * while the database still opens (bootstrap.ts): the sweep then only asks the database. A file
 * written after the listing is not swept this time, which is always safe.
 */
export function startupMediaFiles(config: AppContext['config']): Dirent[] {
  if (config.storage.kind !== 'local') return [];
  try {
    return filesUnder(config.storage.root);
  } catch (error) {
    if (hasErrnoCode(error, 'ENOENT')) return [];
    throw error;
  }
}

/**
 * Start-up task. First the stale pending_media records (all of them with the embedded database:
 * this process is its only user, the data-directory lock). Then, of the local `files`
 * (startupMediaFiles), those no row names — `.part` files and files from before pending_media
 * existed: every one with the embedded database; with PostgreSQL only those older than an hour
 * that no record holds.
 */
export async function sweepOrphanMedia(
  ctx: SweepContext,
  log: FastifyBaseLogger,
  files: Dirent[] = startupMediaFiles(ctx.config),
): Promise<void> {
  const alone = ctx.database.kind === 'pglite';
  await sweepStalePendingMedia(ctx.database.db, ctx.storage, log, alone ? 0 : STALE_AFTER_MS);
  if (files.length === 0) return;
  const graceMs = alone ? 0 : SHARED_GRACE_MS;
  const db = ctx.database.db;
  const [clips, pending, posters] = await Promise.all([
    createClipRepository(db).mediaKeys(),
    pendingKeys(db),
    createBoardRepository(db).posterMediaKeys(),
  ]);
  const kept = new Set([...clips, ...pending, ...posters]);
  const now = Date.now();
  let removed = 0;
  for (const entry of files) {
    const isPart = entry.name.endsWith('.part');
    if (!isPart && (!isMediaKey(entry.name) || kept.has(entry.name))) continue;
    const file = path.join(entry.parentPath, entry.name);
    let mtimeMs: number;
    try {
      ({ mtimeMs } = await stat(file));
    } catch (error) {
      // Gone since the listing: the stale records' sweep above removed it.
      if (hasErrnoCode(error, 'ENOENT')) continue;
      throw error;
    }
    if (now - mtimeMs < graceMs) continue;
    await rm(file, { force: true });
    removed += 1;
  }
  if (removed > 0) log.warn({ removed }, 'removed media files left by interrupted uploads');
}

/**
 * Every STALE_AFTER_MS, the stale pending_media records of any process (see pending-media.ts).
 * One run at a time; `stop()` clears the timer and waits for a run in progress.
 */
export function startMediaSweep(
  ctx: Pick<AppContext, 'database' | 'storage'>,
  log: FastifyBaseLogger,
  intervalMs = STALE_AFTER_MS,
): Periodic {
  return startPeriodic('media sweep', () => sweepStalePendingMedia(ctx.database.db, ctx.storage, log, STALE_AFTER_MS), intervalMs, log);
}
