import type { FastifyPluginAsync } from 'fastify';
import { getOrderBySession, listOrders, ORDERS_PAGE_SIZE, OrderListQuerySchema, SessionIdSchema } from '../../shared/orders';
import type { RouteOptions } from '../context';
import { notFound } from '../errors';
import { parseInput } from '../http';
import { createOrderRepository, toAdminOrderDto, toOrderSummaryDto } from '../orders/order-repository';

const orderNotFound = () => notFound('We could not find an order for this checkout session.');

export const orderRoutes: FastifyPluginAsync<RouteOptions> = async (app, { ctx }) => {
  const orders = createOrderRepository(ctx.database.db);

  // Public: session ids are long and random, and the summary holds no personal data.
  app.get(getOrderBySession.path, { config: { access: 'public' } }, async (request, reply) => {
    const parsed = SessionIdSchema.safeParse((request.params as { sessionId?: unknown }).sessionId);
    if (!parsed.success) throw orderNotFound();
    const order = await orders.findBySession(parsed.data);
    if (order === undefined) throw orderNotFound();
    // The status changes when the provider confirms the payment: never cache it.
    void reply.header('cache-control', 'no-store');
    return toOrderSummaryDto(order);
  });

  app.get(listOrders.path, { config: { access: 'admin' } }, async (request, reply) => {
    const query = parseInput(OrderListQuerySchema, request.query, 'query');
    const page = await orders.listPage({ page: query.page ?? 1, pageSize: ORDERS_PAGE_SIZE });
    void reply.header('cache-control', 'no-store');
    return { ...page, items: page.items.map(toAdminOrderDto) };
  });
};
