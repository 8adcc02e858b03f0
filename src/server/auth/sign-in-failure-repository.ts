import { sql } from 'kysely';
import type { Executor } from '../db/database';

/** Counters of failed sign-ins in fixed windows (table sign_in_failures; the limits are in sign-in-limits.ts). */
export function createSignInFailureRepository(db: Executor) {
  return {
    /**
     * Counts one attempt against `key` in one atomic upsert (a new window when the old one has
     * passed): the new count and the seconds its window has left.
     */
    async take(key: string, windowSeconds: number): Promise<{ count: number; retryAfterSeconds: number }> {
      const expired = sql<boolean>`sign_in_failures.window_start <= now() - make_interval(secs => ${windowSeconds})`;
      const row = await db
        .insertInto('sign_in_failures')
        .values({ key, count: 1 })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`case when ${expired} then 1 else sign_in_failures.count + 1 end`,
            window_start: sql<Date>`case when ${expired} then now() else sign_in_failures.window_start end`,
          }),
        )
        .returning([
          'count',
          sql<number>`greatest(1, ceil(extract(epoch from window_start + make_interval(secs => ${windowSeconds}) - now())))::int`.as(
            'retry_after',
          ),
        ])
        .executeTakeFirstOrThrow();
      return { count: row.count, retryAfterSeconds: row.retry_after };
    },

    /** Takes back one counted attempt from each of `keys`. */
    async giveBack(keys: readonly string[]): Promise<void> {
      if (keys.length === 0) return;
      await db
        .updateTable('sign_in_failures')
        .set({ count: sql<number>`greatest(count - 1, 0)` })
        .where('key', 'in', keys)
        .execute();
    },

    /** Deletes the counters whose window started more than `seconds` ago. */
    async pruneOlderThan(seconds: number): Promise<void> {
      await db
        .deleteFrom('sign_in_failures')
        .where(sql<boolean>`window_start < now() - make_interval(secs => ${seconds})`)
        .execute();
    },
  };
}
