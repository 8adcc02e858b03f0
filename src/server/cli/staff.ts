import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createAccount, listAccounts, resetPassword, setDisabled } from '../auth/accounts';
import { createUserRepository } from '../auth/user-repository';
import type { AppContext } from '../context';
import { fail, openCliDatabase } from './cli-support';
import { migrateToLatest } from '../db/migrate';
import { AppError, notFound } from '../../shared/errors';
import { formMessage, NewAccountSchema, PasswordResetSchema } from '../../shared/staff';
import { parseInput } from '../http';

/**
 * Staff accounts from the command line, on the same database the server uses (same
 * environment variables). With the embedded database the server must be stopped first.
 *
 *   npm run staff -- add --name "Ann" --email ann@example.com --phone 555-0100 --password … --role staff
 *   npm run staff -- list
 *   npm run staff -- disable --email ann@example.com      (and: enable)
 *   npm run staff -- reset-password --email ann@example.com --password …
 */
export const USAGE = `Usage:
  npm run staff -- add --name NAME --email EMAIL [--phone PHONE] --password PASSWORD [--role staff|admin]
  npm run staff -- list
  npm run staff -- disable --email EMAIL
  npm run staff -- enable --email EMAIL
  npm run staff -- reset-password --email EMAIL --password PASSWORD`;

type CliContext = Pick<AppContext, 'config' | 'database'>;

export class UsageError extends Error {
  override name = 'UsageError';
}

async function idByEmail(ctx: CliContext, email: string | undefined): Promise<string> {
  if (email === undefined) throw new UsageError('--email is required');
  const id = await createUserRepository(ctx.database.db).idByEmail(email);
  if (id === undefined) throw notFound(`No account with the e-mail ${email}.`);
  return id;
}

/** Runs one command and returns what to print. Throws UsageError or AppError on bad input. */
export async function runStaffCommand(ctx: CliContext, argv: string[]): Promise<string> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      email: { type: 'string' },
      phone: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string' },
    },
  });
  const [command, ...rest] = positionals;
  if (rest.length > 0) throw new UsageError(`Unexpected argument: ${rest.join(' ')}`);

  switch (command) {
    case 'add': {
      const input = {
        name: values.name ?? '',
        email: values.email ?? '',
        phoneNumber: values.phone ?? '',
        password: values.password,
        role: values.role ?? 'staff',
      };
      const account = await createAccount(ctx, parseInput(NewAccountSchema, input, 'account', formMessage));
      return `Created ${account.role} account ${account.email} (${account.name}).`;
    }
    case 'list': {
      const accounts = await listAccounts(ctx);
      if (accounts.length === 0) return 'No accounts yet.';
      return accounts
        .map((a) => `${a.email}\t${a.name}\t${a.role}${a.disabled ? '\tdisabled' : ''}${a.phoneNumber === '' ? '' : `\t${a.phoneNumber}`}`)
        .join('\n');
    }
    case 'disable':
    case 'enable': {
      const account = await setDisabled(ctx, await idByEmail(ctx, values.email), command === 'disable');
      return `${account.email} is ${account.disabled ? 'disabled; its sessions have ended' : 'enabled'}.`;
    }
    case 'reset-password': {
      const { password } = parseInput(PasswordResetSchema, { password: values.password }, 'password', formMessage);
      const account = await resetPassword(ctx, await idByEmail(ctx, values.email), password);
      return `New password set for ${account.email}; its sessions have ended.`;
    }
    default:
      throw new UsageError(command === undefined ? 'Missing command' : `Unknown command: ${command}`);
  }
}

async function main(): Promise<void> {
  const { config, database } = await openCliDatabase('the Staff page (/staff)');
  let problem: string | undefined;
  try {
    await migrateToLatest(database.db);
    process.stdout.write(`${await runStaffCommand({ config, database }, process.argv.slice(2))}\n`);
  } catch (error) {
    problem = problemMessage(error);
    if (problem === undefined) throw error;
  } finally {
    await database.close();
  }
  if (problem !== undefined) fail(problem);
}

/** The message for an expected failure (bad usage, refused input), undefined for a bug. */
function problemMessage(error: unknown): string | undefined {
  if (error instanceof UsageError) return `${error.message}\n${USAGE}`;
  if (error instanceof AppError) return error.message;
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  if (error instanceof Error && code.startsWith('ERR_PARSE_ARGS')) return `${error.message}\n${USAGE}`;
  return undefined;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => fail(`staff: ${error instanceof Error ? error.message : String(error)}`));
}
