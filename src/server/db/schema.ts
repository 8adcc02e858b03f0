import type { ColumnType } from 'kysely';
import type { AuthTables } from '../auth/auth-tables';
import type { BoardTables } from '../boards/board-tables';
import type { ClipTables } from '../clips/clip-tables';
import type { LeagueTables } from '../leagues/league-tables';
import type { OrderTables } from '../orders/order-tables';
import type { ProductTables } from '../products/product-tables';

/**
 * Row types of the tables this app owns, named as in SQL (snake_case, no casing plugin):
 * see docs/decisions/003-sql-naming.md. Feature tables are added here by their migrations.
 * better-auth's own tables ("user", "session", …) are declared in auth/auth-tables.ts.
 */
/** A timestamptz column, optional on insert (it has a default); not for wrapping in Generated<>. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type AppMetaTable = {
  key: string;
  value: string;
  updated_at: Timestamp;
};

export type RateLimitHitsTable = {
  key: string;
  count: number;
  reset_at: Date;
};

type CoreTables = {
  app_meta: AppMetaTable;
  rate_limit_hits: RateLimitHitsTable;
};

/**
 * All tables. Each feature declares its row types in its own module and adds them here with
 * one `&` line (e.g. `& ProductTables`).
 */
export type Database = CoreTables & AuthTables & ProductTables & ClipTables & OrderTables & BoardTables & LeagueTables;
