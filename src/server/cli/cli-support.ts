import { ConfigError, loadConfig, type Config } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { DataDirLockedError } from '../db/lock';

/** Ends a command-line tool with a message on stderr and exit code 1. */
export function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/**
 * The configuration and database of a command-line tool, as the server would open them. A bad
 * configuration, or an embedded database the running server holds, ends the tool with a message
 * (`page` names where the same work is done in the browser meanwhile, e.g. "the Staff page (/staff)").
 */
export async function openCliDatabase(page: string): Promise<{ config: Config; database: DatabaseHandle }> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  try {
    return { config, database: await openDatabase(config) };
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      fail(`${error.message}\nThe embedded database can only be opened by one process: stop the server, or use ${page} while it runs.`);
    }
    throw error;
  }
}
