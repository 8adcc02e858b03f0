import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { SETUP_LINK_REFUSED, type CheckedSetupBody } from '../../shared/setup';
import type { StaffAccount } from '../../shared/staff';
import type { AppContext } from '../context';
import { createAppMetaRepository } from '../db/app-meta-repository';
import type { Db } from '../db/database';
import { forbidden } from '../../shared/errors';
import { createUserRepository } from './user-repository';
import { AdminBootstrapError, createAccount, ensureAdmin } from './accounts';

/**
 * The first admin of an installation without ADMIN_EMAIL / ADMIN_PASSWORD (decision 070): a
 * random one-time token, logged as a setup link at start; only its SHA-256 is stored (app_meta),
 * it is consumed by the first successful use and deleted as soon as an admin exists.
 */
type SetupContext = Pick<AppContext, 'config' | 'database'>;

const TOKEN_KEY = 'admin_setup_token_sha256';

const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export async function adminExists(db: Db): Promise<boolean> {
  return createUserRepository(db).activeAdminExists();
}

/** A fresh token (any earlier one stops working); the caller shows it once. */
export async function issueSetupToken(db: Db): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await createAppMetaRepository(db).set(TOKEN_KEY, hashOf(token));
  return token;
}

export async function dropSetupToken(db: Db): Promise<void> {
  await createAppMetaRepository(db).delete(TOKEN_KEY);
}

/** Atomically takes the token: true for exactly one caller holding the right token. */
async function consumeToken(db: Db, token: string): Promise<boolean> {
  return createAppMetaRepository(db).take(TOKEN_KEY, hashOf(token));
}

const refused = () => forbidden(SETUP_LINK_REFUSED);

/**
 * POST /api/setup: the first admin account, from a valid unused setup token. The body was checked
 * at the edge (SetupBodySchema), so a typo is refused before the token is spent.
 */
export async function completeFirstAdminSetup(ctx: SetupContext, { token, ...account }: CheckedSetupBody): Promise<StaffAccount> {
  const db = ctx.database.db;
  if (await adminExists(db)) throw refused();
  if (!(await consumeToken(db, token))) throw refused();
  try {
    return await createAccount(ctx, { ...account, role: 'admin' });
  } catch (error) {
    // The account was not created: the link stays usable.
    await createAppMetaRepository(db).setIfAbsent(TOKEN_KEY, hashOf(token));
    throw error;
  }
}

const WARNINGS_LOGGED = new Set(['trace', 'debug', 'info', 'warn']);

/**
 * The one line an operator needs on a fresh install, shown at every LOG_LEVEL but silent: a warning
 * where warnings are logged, else (LOG_LEVEL=error or fatal) written to stderr as it is, since
 * without it nobody can sign in.
 */
function showSetupLink(log: FastifyBaseLogger, line: string, write: (text: string) => void): void {
  if (WARNINGS_LOGGED.has(log.level)) log.warn(line);
  else if (log.level !== 'silent') write(`${line}\n`);
}

const toStderr = (text: string) => {
  process.stderr.write(text);
};

/** The start-up task (bootstrap.ts) around `ensureAdmin`; `write` is where a quiet log's setup link goes. */
export async function ensureAdminTask(ctx: SetupContext, log: FastifyBaseLogger, write: (text: string) => void = toStderr): Promise<void> {
  try {
    const result = await ensureAdmin(ctx);
    if (result?.created === true) log.info({ email: result.email }, 'admin account created');
    const db = ctx.database.db;
    if (await adminExists(db)) {
      await dropSetupToken(db);
    } else {
      const token = await issueSetupToken(db);
      showSetupLink(
        log,
        `NO ADMIN ACCOUNT YET: create the first admin at ${ctx.config.publicUrl}/setup?token=${token} (one-time link, valid until an admin exists)`,
        write,
      );
    }
  } catch (error) {
    // One clear line for the operator before start-up stops.
    if (error instanceof AdminBootstrapError) log.fatal(error.message);
    throw error;
  }
}
