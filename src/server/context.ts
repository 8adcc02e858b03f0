import type { Config } from './config';
import type { DatabaseHandle } from './db/database';

/** What route plugins need, built once in buildApp and passed to each plugin as options. */
export type AppContext = {
  config: Config;
  database: DatabaseHandle;
};

export type RouteOptions = { ctx: AppContext };
