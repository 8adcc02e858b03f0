import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { createStaff, disableStaff, enableStaff, listStaff, resetStaffPassword } from '../../shared/staff';
import { createAccount, listAccounts, passwordField, resetPassword, setDisabled } from '../auth/accounts';
import { requireUser } from '../auth/guards';
import type { RouteOptions } from '../context';
import { parseInput } from '../http';

const IdParams = z.object({ id: z.string().min(1).max(100) });

/** Staff accounts, admin only: list, create, disable / enable, reset a password. */
export const staffRoutes: FastifyPluginAsync<RouteOptions> = async (app, { ctx }) => {
  const admin = { config: { access: 'admin' as const } };
  const idOf = (params: unknown) => parseInput(IdParams, params, 'account id').id;

  app.get(listStaff.path, admin, async () => ({ items: await listAccounts(ctx) }));

  app.post(createStaff.path, admin, async (request, reply) => {
    return reply.code(201).send(await createAccount(ctx, request.body));
  });

  app.post(disableStaff.path, admin, async (request) => setDisabled(ctx, idOf(request.params), true, requireUser(request).id));

  app.post(enableStaff.path, admin, async (request) => setDisabled(ctx, idOf(request.params), false));

  app.post(resetStaffPassword.path, admin, async (request) => resetPassword(ctx, idOf(request.params), passwordField(request.body)));
};
