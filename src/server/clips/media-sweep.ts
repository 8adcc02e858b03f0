import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { isMediaKey } from '../media/storage';
import { hasErrnoCode } from '../../shared/errors';

/** Files younger than this may belong to an upload still running in another process. */
const SHARED_GRACE_MS = 60 * 60 * 1000;

/**
 * Start-up sweep of local media: an upload cut short by a crash (kill -9, power loss) can leave
 * a finished file without its clip row, or a `.part` file. Clip rows are written last, so a file
 * that no row names is an orphan. With the embedded database this process is the only writer
 * (the data-directory lock), so every orphan goes; with PostgreSQL other instances may be
 * uploading right now, so only files older than an hour go. S3 buckets are not swept (decision 113).
 */
export async function sweepOrphanMedia(ctx: Pick<AppContext, 'config' | 'database'>, log: FastifyBaseLogger): Promise<void> {
  if (ctx.config.storage.kind !== 'local') return;
  const root = ctx.config.storage.root;
  const graceMs = ctx.database.kind === 'pglite' ? 0 : SHARED_GRACE_MS;
  let entries;
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true });
  } catch (error) {
    if (hasErrnoCode(error, 'ENOENT')) return;
    throw error;
  }
  const rows = await ctx.database.db.selectFrom('clips').select(['video_key', 'screenshot_key']).execute();
  const referenced = new Set(rows.flatMap((row) => [row.video_key, row.screenshot_key]));
  const now = Date.now();
  let removed = 0;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const isPart = entry.name.endsWith('.part');
    if (!isPart && (!isMediaKey(entry.name) || referenced.has(entry.name))) continue;
    const file = path.join(entry.parentPath, entry.name);
    const { mtimeMs } = await stat(file);
    if (now - mtimeMs < graceMs) continue;
    await rm(file, { force: true });
    removed += 1;
  }
  if (removed > 0) log.warn({ removed }, 'removed media files left by interrupted uploads');
}
