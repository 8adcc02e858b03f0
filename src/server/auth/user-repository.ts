import type { Executor } from '../db/database';

/** A locked account created by the app itself (the owner of demo content): it can never sign in. */
export type LockedAccount = { id: string; name: string; email: string; reason: string };

/**
 * The app's own queries on better-auth's `user` table, in one place (sign-up, passwords and
 * sessions stay with better-auth). Build it over the database or a transaction.
 */
export function createUserRepository(db: Executor) {
  return {
    /** The columns staff administration shows; narrow it further with `.where`/`.orderBy`. */
    selectAccounts() {
      return db.selectFrom('user').select(['id', 'name', 'email', 'phoneNumber', 'role', 'banned', 'createdAt']);
    },

    async idByEmail(email: string): Promise<string | undefined> {
      const row = await db.selectFrom('user').select('id').where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
      return row?.id;
    },

    async promoteToAdmin(id: string): Promise<void> {
      await db.updateTable('user').set({ role: 'admin', updatedAt: new Date() }).where('id', '=', id).execute();
    },

    /** Whether an admin who is not disabled exists. */
    async activeAdminExists(): Promise<boolean> {
      const row = await db
        .selectFrom('user')
        .select('id')
        .where('role', '=', 'admin')
        .where((eb) => eb.or([eb('banned', 'is', null), eb('banned', '=', false)]))
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The earliest admin account (disabled or not). */
    async firstAdminId(): Promise<string | undefined> {
      const row = await db
        .selectFrom('user')
        .select('id')
        .where('role', '=', 'admin')
        .orderBy('createdAt', 'asc')
        .limit(1)
        .executeTakeFirst();
      return row?.id;
    },

    /** Creates a disabled, password-less account unless its id exists. */
    async ensureLockedAccount({ id, name, email, reason }: LockedAccount): Promise<void> {
      await db
        .insertInto('user')
        .values({
          id,
          name,
          email,
          emailVerified: false,
          role: 'staff',
          banned: true,
          banReason: reason,
          createdAt: new Date(),
          updatedAt: new Date(),
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },

    /** Everyone who has at least one clip, by name. */
    async clipOwners(): Promise<{ id: string; name: string }[]> {
      return db
        .selectFrom('user')
        .select(['user.id', 'user.name'])
        .where((eb) => eb.exists(eb.selectFrom('clips').select('clips.id').whereRef('clips.owner_id', '=', 'user.id')))
        .orderBy('user.name')
        .orderBy('user.id')
        .execute();
    },
  };
}
export type UserRepository = ReturnType<typeof createUserRepository>;
