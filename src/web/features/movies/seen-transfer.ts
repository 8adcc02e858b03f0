import { PRODUCT_NAME } from '../../../shared/product';
import { array, looseObject, string, union } from '../../lib/first-load-schemas';

/** The exported file: the seen ids with enough context to recognise the file later. */
type ExportFile = { app: typeof PRODUCT_NAME; kind: 'watchedMovies'; exportedAt: string; watchedMovies: string[] };

/**
 * A file we accept: our own export (any object with a `watchedMovies` list of ids), or a bare
 * JSON array of ids (the localStorage format). The first-load validators, not zod: the DB page
 * offers the import, and zod would add ~24 KiB to its first load.
 */
const ImportFileSchema = union(looseObject({ watchedMovies: array(string()) }), array(string()));

export function exportFileContent(ids: readonly string[], now: Date): string {
  const file: ExportFile = {
    app: PRODUCT_NAME,
    kind: 'watchedMovies',
    exportedAt: now.toISOString(),
    watchedMovies: [...ids],
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

export function exportFileName(now: Date): string {
  return `mingo-seen-${now.toISOString().slice(0, 10)}.json`;
}

export type ImportResult =
  { ok: true; merged: string[]; added: string[]; alreadySeen: number; unknown: number } | { ok: false; message: string };

export const INVALID_FILE_MESSAGE =
  'That file is not a MINGO seen list. Choose a .json file exported from MINGO (or a JSON array of movie ids).';

/**
 * Merges an imported seen list into the current one: nothing already marked is ever removed,
 * ids the movie list does not know (and Free Space squares) are skipped and counted.
 */
export function mergeImport(text: string, current: readonly string[], markableIds: ReadonlySet<string>): ImportResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message: INVALID_FILE_MESSAGE };
  }
  const parsed = ImportFileSchema.safeParse(json);
  if (!parsed.success) return { ok: false, message: INVALID_FILE_MESSAGE };

  const incoming = [...new Set(Array.isArray(parsed.data) ? parsed.data : parsed.data.watchedMovies)];
  const have = new Set(current);
  const added: string[] = [];
  let alreadySeen = 0;
  let unknown = 0;
  for (const id of incoming) {
    if (!markableIds.has(id)) unknown++;
    else if (have.has(id)) alreadySeen++;
    else added.push(id);
  }
  return { ok: true, merged: [...current, ...added], added, alreadySeen, unknown };
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

export function importSummary(result: Extract<ImportResult, { ok: true }>): string {
  const parts = [result.added.length === 0 ? 'No new movies to add' : `Added ${plural(result.added.length, 'movie')} to your seen list`];
  if (result.alreadySeen > 0) parts.push(`${plural(result.alreadySeen, 'movie')} already marked`);
  if (result.unknown > 0) parts.push(`${plural(result.unknown, 'unknown entry', 'unknown entries')} skipped`);
  return `${parts.join('; ')}.`;
}
