import type { Executor } from './database';

/** The installation's own key/value settings (table app_meta, migration 0001). */
export function createAppMetaRepository(db: Executor) {
  return {
    /** Sets `key` to `value`, replacing what it held. */
    async set(key: string, value: string): Promise<void> {
      await db
        .insertInto('app_meta')
        .values({ key, value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: new Date() }))
        .execute();
    },

    /** Sets `key` to `value` unless it holds something already. */
    async setIfAbsent(key: string, value: string): Promise<void> {
      await db
        .insertInto('app_meta')
        .values({ key, value })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
    },

    async delete(key: string): Promise<void> {
      await db.deleteFrom('app_meta').where('key', '=', key).execute();
    },

    /** Deletes `key` if it holds `value`, in one statement: true for exactly one of concurrent callers. */
    async take(key: string, value: string): Promise<boolean> {
      const taken = await db.deleteFrom('app_meta').where('key', '=', key).where('value', '=', value).returning('key').executeTakeFirst();
      return taken !== undefined;
    },
  };
}
