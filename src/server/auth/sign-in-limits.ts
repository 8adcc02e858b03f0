import { sql } from 'kysely';
import type { Db } from '../db/database';

/**
 * Brute-force limits on failed sign-ins, counted in the database (shared by every app process)
 * in fixed windows. Only failures count, so colleagues behind one office IP who type their
 * password right are never locked out by the IP limit. A browser with a valid device cookie for
 * the account (device-cookie.ts) has its own small limit instead of the account's and the IP's,
 * so failures from elsewhere (another account, the same office NAT) cannot lock the owner out
 * (decisions 070, 171).
 *
 * Each attempt first takes a slot with one atomic upsert (so parallel failures cannot overshoot
 * a limit) and gives it back unless the attempt failed.
 */
export const SIGN_IN_LIMITS = {
  perIp: { max: 20, windowSeconds: 15 * 60 },
  perAccount: { max: 100, windowSeconds: 60 * 60 },
  perDevice: { max: 10, windowSeconds: 60 * 60 },
} as const;

/** Rows older than this (well past the longest window) are deleted when failures are counted. */
const PRUNE_AFTER_SECONDS = 24 * 60 * 60;

export const TOO_MANY_FAILURES = 'Too many failed sign-in attempts. Please wait a while and try again.';

type Limit = { max: number; windowSeconds: number };

const ipKey = (ip: string) => `ip:${ip}`;
const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
const deviceKey = (device: string) => `device:${device}`;

/** Counts one attempt against `key` (a new window when the old one has passed): the new count and the seconds its window has left. */
async function takeSlot(db: Db, key: string, limit: Limit): Promise<{ count: number; retryAfterSeconds: number }> {
  const expired = sql<boolean>`sign_in_failures.window_start <= now() - make_interval(secs => ${limit.windowSeconds})`;
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
      sql<number>`greatest(1, ceil(extract(epoch from window_start + make_interval(secs => ${limit.windowSeconds}) - now())))::int`.as(
        'retry_after',
      ),
    ])
    .executeTakeFirstOrThrow();
  return { count: row.count, retryAfterSeconds: row.retry_after };
}

async function giveBack(db: Db, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .updateTable('sign_in_failures')
    .set({ count: sql<number>`greatest(count - 1, 0)` })
    .where('key', 'in', keys)
    .execute();
}

export type SignInAttempt = {
  blocked: boolean;
  /** When blocked: the seconds until the window that blocks it ends (the Retry-After). */
  retryAfterSeconds: number;
  /** The attempt succeeded (or was not a password failure): its slots are given back. */
  release: () => Promise<void>;
};

/**
 * Takes this attempt's slots: the device alone (a valid device cookie for this account), else the
 * client IP and the account. Blocked when any is over its limit; a blocked attempt is not counted.
 */
export async function beginSignIn(db: Db, ip: string, email: string | undefined, device: string | null): Promise<SignInAttempt> {
  const taken: string[] = [];
  const release = () => giveBack(db, taken.splice(0));
  const checks: [string, Limit][] = device !== null ? [[deviceKey(device), SIGN_IN_LIMITS.perDevice]] : [[ipKey(ip), SIGN_IN_LIMITS.perIp]];
  if (device === null && email !== undefined) checks.push([accountKey(email), SIGN_IN_LIMITS.perAccount]);
  for (const [key, limit] of checks) {
    const { count, retryAfterSeconds } = await takeSlot(db, key, limit);
    taken.push(key);
    if (count > limit.max) {
      await release();
      return { blocked: true, retryAfterSeconds, release };
    }
  }
  return { blocked: false, retryAfterSeconds: 0, release };
}

/** Deletes counters whose window ended long ago (called after a failure is counted). */
export async function pruneSignInFailures(db: Db): Promise<void> {
  await db
    .deleteFrom('sign_in_failures')
    .where(sql<boolean>`window_start < now() - make_interval(secs => ${PRUNE_AFTER_SECONDS})`)
    .execute();
}
