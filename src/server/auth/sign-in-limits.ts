import { sql } from 'kysely';
import type { Db } from '../db/database';

/**
 * Brute-force limits on failed sign-ins, counted in the database (shared by every app process)
 * in fixed windows. Only failures count, so colleagues behind one office IP who type their
 * password right are never locked out by the IP limit.
 */
export const SIGN_IN_LIMITS = {
  perIp: { max: 20, windowSeconds: 15 * 60 },
  perAccount: { max: 100, windowSeconds: 60 * 60 },
} as const;

export const TOO_MANY_FAILURES = 'Too many failed sign-in attempts. Please wait a while and try again.';

type Limit = { max: number; windowSeconds: number };

const ipKey = (ip: string) => `ip:${ip}`;
const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;

async function failuresInWindow(db: Db, key: string, limit: Limit): Promise<number> {
  const row = await db
    .selectFrom('sign_in_failures')
    .select('count')
    .where('key', '=', key)
    .where(sql<boolean>`window_start > now() - make_interval(secs => ${limit.windowSeconds})`)
    .executeTakeFirst();
  return row?.count ?? 0;
}

async function addFailure(db: Db, key: string, limit: Limit): Promise<void> {
  const expired = sql<boolean>`sign_in_failures.window_start <= now() - make_interval(secs => ${limit.windowSeconds})`;
  await db
    .insertInto('sign_in_failures')
    .values({ key, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when ${expired} then 1 else sign_in_failures.count + 1 end`,
        window_start: sql<Date>`case when ${expired} then now() else sign_in_failures.window_start end`,
      }),
    )
    .execute();
}

/** True when this client IP or this account has used up its failed attempts. */
export async function signInBlocked(db: Db, ip: string, email: string | undefined): Promise<boolean> {
  if ((await failuresInWindow(db, ipKey(ip), SIGN_IN_LIMITS.perIp)) >= SIGN_IN_LIMITS.perIp.max) return true;
  if (email === undefined) return false;
  return (await failuresInWindow(db, accountKey(email), SIGN_IN_LIMITS.perAccount)) >= SIGN_IN_LIMITS.perAccount.max;
}

/** Counts a failed sign-in for the IP and for the account (known or not: the answer is the same). */
export async function recordSignInFailure(db: Db, ip: string, email: string | undefined): Promise<void> {
  await addFailure(db, ipKey(ip), SIGN_IN_LIMITS.perIp);
  if (email !== undefined) await addFailure(db, accountKey(email), SIGN_IN_LIMITS.perAccount);
}
