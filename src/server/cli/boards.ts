import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { createBoardImport } from '../boards/board-import';
import { createImportJobs } from '../boards/board-import-jobs';
import type { AppContext } from '../context';
import { fail, openCliDatabase } from './cli-support';
import { migrateToLatest } from '../db/migrate';
import { createStorage } from '../media/create-storage';
import { BOARD_LIMITS, ImportFileSchema, type ImportPreview } from '../../shared/boards';
import { AppError } from '../../shared/errors';
import { parseInput } from '../http';

/**
 * Boards from the command line, on the same database and media storage the server uses (same
 * environment variables). With the embedded database the server must be stopped first.
 *
 *   npm run boards -- export > list.json
 *   npm run boards -- import list.json [--publish] [--overwrite-published]
 */
export const USAGE = `Usage:
  npm run boards -- export > list.json
  npm run boards -- import FILE [--publish] [--overwrite-published]`;

type CliContext = Pick<AppContext, 'database' | 'storage'> & { log?: FastifyBaseLogger };

export class UsageError extends Error {
  override name = 'UsageError';
}

function summary(result: Pick<ImportPreview, 'boards'>): string {
  return result.boards
    .map(
      (board) =>
        `${board.year}: ${board.action} (${board.status})` +
        `, ${board.moviesAdded} movies added, ${board.moviesChanged} changed, ${board.placeholders} placeholder posters` +
        (board.emptySquares.length > 0 ? `, ${board.emptySquares.length} empty squares` : ''),
    )
    .join('\n');
}

/** Runs one command and returns what to print on stdout. Throws UsageError or AppError on bad input. */
export async function runBoardsCommand(ctx: CliContext, argv: string[], now = new Date()): Promise<string> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { publish: { type: 'boolean' }, 'overwrite-published': { type: 'boolean' } },
  });
  const [command, ...rest] = positionals;
  const log = ctx.log ?? pino({ level: 'warn' }, process.stderr);
  const transfer = createBoardImport(ctx.database.db, ctx.storage, log);
  switch (command) {
    case 'export': {
      if (rest.length > 0) throw new UsageError(`Unexpected argument: ${rest.join(' ')}`);
      return JSON.stringify(await transfer.exportFile(now), null, 2);
    }
    case 'import': {
      const [file, ...extra] = rest;
      if (file === undefined) throw new UsageError('Name the file to import.');
      if (extra.length > 0) throw new UsageError(`Unexpected argument: ${extra.join(' ')}`);
      const text = await readFile(file, 'utf8');
      if (Buffer.byteLength(text) > BOARD_LIMITS.importMaxBytes)
        throw new UsageError(`${file} is larger than ${BOARD_LIMITS.importMaxBytes} bytes.`);
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new UsageError(`${file} is not JSON.`);
      }
      const parsed = parseInput(ImportFileSchema, json, 'file');
      // A job like the server's: never beside another import, on whichever database.
      const jobs = createImportJobs({ db: ctx.database.db, transfer, log, alone: ctx.database.kind === 'pglite' });
      const result = await jobs.run(parsed, {
        publish: values.publish === true,
        overwritePublished: values['overwrite-published'] === true,
      });
      return `Imported ${file}:\n${summary(result)}`;
    }
    default:
      throw new UsageError(command === undefined ? 'Missing command' : `Unknown command: ${command}`);
  }
}

/** The message for an expected failure (bad usage, refused input), undefined for a bug. */
function problemMessage(error: unknown): string | undefined {
  if (error instanceof UsageError) return `${error.message}\n${USAGE}`;
  if (error instanceof AppError) {
    const details = Array.isArray(error.details)
      ? (error.details as { message?: unknown }[]).map((issue) => `  ${String(issue.message)}`)
      : [];
    return [error.message, ...details.slice(1)].join('\n');
  }
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  if (error instanceof Error && (code.startsWith('ERR_PARSE_ARGS') || code === 'ENOENT')) return `${error.message}\n${USAGE}`;
  return undefined;
}

async function main(): Promise<void> {
  const { config, database } = await openCliDatabase('the Boards page (/boards)');
  const storage = createStorage(config.storage);
  let problem: string | undefined;
  try {
    await migrateToLatest(database.db);
    process.stdout.write(`${await runBoardsCommand({ database, storage }, process.argv.slice(2))}\n`);
  } catch (error) {
    problem = problemMessage(error);
    if (problem === undefined) throw error;
  } finally {
    await database.close();
    await storage.close();
  }
  if (problem !== undefined) fail(problem);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => fail(`boards: ${error instanceof Error ? error.message : String(error)}`));
}
