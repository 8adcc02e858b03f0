import { passwordProblem, USER_NOT_FOUND, type CheckedNewAccount, type StaffAccount } from '../../shared/staff';
import type { AppContext } from '../context';
import { internalError, conflict, notFound } from '../../shared/errors';
import { authFor } from './auth';
import { createUserRepository } from './user-repository';

/**
 * Staff accounts: the one path that creates users (Staff page, CLI, admin bootstrap, tests),
 * disables them and resets passwords. Input comes checked: callers parse it with the shared
 * schemas at their edge (NewAccountSchema, PasswordResetSchema), so every password has passed
 * `passwordProblem` before it gets here.
 */
type AccountsContext = Pick<AppContext, 'config' | 'database'>;

type UserRow = {
  id: string;
  name: string;
  email: string;
  phoneNumber: string | null;
  role: string | null;
  banned: boolean | null;
  createdAt: Date;
};

function toStaffAccount(row: UserRow): StaffAccount {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phoneNumber: row.phoneNumber ?? '',
    role: row.role === 'admin' ? 'admin' : 'staff',
    disabled: row.banned === true,
    createdAt: row.createdAt.toISOString(),
  };
}

function selectUsers(ctx: AccountsContext) {
  return createUserRepository(ctx.database.db).selectAccounts();
}

async function findAccount(ctx: AccountsContext, id: string): Promise<StaffAccount | null> {
  const row = await selectUsers(ctx).where('id', '=', id).executeTakeFirst();
  return row === undefined ? null : toStaffAccount(row);
}

async function requireAccount(ctx: AccountsContext, id: string): Promise<StaffAccount> {
  const account = await findAccount(ctx, id);
  if (account === null) throw notFound(USER_NOT_FOUND);
  return account;
}

export async function listAccounts(ctx: AccountsContext): Promise<StaffAccount[]> {
  const rows = await selectUsers(ctx).orderBy('createdAt', 'asc').orderBy('email').execute();
  return rows.map(toStaffAccount);
}

/** Creates an account with a password. Errors: `Password not provided!`, `User can't be found.`. */
export async function createAccount(
  ctx: AccountsContext,
  { name, email, phoneNumber, password, role }: CheckedNewAccount,
): Promise<StaffAccount> {
  const authContext = await (await authFor(ctx)).$context;
  const adapter = authContext.internalAdapter;
  if ((await adapter.findUserByEmail(email)) !== null) throw conflict('An account with this e-mail already exists.');

  const hash = await authContext.password.hash(password);
  const user = await adapter.createUser({ name, email, emailVerified: true, role, phoneNumber }, { method: 'admin' });
  try {
    await adapter.linkAccount({ userId: user.id, providerId: 'credential', accountId: user.id, password: hash });
  } catch (error) {
    await adapter.deleteUser(user.id);
    throw error;
  }
  const created = await findAccount(ctx, user.id);
  if (created === null) throw internalError(USER_NOT_FOUND);
  return created;
}

/** Disabling ends the account's sessions at once; enabling lets it sign in again. */
export async function setDisabled(ctx: AccountsContext, id: string, disabled: boolean, actingUserId?: string): Promise<StaffAccount> {
  await requireAccount(ctx, id);
  if (disabled && id === actingUserId) throw conflict('You cannot disable your own account.');
  const adapter = (await (await authFor(ctx)).$context).internalAdapter;
  await adapter.updateUser(id, { banned: disabled, banReason: disabled ? 'Disabled by an admin' : null, banExpires: null });
  if (disabled) await adapter.deleteUserSessions(id);
  return requireAccount(ctx, id);
}

/** Sets a new password and ends the account's sessions (they were opened with the old one). */
export async function resetPassword(ctx: AccountsContext, id: string, password: string): Promise<StaffAccount> {
  await requireAccount(ctx, id);
  const authContext = await (await authFor(ctx)).$context;
  const adapter = authContext.internalAdapter;
  const hash = await authContext.password.hash(password);
  if ((await adapter.findCredentialAccount(id)) === null) {
    await adapter.linkAccount({ userId: id, providerId: 'credential', accountId: id, password: hash });
  } else {
    await adapter.updatePassword(id, hash);
  }
  await adapter.deleteUserSessions(id);
  return requireAccount(ctx, id);
}

export class AdminBootstrapError extends Error {
  override name = 'AdminBootstrapError';
}

/**
 * Start-up: the admin from ADMIN_EMAIL / ADMIN_PASSWORD exists and has the admin role. An
 * existing account keeps its password. There is no default admin: without these variables the
 * first admin comes from the one-time setup link (first-admin.ts).
 */
export async function ensureAdmin(ctx: AccountsContext): Promise<{ email: string; created: boolean } | null> {
  const { config } = ctx;
  if (config.adminEmail === undefined || config.adminPassword === undefined) return null;
  const credentials = { email: config.adminEmail.toLowerCase(), password: config.adminPassword };

  const problem = passwordProblem(credentials.password);
  if (problem !== null) throw new AdminBootstrapError(`ADMIN_PASSWORD refused: ${problem}`);

  const existing = await selectUsers(ctx).where('email', '=', credentials.email).executeTakeFirst();
  if (existing !== undefined) {
    if (existing.role !== 'admin') {
      await createUserRepository(ctx.database.db).promoteToAdmin(existing.id);
    }
    return { email: credentials.email, created: false };
  }
  await createAccount(ctx, { name: 'Admin', email: credentials.email, phoneNumber: '', password: credentials.password, role: 'admin' });
  return { email: credentials.email, created: true };
}
