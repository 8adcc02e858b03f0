import path from 'node:path';

export const DEFAULT_DATA_DIR = './data';

/**
 * The PGlite data directory loadConfig (config.ts) will give for `env`, or undefined when
 * DATABASE_URL is set. Without zod, so that server.ts can start opening the database before the
 * configuration's modules load (decision 208); as in loadConfig, an empty value means "not set".
 */
export function pgliteDataDirOf(env: NodeJS.ProcessEnv): string | undefined {
  const set = (value: string | undefined) => (value === '' ? undefined : value);
  if (set(env.DATABASE_URL) !== undefined) return undefined;
  return path.resolve(set(env.DATA_DIR) ?? DEFAULT_DATA_DIR);
}
