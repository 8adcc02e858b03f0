import type { FastifyPluginAsync } from 'fastify';
import { createStaff, disableStaff, enableStaff, listStaff, resetStaffPassword } from '../../shared/staff';
import { createAccount, listAccounts, resetPassword, setDisabled } from '../auth/accounts';
import { requireUser } from '../auth/guards';
import type { RouteOptions } from '../context';
import { route } from '../route';

/** Staff accounts, admin only: list, create, disable / enable, reset a password. */
export const staffRoutes: FastifyPluginAsync<RouteOptions> = async (app, { ctx }) => {
  const admin = { access: 'admin' } as const;

  route(app, listStaff, admin, async () => ({ items: await listAccounts(ctx) }));

  route(app, createStaff, admin, async ({ body }) => createAccount(ctx, body));

  route(app, disableStaff, admin, async ({ params, request }) => setDisabled(ctx, params.id, true, requireUser(request).id));

  route(app, enableStaff, admin, async ({ params }) => setDisabled(ctx, params.id, false));

  route(app, resetStaffPassword, admin, async ({ params, body }) => resetPassword(ctx, params.id, body.password));
};
