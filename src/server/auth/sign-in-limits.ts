import type { Db } from '../db/database';
import { createSignInFailureRepository } from './sign-in-failure-repository';

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
  const failures = createSignInFailureRepository(db);
  const taken: string[] = [];
  const release = () => failures.giveBack(taken.splice(0));
  const checks: [string, Limit][] = device !== null ? [[deviceKey(device), SIGN_IN_LIMITS.perDevice]] : [[ipKey(ip), SIGN_IN_LIMITS.perIp]];
  if (device === null && email !== undefined) checks.push([accountKey(email), SIGN_IN_LIMITS.perAccount]);
  for (const [key, limit] of checks) {
    const { count, retryAfterSeconds } = await failures.take(key, limit.windowSeconds);
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
  await createSignInFailureRepository(db).pruneOlderThan(PRUNE_AFTER_SECONDS);
}
